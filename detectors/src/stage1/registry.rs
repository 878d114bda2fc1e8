//! Tool schema registry: operator-provided schemas, for telemetry that carries only tool names.
//!
//! A [`StaticRegistry`] is built from parsed JSON documents (the collector reads the files and
//! hot-reloads them; this module does no I/O). Each document is one of:
//!
//! - an **OpenAPI 3** document (`"openapi": "3.x"`): every operation with an `operationId`
//!   becomes a tool (see [`super::openapi`]);
//! - **tool definitions**: `{"name", "parameters"}` (OpenAI function / BFCL),
//!   `{"type": "function", "function": {...}}`, `{"name", "input_schema"}` (Anthropic),
//!   `{"name", "inputSchema"}` (MCP), an array of those, or `{"tools": [...]}`;
//! - a **JSON Schema** of one tool's arguments, registered under `x-tool-name` if present,
//!   else under the file name without `.json` and under its `title`.
//!
//! OpenAPI and tool-definition schemas are *loose*: the non-standard type names common in
//! function-calling datasets and OpenAPI 3.0 (`dict`, `float`, `tuple`, `any`, Java and
//! JavaScript types, `nullable`, boolean `exclusiveMinimum`) are mapped to JSON Schema
//! ([`loosen`]). Plain JSON Schema files are taken as written: a schema that does not compile
//! there is the operator's error and is reported, and its tool's calls are `unverified`.

use serde_json::{Map, Value as J};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// One tool's argument schema as registered.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolSchema {
    pub tool: String,
    pub schema: Arc<J>,
    /// Structural hash of `schema` (the compile-cache key).
    pub hash: u64,
    /// Where it came from (file path, `path#operationId`).
    pub source: String,
}

impl ToolSchema {
    pub fn new(tool: impl Into<String>, schema: J, source: impl Into<String>) -> ToolSchema {
        let hash = schema_hash(&schema);
        ToolSchema {
            tool: tool.into(),
            schema: Arc::new(schema),
            hash,
            source: source.into(),
        }
    }
}

/// Source of operator-provided schemas. Implementations must be cheap and non-blocking
/// (called for every tool call without a schema in its run).
pub trait SchemaRegistry: Send + Sync {
    fn get(&self, tool: &str) -> Option<Arc<ToolSchema>>;
}

/// An immutable set of tool schemas.
#[derive(Debug, Default, Clone)]
pub struct StaticRegistry {
    tools: HashMap<String, Arc<ToolSchema>>,
    /// Notes from building it (duplicates, skipped operations), for the operator's log.
    pub warnings: Vec<String>,
}

impl SchemaRegistry for StaticRegistry {
    fn get(&self, tool: &str) -> Option<Arc<ToolSchema>> {
        self.tools.get(tool).cloned()
    }
}

impl StaticRegistry {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.tools.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    /// Registered tools, sorted by name.
    pub fn tools(&self) -> Vec<Arc<ToolSchema>> {
        let mut v: Vec<_> = self.tools.values().cloned().collect();
        v.sort_by(|a, b| a.tool.cmp(&b.tool));
        v
    }

    /// Register one schema; a later registration of the same tool replaces the earlier one
    /// (noted in `warnings`).
    pub fn insert(&mut self, tool: &str, schema: J, source: &str) {
        if let Some(old) = self.tools.get(tool) {
            if old.source != source {
                self.warnings.push(format!(
                    "tool {tool:?} defined in {} and {source}; using {source}",
                    old.source
                ));
            }
        }
        self.tools.insert(
            tool.to_owned(),
            Arc::new(ToolSchema::new(tool, schema, source)),
        );
    }

    /// Add the tools of one parsed document. `source` names it in messages; `stem` is the file
    /// name without extension (the tool name of a bare JSON Schema). Returns the tools added.
    pub fn add_document(
        &mut self,
        source: &str,
        stem: &str,
        doc: &J,
    ) -> Result<Vec<String>, String> {
        let mut added = Vec::new();
        if let Some(version) = doc.get("openapi") {
            let v = version.as_str().unwrap_or("");
            if !v.starts_with('3') {
                return Err(format!(
                    "{source}: OpenAPI version {version} is not supported (3.x only)"
                ));
            }
            let (ops, notes) = super::openapi::operations(doc);
            self.warnings
                .extend(notes.into_iter().map(|n| format!("{source}: {n}")));
            for (name, schema) in ops {
                self.insert(&name, schema, &format!("{source}#{name}"));
                added.push(name);
            }
            return Ok(added);
        }
        if doc.get("swagger").is_some() {
            return Err(format!(
                "{source}: Swagger 2.0 is not supported; convert to OpenAPI 3"
            ));
        }
        let defs = tool_definitions(doc);
        if !defs.is_empty() {
            for (name, schema) in defs {
                self.insert(&name, loosen(schema), source);
                added.push(name);
            }
            return Ok(added);
        }
        if !doc.is_object() && !doc.is_boolean() {
            return Err(format!(
                "{source}: neither a JSON Schema, tool definitions nor an OpenAPI 3 document"
            ));
        }
        if let Some(name) = doc.get("x-tool-name").and_then(J::as_str) {
            self.insert(name, doc.clone(), source);
            added.push(name.to_owned());
            return Ok(added);
        }
        if !stem.is_empty() {
            self.insert(stem, doc.clone(), source);
            added.push(stem.to_owned());
        }
        if let Some(title) = doc.get("title").and_then(J::as_str) {
            if title != stem && !title.trim().is_empty() {
                self.insert(title, doc.clone(), source);
                added.push(title.to_owned());
            }
        }
        Ok(added)
    }
}

/// (name, parameters schema) of tool-definition documents; empty when `doc` is not one.
pub fn tool_definitions(doc: &J) -> Vec<(String, J)> {
    fn one(d: &J) -> Option<(String, J)> {
        let d = if d.get("type").and_then(J::as_str) == Some("function") {
            d.get("function").unwrap_or(d)
        } else {
            d
        };
        let name = d.get("name")?.as_str()?;
        let params = d
            .get("parameters")
            .or_else(|| d.get("input_schema"))
            .or_else(|| d.get("inputSchema"))?;
        // A JSON Schema that merely has a property called "name" is not a tool definition.
        if d.get("properties").is_some() || d.get("$schema").is_some() {
            return None;
        }
        Some((name.to_owned(), params.clone()))
    }
    match doc {
        J::Array(a) => {
            let v: Vec<_> = a.iter().filter_map(one).collect();
            if v.len() == a.len() {
                v
            } else {
                Vec::new()
            }
        }
        J::Object(o) => match o.get("tools").or_else(|| o.get("functions")) {
            Some(J::Array(a)) if !a.is_empty() && o.get("properties").is_none() => {
                a.iter().filter_map(one).collect()
            }
            _ => one(doc).into_iter().collect(),
        },
        _ => Vec::new(),
    }
}

/// Map non-standard type names to JSON Schema (loose mode): `dict`/`HashMap`/… → `object`,
/// `float`/`double` → `number`, `int`/`long`/… → `integer`, `tuple`/`list`/`ArrayList`/… →
/// `array`, `String`/`char` → `string`, `Boolean` → `boolean`, `any` and unknown names → no
/// type constraint; OpenAPI 3.0's `nullable: true` → `null` added to the type, boolean
/// `exclusiveMinimum`/`exclusiveMaximum` → the numeric form. A documented `default` is always
/// acceptable (`default: null` → nullable; a default outside `enum` joins it), and an `enum`
/// on an array-typed value constrains its items.
pub fn loosen(mut schema: J) -> J {
    loosen_in_place(&mut schema);
    schema
}

/// The JSON type a non-standard type name stands for (`None`: no constraint).
pub fn loose_type(name: &str) -> Option<&'static str> {
    Some(match name.to_ascii_lowercase().as_str() {
        "object" | "dict" | "hashmap" | "map" | "hashtable" | "treemap" | "linkedhashmap"
        | "record" | "struct" => "object",
        "number" | "float" | "double" | "decimal" | "bigdecimal" | "real" => "number",
        "integer" | "int" | "long" | "short" | "byte" | "biginteger" | "bigint" | "int32"
        | "int64" | "uint" => "integer",
        "array" | "tuple" | "list" | "arraylist" | "linkedlist" | "set" | "hashset" | "vector"
        | "collection" | "sequence" => "array",
        "string" | "str" | "char" | "character" | "charsequence" | "text" => "string",
        "boolean" | "bool" => "boolean",
        "null" | "none" => "null",
        _ => return None,
    })
}

const SCHEMA_MAPS: &[&str] = &[
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
];
const SCHEMA_ONE: &[&str] = &[
    "items",
    "additionalProperties",
    "additionalItems",
    "not",
    "contains",
    "propertyNames",
    "if",
    "then",
    "else",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
];
const SCHEMA_LISTS: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems", "items"];

fn loosen_in_place(s: &mut J) {
    let J::Object(o) = s else { return };
    let nullable = o.remove("nullable").is_some_and(|n| n == J::Bool(true));
    match o.get("type").cloned() {
        Some(J::String(t)) => match loose_type(&t) {
            Some(jt) if nullable && jt != "null" => {
                o.insert(
                    "type".into(),
                    J::Array(vec![J::String(jt.into()), J::String("null".into())]),
                );
            }
            Some(jt) => {
                o.insert("type".into(), J::String(jt.into()));
            }
            None => {
                o.remove("type");
            }
        },
        Some(J::Array(ts)) => {
            let mut mapped: Vec<J> = Vec::new();
            let mut any = false;
            for t in ts.iter().filter_map(J::as_str) {
                match loose_type(t) {
                    Some(jt) => {
                        if !mapped.contains(&J::String(jt.into())) {
                            mapped.push(J::String(jt.into()));
                        }
                    }
                    None => any = true,
                }
            }
            if nullable && !mapped.contains(&J::String("null".into())) {
                mapped.push(J::String("null".into()));
            }
            if any || mapped.is_empty() {
                o.remove("type");
            } else {
                o.insert("type".into(), J::Array(mapped));
            }
        }
        Some(_) => {
            o.remove("type");
        }
        None => {}
    }
    for (flag, bound) in [
        ("exclusiveMinimum", "minimum"),
        ("exclusiveMaximum", "maximum"),
    ] {
        if let Some(J::Bool(b)) = o.get(flag).cloned() {
            o.remove(flag);
            if b {
                if let Some(v) = o.remove(bound) {
                    o.insert(flag.into(), v);
                }
            }
        }
    }
    // A documented default is an acceptable value: `default: null` makes the type nullable
    // (Python `Optional[...] = None`), a default outside the enum joins it.
    if o.get("default") == Some(&J::Null) {
        match o.get_mut("type") {
            Some(J::String(t)) if t != "null" => {
                let t = std::mem::take(t);
                o.insert(
                    "type".into(),
                    J::Array(vec![J::String(t), J::String("null".into())]),
                );
            }
            Some(J::Array(a)) if !a.contains(&J::String("null".into())) => {
                a.push(J::String("null".into()))
            }
            _ => {}
        }
    }
    // An `enum` of scalars on an array-typed value lists the allowed items.
    if o.get("type") == Some(&J::String("array".into()))
        && o.get("enum")
            .and_then(J::as_array)
            .is_some_and(|e| e.iter().all(|v| !v.is_array() && !v.is_object()))
    {
        let e = o.remove("enum").unwrap_or_default();
        match o.entry("items").or_insert_with(|| J::Object(obj())) {
            J::Object(items) if !items.contains_key("enum") => {
                items.insert("enum".into(), e);
            }
            _ => {}
        }
    }
    if let (Some(d), Some(J::Array(e))) = (o.get("default").cloned(), o.get_mut("enum")) {
        if !e.contains(&d) && !d.is_null() {
            e.push(d);
        }
    }
    // `required: true` on a property (draft 3 / some generators) is not an array: drop it.
    if o.get("required").is_some_and(|r| !r.is_array()) {
        o.remove("required");
    }
    for k in SCHEMA_MAPS {
        if let Some(J::Object(m)) = o.get_mut(*k) {
            for v in m.values_mut() {
                loosen_in_place(v);
            }
        }
    }
    for k in SCHEMA_ONE {
        if let Some(v @ J::Object(_)) = o.get_mut(*k) {
            loosen_in_place(v);
        }
    }
    for k in SCHEMA_LISTS {
        if let Some(J::Array(a)) = o.get_mut(*k) {
            for v in a.iter_mut() {
                loosen_in_place(v);
            }
        }
    }
}

/// Structural hash of a JSON value (object keys in order of the map). Allocation-free and
/// fast (an Fx-style multiply-rotate hash): it runs once per run and tool on the inline path.
pub fn schema_hash(v: &J) -> u64 {
    let mut h = FxHasher(0x243f_6a88_85a3_08d3);
    hash_json(v, &mut h);
    h.finish()
}

struct FxHasher(u64);

impl FxHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().unwrap_or([0; 8])));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(b));
        }
        self.add(bytes.len() as u64);
    }
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
}

fn hash_json<H: Hasher>(v: &J, h: &mut H) {
    match v {
        J::Null => 0u8.hash(h),
        J::Bool(b) => (1u8, *b).hash(h),
        J::Number(n) => {
            2u8.hash(h);
            match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => (0u8, u).hash(h),
                (None, Some(i)) => (1u8, i).hash(h),
                _ => (2u8, n.as_f64().unwrap_or(0.0).to_bits()).hash(h),
            }
        }
        J::String(s) => (3u8, s).hash(h),
        J::Array(a) => {
            (4u8, a.len()).hash(h);
            for x in a {
                hash_json(x, h);
            }
        }
        J::Object(o) => {
            (5u8, o.len()).hash(h);
            for (k, x) in o {
                k.hash(h);
                hash_json(x, h);
            }
        }
    }
}

pub(crate) fn obj() -> Map<String, J> {
    Map::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_schema_document_by_stem_title_and_x_tool_name() {
        let mut r = StaticRegistry::new();
        let added = r
            .add_document(
                "s/get_order.json",
                "get_order",
                &json!({"title": "GetOrder", "type": "object"}),
            )
            .unwrap();
        assert_eq!(added, vec!["get_order", "GetOrder"]);
        let added = r
            .add_document(
                "s/x.json",
                "x",
                &json!({"x-tool-name": "refund", "type": "object"}),
            )
            .unwrap();
        assert_eq!(added, vec!["refund"]);
        assert!(r.get("refund").is_some() && r.get("x").is_none());
    }

    #[test]
    fn tool_definition_documents_are_loosened() {
        let mut r = StaticRegistry::new();
        let doc = json!([{"name": "calc", "parameters": {"type": "dict", "properties": {"x": {"type": "float"}, "xs": {"type": "tuple", "items": {"type": "Long"}}, "a": {"type": "any"}}}},
                         {"type": "function", "function": {"name": "f2", "parameters": {"type": "object"}}}]);
        assert_eq!(
            r.add_document("t.json", "t", &doc).unwrap(),
            vec!["calc", "f2"]
        );
        let s = r.get("calc").unwrap();
        assert_eq!(
            *s.schema,
            json!({"type": "object", "properties": {"x": {"type": "number"}, "xs": {"type": "array", "items": {"type": "integer"}}, "a": {}}})
        );
        let mcp = json!({"tools": [{"name": "m", "inputSchema": {"type": "object"}}]});
        assert_eq!(r.add_document("m.json", "m", &mcp).unwrap(), vec!["m"]);
    }

    #[test]
    fn loosen_openapi30_forms() {
        let s = loosen(
            json!({"type": "integer", "nullable": true, "minimum": 0, "exclusiveMinimum": true, "enum": [{"type": "dict"}]}),
        );
        assert_eq!(
            s,
            json!({"type": ["integer", "null"], "exclusiveMinimum": 0, "enum": [{"type": "dict"}]})
        );
    }

    #[test]
    fn loosen_defaults_and_array_enums() {
        let s = loosen(json!({"type": "dict", "properties": {
            "d": {"type": "string", "default": null},
            "u": {"type": "string", "enum": ["s", "ms"], "default": "N/A"},
            "m": {"type": "array", "items": {"type": "string"}, "enum": ["a", "b"], "default": []}}}));
        assert_eq!(s["properties"]["d"]["type"], json!(["string", "null"]));
        assert_eq!(s["properties"]["u"]["enum"], json!(["s", "ms", "N/A"]));
        assert_eq!(
            s["properties"]["m"]["items"],
            json!({"type": "string", "enum": ["a", "b"]})
        );
        assert!(s["properties"]["m"].get("enum").is_none());
    }

    #[test]
    fn hash_is_structural() {
        assert_eq!(
            schema_hash(&json!({"a": [1, "x"]})),
            schema_hash(&json!({"a": [1, "x"]}))
        );
        assert_ne!(
            schema_hash(&json!({"a": [1, "x"]})),
            schema_hash(&json!({"a": ["1", "x"]}))
        );
    }
}
