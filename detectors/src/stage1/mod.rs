//! Stage 1 — tool-call verification.
//!
//! For every tool call of a run:
//! 1. **Schema**: the arguments must be valid JSON and validate against the tool's JSON Schema
//!    (draft 2020-12 unless the schema's `$schema` says otherwise; `format` is asserted).
//!    Each error names the JSON pointer of the offending value and the rule (schema keyword).
//! 2. **Entity provenance**: every URL, e-mail, UUID, identifier-shaped value and every string
//!    in an id/url/path/handle-like field must appear (after normalization: case, quotes,
//!    trailing slashes, percent-encoding) in the user input, the system prompt, an earlier
//!    turn's tool result, or the tool's allowlist. Otherwise the call is `fabricated`.
//! 3. **Retries**: a rejected call followed by a valid call to the same tool is linked
//!    (`retry_of` on the retry, `retried_by` on the rejected call). Only unrecovered
//!    rejections count against the run in Stage 4.
//!
//! # Contract
//! [`Stage1::verify`] is synchronous, pure CPU, thread-safe (`&self`, the schema cache is
//! internally synchronized) and cheap: schemas compile once per (tool, schema hash); a call
//! costs one JSON parse, one validation and a substring scan of the run's earlier evidence.
//! The collector calls it inline on the assembly path; it must never block on I/O.

use crate::report::{ToolCallStatus, ToolCallValidation};
use crate::run::{AgentRun, ToolCall};
use regex::Regex;
use serde_json::Value as J;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

/// Errors of Stage 1 configuration.
#[derive(Debug, thiserror::Error)]
pub enum Stage1Error {
    #[error("invalid allowlist regex {pattern:?} for tool {tool:?}: {source}")]
    BadAllowlistRegex { tool: String, pattern: String, source: regex::Error },
}

/// What to do with calls to tools no registry knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum UnknownToolPolicy {
    /// Report `unknown_tool` but do not count it against the run.
    #[default]
    Allowed,
    /// Report `unknown_tool` and treat it like a schema rejection in gating.
    Flagged,
}

/// Per-tool allowlist of entity values that need no provenance.
#[derive(Debug, Clone, Default)]
pub struct Allowlist {
    pub exact: Vec<String>,
    pub prefixes: Vec<String>,
    pub regexes: Vec<Regex>,
}

impl Allowlist {
    pub fn new(exact: Vec<String>, prefixes: Vec<String>, regexes: &[String], tool: &str) -> Result<Self, Stage1Error> {
        let regexes = regexes
            .iter()
            .map(|p| {
                Regex::new(p).map_err(|source| Stage1Error::BadAllowlistRegex { tool: tool.to_owned(), pattern: p.clone(), source })
            })
            .collect::<Result<_, _>>()?;
        Ok(Allowlist {
            exact: exact.iter().map(|e| normalize_entity(e)).collect(),
            prefixes: prefixes.iter().map(|e| normalize_entity(e)).collect(),
            regexes,
        })
    }

    fn allows(&self, raw: &str, norm: &str) -> bool {
        self.exact.iter().any(|e| e == norm) || self.prefixes.iter().any(|p| norm.starts_with(p.as_str())) || self.regexes.iter().any(|r| r.is_match(raw))
    }
}

/// Source of operator-provided schemas (files, OpenAPI). Telemetry often carries only tool
/// names; a registry fills the gap. Implementations must be cheap and non-blocking.
pub trait SchemaRegistry: Send + Sync {
    fn schema_for(&self, tool: &str) -> Option<Arc<J>>;
}

/// Stage 1 configuration.
#[derive(Debug, Clone, Default)]
pub struct Stage1Config {
    pub unknown_tool: UnknownToolPolicy,
    /// Allowlists by tool name; `*` applies to every tool.
    pub allowlists: HashMap<String, Allowlist>,
    /// Skip provenance checks entirely.
    pub disable_provenance: bool,
}

type Compiled = Arc<Result<jsonschema::Validator, String>>;

/// Stage 1 verifier with its compiled-schema cache.
pub struct Stage1 {
    cfg: Stage1Config,
    registry: Option<Arc<dyn SchemaRegistry>>,
    cache: Mutex<HashMap<(String, u64), Compiled>>,
}

impl Stage1 {
    pub fn new(cfg: Stage1Config, registry: Option<Arc<dyn SchemaRegistry>>) -> Self {
        Stage1 { cfg, registry, cache: Mutex::new(HashMap::new()) }
    }

    pub fn config(&self) -> &Stage1Config {
        &self.cfg
    }

    /// Number of compiled schemas held.
    pub fn cached_schemas(&self) -> usize {
        self.cache.lock().map(|c| c.len()).unwrap_or(0)
    }

    fn compiled(&self, tool: &str, schema: &J) -> Compiled {
        let mut h = DefaultHasher::new();
        schema.to_string().hash(&mut h);
        let key = (tool.to_owned(), h.finish());
        if let Ok(cache) = self.cache.lock() {
            if let Some(c) = cache.get(&key) {
                return c.clone();
            }
        }
        let compiled: Compiled = Arc::new(
            jsonschema::options().should_validate_formats(true).with_format("date-time", is_date_time).build(schema).map_err(|e| format!("schema for tool {tool:?} does not compile: {e}")),
        );
        if let Ok(mut cache) = self.cache.lock() {
            if cache.len() > 10_000 {
                cache.clear();
            }
            cache.insert(key, compiled.clone());
        }
        compiled
    }

    /// Verify every tool call of the run, in call order.
    pub fn verify(&self, run: &AgentRun) -> Vec<ToolCallValidation> {
        let mut out: Vec<ToolCallValidation> = run.tool_calls.iter().map(|c| self.verify_call(run, c)).collect();
        link_retries(&mut out);
        out
    }

    /// Verify one call against the run so far (its schema and earlier evidence).
    pub fn verify_call(&self, run: &AgentRun, call: &ToolCall) -> ToolCallValidation {
        let args_text = call.arguments.clone().unwrap_or_else(|| "{}".to_owned());
        let mut v = ToolCallValidation {
            tool: call.name.clone(),
            args: args_text.clone(),
            status: ToolCallStatus::Valid,
            errors: Vec::new(),
            call_id: call.id.clone(),
            turn: call.turn as u32,
            retry_of: None,
            retried_by: None,
        };
        let parsed: Option<J> = match serde_json::from_str::<J>(&args_text) {
            Ok(j) => Some(j),
            Err(e) => {
                v.status = ToolCallStatus::Invalid;
                v.errors.push(format!("/: arguments are not valid JSON (rule: json): {e}"));
                None
            }
        };
        let schema: Option<Arc<J>> = run
            .tool_definition(&call.name)
            .and_then(|d| d.parameters.clone().map(Arc::new))
            .or_else(|| self.registry.as_ref().and_then(|r| r.schema_for(&call.name)));
        match (&schema, &parsed) {
            (None, _) => {
                if v.status == ToolCallStatus::Valid {
                    v.status = ToolCallStatus::UnknownTool;
                }
                v.errors.push(format!("no schema known for tool {:?}", call.name));
            }
            (Some(schema), Some(args)) => match &*self.compiled(&call.name, schema) {
                Err(msg) => {
                    v.status = ToolCallStatus::Unverified;
                    v.errors.push(msg.clone());
                }
                Ok(validator) => {
                    for e in validator.iter_errors(args) {
                        let pointer = e.instance_path.to_string();
                        let sp = e.schema_path.to_string();
                        let rule = sp.rsplit('/').next().unwrap_or("schema").to_owned();
                        v.errors.push(format!("{}: {} (rule: {rule})", if pointer.is_empty() { "/" } else { &pointer }, e));
                        v.status = ToolCallStatus::Invalid;
                    }
                }
            },
            (Some(_), None) => {}
        }
        if !self.cfg.disable_provenance {
            if let Some(args) = &parsed {
                let fabricated = self.provenance(run, call, args, schema.as_deref());
                if !fabricated.is_empty() {
                    v.status = ToolCallStatus::Fabricated;
                    v.errors.extend(fabricated);
                }
            }
        }
        v
    }

    fn provenance(&self, run: &AgentRun, call: &ToolCall, args: &J, schema: Option<&J>) -> Vec<String> {
        let mut entities = Vec::new();
        collect_entities(args, "", None, schema, &mut entities);
        if entities.is_empty() {
            return Vec::new();
        }
        // Sources: user input, system prompt, results of calls from earlier turns.
        let mut haystack = String::new();
        haystack.push_str(&normalize_entity(&run.user_input));
        haystack.push('\n');
        haystack.push_str(&normalize_entity(&run.system_prompt));
        for c in run.tool_calls.iter().filter(|c| c.turn < call.turn) {
            if let Some(r) = &c.result {
                haystack.push('\n');
                haystack.push_str(&normalize_entity(r));
            }
        }
        // The tool declarations the model was given (descriptions, enums, defaults, examples,
        // values quoted in descriptions such as "'primary' for the user's own calendar") are
        // part of its context, like the system prompt.
        for def in &run.tool_definitions {
            haystack.push('\n');
            haystack.push_str(&normalize_entity(def.description.as_deref().unwrap_or("")));
            if let Some(p) = &def.parameters {
                haystack.push('\n');
                haystack.push_str(&normalize_entity(&p.to_string()));
            }
        }
        if run.tool_definition(&call.name).is_none() {
            if let Some(schema) = schema {
                haystack.push('\n');
                haystack.push_str(&normalize_entity(&schema.to_string()));
            }
        }
        let allow_tool = self.cfg.allowlists.get(&call.name);
        let allow_all = self.cfg.allowlists.get("*");
        let mut errors = Vec::new();
        for (pointer, raw) in entities {
            let norm = normalize_entity(&raw);
            if norm.is_empty() {
                continue;
            }
            if allow_tool.is_some_and(|a| a.allows(&raw, &norm)) || allow_all.is_some_and(|a| a.allows(&raw, &norm)) {
                continue;
            }
            if !contains_bounded(&haystack, &norm) {
                errors.push(format!(
                    "{pointer}: entity {raw:?} was not supplied by the user, the system prompt, an earlier tool result or the allowlist (rule: provenance)"
                ));
            }
        }
        errors
    }
}

/// RFC 3339 date-time, with the offset optional: tool APIs commonly take local date-times
/// (`2026-04-27T12:40:00`), and rejecting them would flag correct calls.
fn is_date_time(s: &str) -> bool {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| Regex::new(r"(?i)^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[t ]([01]\d|2[0-3]):[0-5]\d(:([0-5]\d|60)(\.\d+)?)?(z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$").unwrap())
        .is_match(s)
}

/// Link rejected calls to the next valid call of the same tool.
fn link_retries(v: &mut [ToolCallValidation]) {
    for i in 0..v.len() {
        if v[i].status.is_rejection() && v[i].retried_by.is_none() {
            if let Some(j) = (i + 1..v.len()).find(|&j| v[j].tool == v[i].tool && v[j].status == ToolCallStatus::Valid && v[j].retry_of.is_none()) {
                v[i].retried_by = Some(v[j].call_id.clone());
                v[j].retry_of = Some(v[i].call_id.clone());
            }
        }
    }
}

fn field_is_entity_like(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    const EXACT: &[&str] = &[
        "id", "ids", "url", "uri", "href", "link", "path", "file", "filename", "filepath", "handle", "username", "email", "locator", "sku", "slug", "repo",
        "repository", "table", "dataset", "bucket", "channel", "project",
    ];
    const SUFFIX: &[&str] = &["_id", "_ids", "id", "_url", "url", "_uri", "_path", "path", "_file", "_handle", "_email", "_locator", "_number", "_no", "_ref", "_sku"];
    EXACT.contains(&k.as_str()) || SUFFIX.iter().any(|s| k.ends_with(s) && k.len() > s.len())
}

fn regexes() -> &'static (Regex, Regex, Regex, Regex) {
    static R: OnceLock<(Regex, Regex, Regex, Regex)> = OnceLock::new();
    R.get_or_init(|| {
        (
            Regex::new(r"(?i)\b(?:https?|ftp|s3|gs|file)://[^\s<>'\x22]+").unwrap(),
            Regex::new(r"(?i)\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b").unwrap(),
            Regex::new(r"(?i)\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b").unwrap(),
            // Dates and times are values, not identifiers.
            Regex::new(r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$|^\d{1,2}:\d{2}(:\d{2})?$").unwrap(),
        )
    })
}

/// A path-shaped value: no whitespace, letters, and a `/` or a dotted name (`org/repo`,
/// `sales.orders_daily`, `report.pdf`).
fn looks_like_path(s: &str) -> bool {
    !s.chars().any(char::is_whitespace)
        && s.chars().any(|c| c.is_ascii_alphabetic())
        && (s.contains('/') || s.contains('\\') || s.split('.').filter(|p| !p.is_empty()).count() >= 2 && !s.ends_with('.'))
        && !regexes().3.is_match(s)
        && s.chars().count() >= 3
}

/// An identifier-shaped token: no whitespace, letters and digits mixed (`AC1471`, `ORD-88231`).
fn looks_like_identifier(s: &str) -> bool {
    let n = s.chars().count();
    (4..=64).contains(&n)
        && !s.chars().any(char::is_whitespace)
        && s.chars().any(|c| c.is_ascii_digit())
        && s.chars().any(|c| c.is_ascii_alphabetic())
        && !regexes().3.is_match(s)
}

fn schema_enum_contains(schema: Option<&J>, value: &J) -> bool {
    schema.and_then(|s| s.get("enum")).and_then(J::as_array).is_some_and(|e| e.contains(value))
        || schema.and_then(|s| s.get("const")).is_some_and(|c| c == value)
}

fn sub_schema<'a>(schema: Option<&'a J>, key: Option<&str>, index: bool) -> Option<&'a J> {
    let s = schema?;
    if index {
        return s.get("items");
    }
    s.get("properties")?.get(key?)
}

/// Collect (JSON pointer, value) pairs whose provenance must be checked.
fn collect_entities(v: &J, pointer: &str, key: Option<&str>, schema: Option<&J>, out: &mut Vec<(String, String)>) {
    match v {
        J::Object(o) => {
            for (k, child) in o {
                let p = format!("{pointer}/{}", k.replace('~', "~0").replace('/', "~1"));
                collect_entities(child, &p, Some(k), sub_schema(schema, Some(k), false), out);
            }
        }
        J::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                collect_entities(child, &format!("{pointer}/{i}"), key, sub_schema(schema, None, true), out);
            }
        }
        J::String(s) => {
            if schema_enum_contains(schema, v) || s.trim().is_empty() {
                return;
            }
            let (url, email, uuid, _) = regexes();
            let before = out.len();
            for m in url.find_iter(s).chain(email.find_iter(s)).chain(uuid.find_iter(s)) {
                out.push((pointer.to_owned(), m.as_str().to_owned()));
            }
            if out.len() == before {
                let keyed = key.is_some_and(field_is_entity_like) && !s.contains(' ') && !regexes().3.is_match(s);
                if keyed || looks_like_identifier(s) || looks_like_path(s) {
                    out.push((pointer.to_owned(), s.clone()));
                }
            }
        }
        J::Number(n) => {
            if key.is_some_and(field_is_entity_like) && n.is_u64() && !schema_enum_contains(schema, v) {
                out.push((pointer.to_owned(), n.to_string()));
            }
        }
        _ => {}
    }
}

/// Normalization for provenance matching: lower case, percent-decoded, quotes and trailing
/// slashes trimmed.
pub fn normalize_entity(s: &str) -> String {
    let decoded = percent_decode(s);
    let t = decoded.trim().trim_matches(|c| c == '"' || c == '\'' || c == '`');
    let t = if t.len() > 1 { t.trim_end_matches('/') } else { t };
    t.to_lowercase()
}

fn percent_decode(s: &str) -> String {
    if !s.contains('%') {
        return s.to_owned();
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let Ok(x) = u8::from_str_radix(std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("zz"), 16) {
                out.push(x);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `needle` occurs in `haystack` not glued to other alphanumerics (so `B6198` is not found
/// inside `B61984`).
pub fn contains_bounded(haystack: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return true;
    }
    let hb = haystack.as_bytes();
    let first_an = needle.as_bytes().first().is_some_and(u8::is_ascii_alphanumeric);
    let last_an = needle.as_bytes().last().is_some_and(u8::is_ascii_alphanumeric);
    let mut from = 0;
    while let Some(pos) = haystack[from..].find(needle) {
        let s = from + pos;
        let e = s + needle.len();
        let ok_before = !first_an || s == 0 || !hb[s - 1].is_ascii_alphanumeric();
        let ok_after = !last_an || e >= hb.len() || !hb[e].is_ascii_alphanumeric();
        if ok_before && ok_after {
            return true;
        }
        from = s + haystack[s..].chars().next().map_or(1, char::len_utf8);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::ToolDefinition;

    fn run_with(schema: J, args: &str, user: &str) -> AgentRun {
        AgentRun {
            user_input: user.into(),
            tool_definitions: vec![ToolDefinition { name: "get_order".into(), description: None, parameters: Some(schema) }],
            tool_calls: vec![ToolCall { id: "c1".into(), name: "get_order".into(), arguments: Some(args.into()), turn: 0, ..Default::default() }],
            ..Default::default()
        }
    }

    fn schema() -> J {
        serde_json::json!({"type":"object","properties":{"order_id":{"type":"string","pattern":"^ORD-\\d+$"},"verbose":{"type":"boolean"}},
            "required":["order_id"],"additionalProperties":false})
    }

    #[test]
    fn valid_call_with_user_supplied_id() {
        let s1 = Stage1::new(Stage1Config::default(), None);
        let v = s1.verify(&run_with(schema(), r#"{"order_id":"ORD-123"}"#, "where is order ord-123?"));
        assert_eq!(v[0].status, ToolCallStatus::Valid, "{:?}", v[0].errors);
    }

    #[test]
    fn schema_errors_name_pointer_and_rule() {
        let s1 = Stage1::new(Stage1Config::default(), None);
        let v = s1.verify(&run_with(schema(), r#"{"order_id":"123","extra":1}"#, "order 123"));
        assert_eq!(v[0].status, ToolCallStatus::Invalid);
        let all = v[0].errors.join("\n");
        assert!(all.contains("/order_id") && all.contains("rule: pattern"), "{all}");
        assert!(all.contains("rule: additionalProperties"), "{all}");
    }

    #[test]
    fn invalid_json_arguments() {
        let s1 = Stage1::new(Stage1Config::default(), None);
        let v = s1.verify(&run_with(schema(), r#"{"order_id": "ORD-1""#, "ORD-1"));
        assert_eq!(v[0].status, ToolCallStatus::Invalid);
        assert!(v[0].errors[0].contains("not valid JSON"));
    }

    #[test]
    fn fabricated_id_and_allowlist() {
        let s1 = Stage1::new(Stage1Config::default(), None);
        let v = s1.verify(&run_with(schema(), r#"{"order_id":"ORD-999"}"#, "where is ORD-9990?"));
        assert_eq!(v[0].status, ToolCallStatus::Fabricated, "{:?}", v[0].errors);
        let mut cfg = Stage1Config::default();
        cfg.allowlists.insert("get_order".into(), Allowlist::new(vec![], vec!["ord-9".into()], &[], "get_order").unwrap());
        let s1 = Stage1::new(cfg, None);
        let v = s1.verify(&run_with(schema(), r#"{"order_id":"ORD-999"}"#, "hi"));
        assert_eq!(v[0].status, ToolCallStatus::Valid);
    }

    #[test]
    fn ids_from_earlier_results_count_but_not_same_turn() {
        let mut run = run_with(schema(), r#"{"order_id":"ORD-77"}"#, "my latest order");
        run.tool_calls.insert(0, ToolCall { id: "c0".into(), name: "list".into(), arguments: Some("{}".into()), turn: 0, result: Some(r#"{"orders":["ORD-77"]}"#.into()), ..Default::default() });
        run.tool_calls[1].turn = 1;
        let s1 = Stage1::new(Stage1Config::default(), None);
        assert_eq!(s1.verify(&run)[1].status, ToolCallStatus::Valid);
        run.tool_calls[1].turn = 0;
        assert_eq!(s1.verify(&run)[1].status, ToolCallStatus::Fabricated);
    }

    #[test]
    fn uncompilable_schema_is_unverified_and_cached_once() {
        let s1 = Stage1::new(Stage1Config::default(), None);
        let bad = serde_json::json!({"type": 12});
        let v = s1.verify(&run_with(bad.clone(), r#"{"order_id":"ORD-1"}"#, "ORD-1"));
        assert_eq!(v[0].status, ToolCallStatus::Unverified);
        s1.verify(&run_with(bad, r#"{"order_id":"ORD-1"}"#, "ORD-1"));
        assert_eq!(s1.cached_schemas(), 1);
    }

    #[test]
    fn retries_are_linked() {
        let mut run = run_with(schema(), r#"{"order_id":"bad"}"#, "ORD-5");
        run.tool_calls.push(ToolCall { id: "c2".into(), name: "get_order".into(), arguments: Some(r#"{"order_id":"ORD-5"}"#.into()), turn: 1, ..Default::default() });
        let v = Stage1::new(Stage1Config::default(), None).verify(&run);
        assert_eq!(v[0].retried_by.as_deref(), Some("c2"));
        assert_eq!(v[1].retry_of.as_deref(), Some("c1"));
    }

    #[test]
    fn bounded_match() {
        assert!(contains_bounded("flight b61984 today", "b61984"));
        assert!(!contains_bounded("flight b61984 today", "b6198"));
        assert!(contains_bounded("https://x.io/a/b", "https://x.io/a"));
        assert_eq!(normalize_entity("\"HTTPS://X.io/a%20b/\""), "https://x.io/a b");
    }
}
