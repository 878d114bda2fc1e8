//! OpenAPI 3 → tools: every operation with an `operationId` becomes a tool whose argument
//! schema is an object with
//!
//! - one property per `path` and `query` parameter (path-level parameters merged with the
//!   operation's, the operation's winning), required when the parameter is; `header` and
//!   `cookie` parameters are left to the runtime and not part of the tool's arguments;
//! - the `application/json` (or any `+json`) request body: an object body's properties are
//!   merged in at the top level (required when the body is required), any other body becomes a
//!   property `body`.
//!
//! `$ref`s to `#/components/parameters/…` and `#/components/requestBodies/…` are inlined;
//! schema `$ref`s (`#/components/schemas/…`) keep working because the document's
//! `components` are carried along in the tool's schema. OpenAPI 3.0 schema forms are mapped
//! to JSON Schema 2020-12 by [`super::registry::loosen`]; 3.1 schemas are JSON Schema already.

use super::registry::{loosen, obj};
use serde_json::Value as J;

const METHODS: &[&str] = &[
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// Resolve a local `$ref` (`#/a/b`) against the document, following chains (bounded).
fn deref<'a>(doc: &'a J, mut v: &'a J) -> &'a J {
    for _ in 0..16 {
        match v.get("$ref").and_then(J::as_str) {
            Some(r) if r.starts_with("#/") => match doc.pointer(&r[1..]) {
                Some(t) => v = t,
                None => return v,
            },
            _ => return v,
        }
    }
    v
}

/// The document's (name, schema) per operation, and notes about what was skipped.
pub fn operations(doc: &J) -> (Vec<(String, J)>, Vec<String>) {
    let mut out = Vec::new();
    let mut notes = Vec::new();
    let is_30 = doc
        .get("openapi")
        .and_then(J::as_str)
        .is_some_and(|v| v.starts_with("3.0"));
    let components =
        doc.get("components")
            .cloned()
            .map(|c| if is_30 { loosen_components(c) } else { c });
    let Some(paths) = doc.get("paths").and_then(J::as_object) else {
        notes.push("no paths".to_owned());
        return (out, notes);
    };
    for (path, item) in paths {
        let item = deref(doc, item);
        let shared: Vec<&J> = item
            .get("parameters")
            .and_then(J::as_array)
            .map(|a| a.iter().map(|p| deref(doc, p)).collect())
            .unwrap_or_default();
        for m in METHODS {
            let Some(op) = item.get(*m) else { continue };
            let Some(name) = op.get("operationId").and_then(J::as_str) else {
                notes.push(format!(
                    "{} {path}: no operationId, not a tool",
                    m.to_uppercase()
                ));
                continue;
            };
            let mut params: Vec<&J> = shared.clone();
            for p in op
                .get("parameters")
                .and_then(J::as_array)
                .into_iter()
                .flatten()
                .map(|p| deref(doc, p))
            {
                let key = (p.get("name"), p.get("in"));
                params.retain(|q| (q.get("name"), q.get("in")) != key);
                params.push(p);
            }
            let mut props = obj();
            let mut required: Vec<J> = Vec::new();
            for p in params {
                let (Some(pname), Some(loc)) = (
                    p.get("name").and_then(J::as_str),
                    p.get("in").and_then(J::as_str),
                ) else {
                    continue;
                };
                if loc != "path" && loc != "query" {
                    continue;
                }
                let mut schema = p
                    .get("schema")
                    .cloned()
                    .or_else(|| {
                        p.get("content")
                            .and_then(J::as_object)
                            .and_then(|c| c.values().next())
                            .and_then(|mt| mt.get("schema"))
                            .cloned()
                    })
                    .unwrap_or(J::Object(obj()));
                if let (Some(d), J::Object(s)) = (p.get("description"), &mut schema) {
                    s.entry("description").or_insert_with(|| d.clone());
                }
                props.insert(pname.to_owned(), schema);
                if loc == "path" || p.get("required") == Some(&J::Bool(true)) {
                    required.push(J::String(pname.to_owned()));
                }
            }
            if let Some(body) = op.get("requestBody").map(|b| deref(doc, b)) {
                let body_required = body.get("required") == Some(&J::Bool(true));
                let json_schema = body.get("content").and_then(J::as_object).and_then(|c| {
                    c.get("application/json").or_else(|| {
                        c.iter()
                            .find(|(k, _)| k.ends_with("+json") || k.ends_with("/json"))
                            .map(|(_, v)| v)
                    })
                });
                match json_schema.and_then(|mt| mt.get("schema")) {
                    Some(bs) => {
                        let resolved = deref(doc, bs);
                        let flat = resolved
                            .get("properties")
                            .and_then(J::as_object)
                            .filter(|_| {
                                ["allOf", "anyOf", "oneOf"]
                                    .iter()
                                    .all(|k| resolved.get(*k).is_none())
                                    && resolved.get("type").is_none_or(|t| t == "object")
                            });
                        match flat {
                            Some(bp) if bp.keys().all(|k| !props.contains_key(k)) => {
                                for (k, v) in bp {
                                    props.insert(k.clone(), v.clone());
                                }
                                if body_required {
                                    required.extend(
                                        resolved
                                            .get("required")
                                            .and_then(J::as_array)
                                            .into_iter()
                                            .flatten()
                                            .cloned(),
                                    );
                                }
                            }
                            _ => {
                                props.insert("body".into(), bs.clone());
                                if body_required {
                                    required.push(J::String("body".into()));
                                }
                            }
                        }
                    }
                    None => {
                        if body.get("content").is_some() {
                            notes.push(format!("{name}: request body has no JSON media type; not part of the arguments"));
                        }
                    }
                }
            }
            let mut schema = obj();
            schema.insert("type".into(), J::String("object".into()));
            schema.insert("properties".into(), J::Object(props));
            if !required.is_empty() {
                required.dedup();
                schema.insert("required".into(), J::Array(required));
            }
            if let Some(d) = op.get("summary").or_else(|| op.get("description")) {
                schema.insert("description".into(), d.clone());
            }
            let mut schema = J::Object(schema);
            if is_30 {
                schema = loosen(schema);
            }
            if let (Some(c), J::Object(s)) = (&components, &mut schema) {
                s.insert("components".into(), c.clone());
            }
            out.push((name.to_owned(), schema));
        }
    }
    (out, notes)
}

/// OpenAPI 3.0 schema forms in `components.schemas` → JSON Schema (parameter and request
/// body objects are inlined into the tools' schemas, which are loosened as a whole).
fn loosen_components(mut c: J) -> J {
    if let Some(J::Object(m)) = c.get_mut("schemas") {
        for v in m.values_mut() {
            *v = loosen(std::mem::take(v));
        }
    }
    c
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use serde_json::json;

    pub(crate) fn petstore() -> J {
        json!({
          "openapi": "3.0.3",
          "info": {"title": "pets", "version": "1"},
          "paths": {
            "/pets/{petId}": {
              "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^P-\\d+$"}}],
              "get": {"operationId": "getPet", "parameters": [{"$ref": "#/components/parameters/Verbose"}, {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}]},
              "delete": {"summary": "no id"}
            },
            "/pets": {
              "post": {"operationId": "createPet", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewPet"}}}}},
              "put": {"operationId": "replacePets", "requestBody": {"content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/NewPet"}}}}}}
            }
          },
          "components": {
            "parameters": {"Verbose": {"name": "verbose", "in": "query", "schema": {"type": "boolean"}}},
            "schemas": {"NewPet": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "age": {"type": "integer", "nullable": true, "minimum": 0}, "kind": {"type": "string", "enum": ["cat", "dog"]}}}}
          }
        })
    }

    #[test]
    fn operations_become_tools() {
        let (ops, notes) = operations(&petstore());
        let names: Vec<&str> = ops.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            vec!["replacePets", "createPet", "getPet"]
                .into_iter()
                .filter(|n| names.contains(n))
                .collect::<Vec<_>>()
        );
        assert_eq!(ops.len(), 3);
        assert!(
            notes.iter().any(|n| n.contains("no operationId")),
            "{notes:?}"
        );
        let get = &ops.iter().find(|(n, _)| n == "getPet").unwrap().1;
        assert_eq!(get["required"], json!(["petId"]));
        assert_eq!(get["properties"]["verbose"], json!({"type": "boolean"}));
        assert!(get["properties"].get("X-Trace").is_none());
        let create = &ops.iter().find(|(n, _)| n == "createPet").unwrap().1;
        assert_eq!(create["required"], json!(["name"]));
        assert_eq!(
            create["properties"]["age"]["type"],
            json!(["integer", "null"])
        );
        let put = &ops.iter().find(|(n, _)| n == "replacePets").unwrap().1;
        assert_eq!(
            put["properties"]["body"]["items"]["$ref"],
            json!("#/components/schemas/NewPet")
        );
        assert_eq!(
            put["components"]["schemas"]["NewPet"]["properties"]["age"]["type"],
            json!(["integer", "null"])
        );
    }
}
