//! Stage 1 — tool-call verification.
//!
//! For every tool call of a run:
//! 1. **Schema**: the arguments must be valid JSON and validate against the tool's JSON Schema
//!    (draft 2020-12 unless the schema's `$schema` names another draft; `format` is asserted).
//!    The schema comes from the run's own tool declarations, else from the operator's
//!    [`registry`] (JSON Schema files, tool definitions, OpenAPI 3 operations). Each error names
//!    the JSON pointer of the offending value and the rule (schema keyword). A schema that does
//!    not compile is reported once (see [`Stage1::with_schema_error_hook`]) and the tool's calls
//!    are `unverified`.
//! 2. **Entity provenance** ([`provenance`]): every URL, e-mail, UUID, `@handle`, match of an
//!    operator ID pattern, identifier- or path-shaped value and every string in an
//!    id/url/path/handle-like field must appear (after normalization: case, quotes, trailing
//!    slashes, percent-encoding) in the user input, the system prompt, the tool declarations,
//!    an earlier turn's tool result, or the tool's allowlist. Otherwise the call is `fabricated`.
//! 3. **Retries**: a rejected call followed, in a later turn, by a valid call to the same tool is linked
//!    (`retry_of` on the retry, `retried_by` on the rejected call) — unless the tool executed
//!    the rejected call anyway (a result that is no error): what it did stands. Only unrecovered
//!    rejections count against the run in Stage 4.
//!
//! # Contract
//! [`Stage1::verify`] is synchronous, pure CPU, thread-safe (`&self`, the schema cache is
//! internally synchronized) and cheap: schemas compile once per (tool, schema hash); the run's
//! evidence is normalized once per run; a call costs one JSON parse, one validation and a
//! bounded substring search per entity. [`Stage1::check_inline`] is the schema-only check the
//! collector runs on each tool span as it arrives. Neither blocks on I/O.

pub mod openapi;
pub mod provenance;
pub mod registry;

pub use provenance::{contains_bounded, normalize_entity, Entity, EntityKind, Evidence};
pub use registry::{SchemaRegistry, StaticRegistry, ToolSchema};

use crate::report::{ToolCallStatus, ToolCallValidation};
use crate::run::{AgentRun, ToolCall};
use regex::Regex;
use serde_json::Value as J;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Errors of Stage 1 configuration.
#[derive(Debug, thiserror::Error)]
pub enum Stage1Error {
    #[error("invalid allowlist regex {pattern:?} for tool {tool:?}: {source}")]
    BadAllowlistRegex {
        tool: String,
        pattern: String,
        source: regex::Error,
    },
    #[error("invalid id pattern {pattern:?}: {source}")]
    BadIdPattern {
        pattern: String,
        source: regex::Error,
    },
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
    pub fn new(
        exact: Vec<String>,
        prefixes: Vec<String>,
        regexes: &[String],
        tool: &str,
    ) -> Result<Self, Stage1Error> {
        let regexes = regexes
            .iter()
            .map(|p| {
                Regex::new(p).map_err(|source| Stage1Error::BadAllowlistRegex {
                    tool: tool.to_owned(),
                    pattern: p.clone(),
                    source,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Allowlist {
            exact: exact.iter().map(|e| normalize_entity(e)).collect(),
            prefixes: prefixes.iter().map(|e| normalize_entity(e)).collect(),
            regexes,
        })
    }

    fn allows(&self, raw: &str, norm: &str) -> bool {
        self.exact.iter().any(|e| e == norm)
            || self.prefixes.iter().any(|p| norm.starts_with(p.as_str()))
            || self.regexes.iter().any(|r| r.is_match(raw))
    }
}

/// Stage 1 configuration.
#[derive(Debug, Clone, Default)]
pub struct Stage1Config {
    pub unknown_tool: UnknownToolPolicy,
    /// Allowlists by tool name; `*` applies to every tool.
    pub allowlists: HashMap<String, Allowlist>,
    /// Skip provenance checks entirely.
    pub disable_provenance: bool,
    /// Operator ID patterns (order numbers, ticket keys, account numbers): every match in a
    /// string argument, and every number argument matching in full, is an entity.
    pub id_patterns: Vec<Regex>,
}

impl Stage1Config {
    /// Compile ID patterns (`ORD-\d+`, `[A-Z]{2,5}-\d+`, …).
    pub fn compile_id_patterns(patterns: &[String]) -> Result<Vec<Regex>, Stage1Error> {
        patterns
            .iter()
            .map(|p| {
                Regex::new(p).map_err(|source| Stage1Error::BadIdPattern {
                    pattern: p.clone(),
                    source,
                })
            })
            .collect()
    }
}

/// Where a schema came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemaSource {
    /// The run's telemetry (tool declarations on its spans).
    Span,
    /// The operator's registry.
    Registry,
}

/// A schema that does not compile, reported once per (tool, schema hash).
#[derive(Debug, Clone)]
pub struct SchemaError {
    pub tool: String,
    pub source: SchemaSource,
    pub message: String,
}

/// The options every Stage 1 schema is compiled with: the draft from `$schema` (2020-12 when
/// absent), formats asserted, RFC 3339 `date-time` with the offset optional.
pub fn schema_options() -> jsonschema::ValidationOptions {
    jsonschema::options()
        .should_validate_formats(true)
        .with_format("date-time", is_date_time)
}

/// Compile a schema the way Stage 1 does. A `$schema` naming no known draft (e.g.
/// `http://json-schema.org/schema#`) is ignored rather than failing the schema.
pub fn compile_schema(schema: &J) -> Result<jsonschema::Validator, String> {
    compile_with(schema_options(), schema)
}

/// [`compile_schema`] with caller-extended options (e.g. a retriever for remote `$ref`s).
pub fn compile_with(
    opts: jsonschema::ValidationOptions,
    schema: &J,
) -> Result<jsonschema::Validator, String> {
    if let Err(jsonschema::ReferencingError::UnknownSpecification { .. }) =
        jsonschema::Draft::default().detect(schema)
    {
        if let Some(o) = schema.as_object() {
            let mut o = o.clone();
            o.remove("$schema");
            return opts.build(&J::Object(o)).map_err(|e| e.to_string());
        }
    }
    opts.build(schema).map_err(|e| e.to_string())
}

/// Schema errors of `args`, each `POINTER: message (rule: KEYWORD)`.
pub fn validation_errors(validator: &jsonschema::Validator, args: &J) -> Vec<String> {
    schema_errors(validator, args)
        .into_iter()
        .map(|(_, message)| message)
        .collect()
}

/// Schema errors of `args` with the JSON Schema keyword each broke (the typed rule that
/// sinks read; the message, `POINTER: message (rule: KEYWORD)`, is for people).
pub fn schema_errors(validator: &jsonschema::Validator, args: &J) -> Vec<(String, String)> {
    if validator.is_valid(args) {
        return Vec::new();
    }
    validator
        .iter_errors(args)
        .map(|e| {
            let pointer = e.instance_path.to_string();
            let sp = e.schema_path.to_string();
            let rule = sp
                .rsplit('/')
                .next()
                .filter(|r| !r.is_empty())
                .unwrap_or("schema")
                .to_owned();
            let message = format!(
                "{}: {} (rule: {rule})",
                if pointer.is_empty() { "/" } else { &pointer },
                e
            );
            (rule, message)
        })
        .collect()
}

type Compiled = Arc<Result<jsonschema::Validator, String>>;
type SchemaErrorHook = Box<dyn Fn(&SchemaError) + Send + Sync>;

/// A schema borrowed from the run or shared from the registry.
#[derive(Clone)]
enum SchemaRef<'a> {
    Declared(&'a J),
    Registry(Arc<J>),
}

impl SchemaRef<'_> {
    fn get(&self) -> &J {
        match self {
            SchemaRef::Declared(j) => j,
            SchemaRef::Registry(a) => a,
        }
    }
}

/// A call's schema, resolved and compiled.
#[derive(Clone)]
struct Resolved<'a> {
    schema: SchemaRef<'a>,
    compiled: Compiled,
    /// Normalized text of a registry schema (provenance source when the run declared none).
    registry_text: Option<Arc<str>>,
}

/// Stage 1 verifier with its compiled-schema cache.
pub struct Stage1 {
    cfg: Stage1Config,
    registry: Option<Arc<dyn SchemaRegistry>>,
    cache: Mutex<HashMap<(String, u64), Compiled>>,
    on_schema_error: Option<SchemaErrorHook>,
}

impl Stage1 {
    pub fn new(cfg: Stage1Config, registry: Option<Arc<dyn SchemaRegistry>>) -> Self {
        Stage1 {
            cfg,
            registry,
            cache: Mutex::new(HashMap::new()),
            on_schema_error: None,
        }
    }

    /// Called once per (tool, schema hash) whose schema does not compile (e.g. to log it).
    pub fn with_schema_error_hook(
        mut self,
        hook: impl Fn(&SchemaError) + Send + Sync + 'static,
    ) -> Self {
        self.on_schema_error = Some(Box::new(hook));
        self
    }

    pub fn config(&self) -> &Stage1Config {
        &self.cfg
    }

    pub fn registry(&self) -> Option<&Arc<dyn SchemaRegistry>> {
        self.registry.as_ref()
    }

    /// Number of compiled schemas held.
    pub fn cached_schemas(&self) -> usize {
        self.cache.lock().map(|c| c.len()).unwrap_or(0)
    }

    fn compiled(&self, tool: &str, hash: u64, schema: &J, source: SchemaSource) -> Compiled {
        let key = (tool.to_owned(), hash);
        if let Ok(cache) = self.cache.lock() {
            if let Some(c) = cache.get(&key) {
                return c.clone();
            }
        }
        let compiled: Compiled = Arc::new(
            compile_schema(schema)
                .map_err(|e| format!("schema for tool {tool:?} does not compile: {e}")),
        );
        let mut fresh = false;
        if let Ok(mut cache) = self.cache.lock() {
            if cache.len() > 10_000 {
                cache.clear();
            }
            fresh = cache.insert(key, compiled.clone()).is_none();
        }
        if let (true, Err(message), Some(hook)) = (fresh, &*compiled, &self.on_schema_error) {
            hook(&SchemaError {
                tool: tool.to_owned(),
                source,
                message: message.clone(),
            });
        }
        compiled
    }

    /// The schema for `tool`: `declared` (from the run's spans) first, else the registry.
    fn resolve<'a>(&self, tool: &str, declared: Option<&'a J>) -> Option<Resolved<'a>> {
        if let Some(schema) = declared {
            let hash = registry::schema_hash(schema);
            let compiled = self.compiled(tool, hash, schema, SchemaSource::Span);
            return Some(Resolved {
                schema: SchemaRef::Declared(schema),
                compiled,
                registry_text: None,
            });
        }
        let ts = self.registry.as_ref()?.get(tool)?;
        let compiled = self.compiled(tool, ts.hash, &ts.schema, SchemaSource::Registry);
        let registry_text = (!self.cfg.disable_provenance)
            .then(|| Arc::from(normalize_entity(&ts.schema.to_string())));
        Some(Resolved {
            schema: SchemaRef::Registry(ts.schema.clone()),
            compiled,
            registry_text,
        })
    }

    /// Verify every tool call of the run, in call order.
    pub fn verify(&self, run: &AgentRun) -> Vec<ToolCallValidation> {
        let evidence = OnceLock::new();
        let mut schemas: HashMap<&str, Option<Resolved<'_>>> = HashMap::new();
        // Calls of earlier turns (known from the history) are context: their results are
        // evidence for provenance, but they were judged in their own run.
        let mut out: Vec<ToolCallValidation> = run
            .own_calls()
            .map(|c| {
                let resolved = schemas
                    .entry(c.name.as_str())
                    .or_insert_with(|| {
                        self.resolve(
                            &c.name,
                            run.tool_definition(&c.name)
                                .and_then(|d| d.parameters.as_ref()),
                        )
                    })
                    .clone();
                self.verify_resolved(run, c, resolved, &evidence)
            })
            .collect();
        let executed: Vec<bool> = run.own_calls().map(executed_without_error).collect();
        link_retries(&mut out, &executed);
        out
    }

    /// Verify one call against the run so far (its schema and earlier evidence).
    pub fn verify_call(&self, run: &AgentRun, call: &ToolCall) -> ToolCallValidation {
        let resolved = self.resolve(
            &call.name,
            run.tool_definition(&call.name)
                .and_then(|d| d.parameters.as_ref()),
        );
        self.verify_resolved(run, call, resolved, &OnceLock::new())
    }

    /// Schema-only check of one call as soon as its span is seen (no run context yet):
    /// `schema` is a schema the caller has seen declared for the tool, else the registry's.
    /// `None` when no schema is known (the run-level check reports `unknown_tool`).
    pub fn check_inline(
        &self,
        tool: &str,
        call_id: &str,
        args: Option<&str>,
        schema: Option<&J>,
    ) -> Option<ToolCallValidation> {
        let resolved = self.resolve(tool, schema)?;
        let args_text = args.unwrap_or("{}");
        let mut v = new_validation(tool, args_text, call_id, 0);
        self.schema_check(&mut v, &resolved);
        Some(v)
    }

    fn schema_check(&self, v: &mut ToolCallValidation, resolved: &Resolved) -> Option<J> {
        let parsed = match serde_json::from_str::<J>(&v.args) {
            Ok(j) => Some(j),
            Err(e) => {
                v.status = ToolCallStatus::Invalid;
                v.push_error(
                    "json",
                    format!("/: arguments are not valid JSON (rule: json): {e}"),
                );
                None
            }
        };
        match (&*resolved.compiled, &parsed) {
            (Err(msg), _) => {
                if v.status == ToolCallStatus::Valid {
                    v.status = ToolCallStatus::Unverified;
                }
                v.push_error("other", msg.clone());
            }
            (Ok(validator), Some(args)) => {
                let errors = schema_errors(validator, args);
                if !errors.is_empty() {
                    v.status = ToolCallStatus::Invalid;
                    for (rule, message) in errors {
                        v.push_error(&rule, message);
                    }
                }
            }
            (Ok(_), None) => {}
        }
        parsed
    }

    fn verify_resolved<'r>(
        &self,
        run: &'r AgentRun,
        call: &ToolCall,
        resolved: Option<Resolved<'_>>,
        evidence: &OnceLock<Evidence<'r>>,
    ) -> ToolCallValidation {
        let args_text = call.arguments.as_deref().unwrap_or("{}");
        let mut v = new_validation(&call.name, args_text, &call.id, call.turn as u32);
        v.span_id = call.span_id.clone();
        let parsed = match &resolved {
            Some(r) => self.schema_check(&mut v, r),
            None => {
                let parsed = match serde_json::from_str::<J>(args_text) {
                    Ok(j) => Some(j),
                    Err(e) => {
                        v.status = ToolCallStatus::Invalid;
                        v.push_error(
                            "json",
                            format!("/: arguments are not valid JSON (rule: json): {e}"),
                        );
                        None
                    }
                };
                if v.status == ToolCallStatus::Valid {
                    v.status = ToolCallStatus::UnknownTool;
                }
                v.push_error("other", format!("no schema known for tool {:?}", call.name));
                parsed
            }
        };
        if !self.cfg.disable_provenance {
            if let Some(args) = &parsed {
                let entities = provenance::collect_entities(
                    args,
                    resolved.as_ref().map(|r| r.schema.get()),
                    &self.cfg.id_patterns,
                );
                if !entities.is_empty() {
                    let ev = evidence.get_or_init(|| Evidence::of_run(run));
                    let allow_tool = self.cfg.allowlists.get(&call.name);
                    let allow_all = self.cfg.allowlists.get("*");
                    let allowed = |raw: &str, norm: &str| {
                        allow_tool.is_some_and(|a| a.allows(raw, norm))
                            || allow_all.is_some_and(|a| a.allows(raw, norm))
                    };
                    let extra = resolved.as_ref().and_then(|r| r.registry_text.as_deref());
                    let fabricated = provenance::check(call, &entities, ev, extra, allowed);
                    if !fabricated.is_empty() {
                        v.status = ToolCallStatus::Fabricated;
                        for message in fabricated {
                            v.push_error("provenance", message);
                        }
                    }
                }
            }
        }
        v
    }
}

fn new_validation(tool: &str, args: &str, call_id: &str, turn: u32) -> ToolCallValidation {
    ToolCallValidation {
        tool: tool.to_owned(),
        args: args.to_owned(),
        status: ToolCallStatus::Valid,
        errors: Vec::new(),
        call_id: call_id.to_owned(),
        turn,
        retry_of: None,
        retried_by: None,
        error_rules: Vec::new(),
        span_id: None,
    }
}

/// RFC 3339 date-time, with the offset optional: tool APIs commonly take local date-times
/// (`2026-04-27T12:40:00`), and rejecting them would flag correct calls.
fn is_date_time(s: &str) -> bool {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| Regex::new(r"(?i)^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[t ]([01]\d|2[0-3]):[0-5]\d(:([0-5]\d|60)(\.\d+)?)?(z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$").unwrap())
        .is_match(s)
}

/// Whether the tool executed the call and answered with a result, not an error (span status
/// ERROR / `error.type`, or a JSON result whose top level is an `error`).
fn executed_without_error(c: &crate::run::ToolCall) -> bool {
    let Some(result) = c.result.as_deref() else {
        return false;
    };
    if c.error {
        return false;
    }
    let t = result.trim_start();
    !(t.starts_with('{')
        && serde_json::from_str::<J>(t)
            .ok()
            .and_then(|j| {
                j.as_object()
                    .map(|o| o.contains_key("error") || o.contains_key("errors"))
            })
            .unwrap_or(false))
}

/// Link rejected calls to the next valid call of the same tool in a later turn (a call of the
/// same turn was issued beside the rejected one, before its error could be read: no retry of
/// it). A call the tool executed
/// anyway (`executed[i]`: a lenient tool acted on invalid arguments) is not recovered by a later
/// call: what it did stands.
fn link_retries(v: &mut [ToolCallValidation], executed: &[bool]) {
    for i in 0..v.len() {
        if executed.get(i).copied().unwrap_or(false) {
            continue;
        }
        if v[i].status.is_rejection() && v[i].retried_by.is_none() {
            if let Some(j) = (i + 1..v.len()).find(|&j| {
                v[j].tool == v[i].tool
                    && v[j].turn > v[i].turn
                    && v[j].status == ToolCallStatus::Valid
                    && v[j].retry_of.is_none()
            }) {
                v[i].retried_by = Some(v[j].call_id.clone());
                v[j].retry_of = Some(v[i].call_id.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::ToolDefinition;

    fn run_with(schema: J, args: &str, user: &str) -> AgentRun {
        AgentRun {
            user_input: user.into(),
            tool_definitions: vec![ToolDefinition {
                name: "get_order".into(),
                description: None,
                parameters: Some(schema),
            }],
            tool_calls: vec![ToolCall {
                id: "c1".into(),
                name: "get_order".into(),
                arguments: Some(args.into()),
                turn: 0,
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    fn schema() -> J {
        serde_json::json!({"type":"object","properties":{"order_id":{"type":"string","pattern":"^ORD-\\d+$"},"verbose":{"type":"boolean"}},
            "required":["order_id"],"additionalProperties":false})
    }

    #[test]
    fn a_column_the_calls_own_result_returns_is_a_name_of_its_schema() {
        let s1 = Stage1::new(Stage1Config::default(), None);
        let schema = serde_json::json!({"type":"object","properties":{"sql":{"type":"string"}}});
        let sql = r#"{"sql":"SELECT customer_name, claimed_m3, credit_sek FROM v_claims WHERE quarter = '2026-Q1'"}"#;
        let with_result = |result: &str| {
            let mut run = run_with(
                schema.clone(),
                sql,
                "Claims this quarter (2026-Q1)? Use v_claims and customer_name.",
            );
            run.tool_calls[0].result = Some(result.into());
            s1.verify(&run)
        };
        let v = with_result(
            r#"{"columns":["customer_name","claimed_m3","credit_sek"],"rows":[["Sågverk AB",12.5,900]]}"#,
        );
        assert_eq!(v[0].status, ToolCallStatus::Valid, "{:?}", v[0].errors);
        // A result that only echoes the name as a value, or an error, confirms nothing.
        let v = with_result(r#"{"error":"unknown column","detail":"claimed_m3"}"#);
        assert_ne!(v[0].status, ToolCallStatus::Valid);
    }

    #[test]
    fn valid_call_with_user_supplied_id() {
        let s1 = Stage1::new(Stage1Config::default(), None);
        let v = s1.verify(&run_with(
            schema(),
            r#"{"order_id":"ORD-123"}"#,
            "where is order ord-123?",
        ));
        assert_eq!(v[0].status, ToolCallStatus::Valid, "{:?}", v[0].errors);
    }

    #[test]
    fn schema_errors_name_pointer_and_rule() {
        let s1 = Stage1::new(Stage1Config::default(), None);
        let v = s1.verify(&run_with(
            schema(),
            r#"{"order_id":"123","extra":1}"#,
            "order 123",
        ));
        assert_eq!(v[0].status, ToolCallStatus::Invalid);
        let all = v[0].errors.join("\n");
        assert!(
            all.contains("/order_id") && all.contains("rule: pattern"),
            "{all}"
        );
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
        let v = s1.verify(&run_with(
            schema(),
            r#"{"order_id":"ORD-999"}"#,
            "where is ORD-9990?",
        ));
        assert_eq!(v[0].status, ToolCallStatus::Fabricated, "{:?}", v[0].errors);
        let mut cfg = Stage1Config::default();
        cfg.allowlists.insert(
            "get_order".into(),
            Allowlist::new(vec![], vec!["ord-9".into()], &[], "get_order").unwrap(),
        );
        let s1 = Stage1::new(cfg, None);
        let v = s1.verify(&run_with(schema(), r#"{"order_id":"ORD-999"}"#, "hi"));
        assert_eq!(v[0].status, ToolCallStatus::Valid);
    }

    #[test]
    fn ids_from_earlier_results_count_but_not_same_turn() {
        let mut run = run_with(schema(), r#"{"order_id":"ORD-77"}"#, "my latest order");
        run.tool_calls.insert(
            0,
            ToolCall {
                id: "c0".into(),
                name: "list".into(),
                arguments: Some("{}".into()),
                turn: 0,
                result: Some(r#"{"orders":["ORD-77"]}"#.into()),
                ..Default::default()
            },
        );
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
        run.tool_calls.push(ToolCall {
            id: "c2".into(),
            name: "get_order".into(),
            arguments: Some(r#"{"order_id":"ORD-5"}"#.into()),
            turn: 1,
            ..Default::default()
        });
        let v = Stage1::new(Stage1Config::default(), None).verify(&run);
        assert_eq!(v[0].retried_by.as_deref(), Some("c2"));
        assert_eq!(v[1].retry_of.as_deref(), Some("c1"));
        // Rejected by the tool (an error result): still a retry.
        run.tool_calls[0].result = Some(r#"{"error": "invalid order_id"}"#.into());
        let v = Stage1::new(Stage1Config::default(), None).verify(&run);
        assert_eq!(v[0].retried_by.as_deref(), Some("c2"));
        // Executed by a lenient tool: what it did stands, no later call recovers it.
        run.tool_calls[0].result = Some(r#"{"order_id": "bad", "status": "shipped"}"#.into());
        let v = Stage1::new(Stage1Config::default(), None).verify(&run);
        assert_eq!(v[0].retried_by, None);
        assert_eq!(v[1].retry_of, None);
        // Issued in the same turn as the rejected call, before its error could be read: no
        // retry of it.
        run.tool_calls[0].result = Some(r#"{"error": "invalid order_id"}"#.into());
        run.tool_calls[1].turn = run.tool_calls[0].turn;
        let v = Stage1::new(Stage1Config::default(), None).verify(&run);
        assert_eq!(v[0].retried_by, None);
        assert_eq!(v[1].retry_of, None);
    }

    #[test]
    fn bounded_match() {
        assert!(contains_bounded("flight b61984 today", "b61984"));
        assert!(!contains_bounded("flight b61984 today", "b6198"));
        assert!(contains_bounded("https://x.io/a/b", "https://x.io/a"));
        assert_eq!(
            normalize_entity("\"HTTPS://X.io/a%20b/\""),
            "https://x.io/a b"
        );
    }

    fn bare_run(tool: &str, args: &str, user: &str) -> AgentRun {
        AgentRun {
            user_input: user.into(),
            tool_calls: vec![ToolCall {
                id: "c1".into(),
                name: tool.into(),
                arguments: Some(args.into()),
                turn: 0,
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    #[test]
    fn registry_schema_used_when_spans_carry_only_names() {
        let mut reg = StaticRegistry::new();
        reg.add_document("get_order.json", "get_order", &schema())
            .unwrap();
        let s1 = Stage1::new(Stage1Config::default(), Some(Arc::new(reg)));
        let v = s1.verify(&bare_run(
            "get_order",
            r#"{"order_id":"ORD-1","x":1}"#,
            "ORD-1",
        ));
        assert_eq!(v[0].status, ToolCallStatus::Invalid, "{:?}", v[0].errors);
        let v = s1.verify(&bare_run("other", r#"{}"#, ""));
        assert_eq!(v[0].status, ToolCallStatus::UnknownTool);
    }

    #[test]
    fn uncompilable_registry_schema_is_unverified_and_reported_once() {
        let mut reg = StaticRegistry::new();
        reg.add_document("bad.json", "bad", &serde_json::json!({"type": "objekt"}))
            .unwrap();
        let reported = Arc::new(Mutex::new(Vec::<SchemaError>::new()));
        let r2 = reported.clone();
        let s1 = Stage1::new(Stage1Config::default(), Some(Arc::new(reg)))
            .with_schema_error_hook(move |e| r2.lock().unwrap().push(e.clone()));
        for _ in 0..3 {
            let v = s1.verify(&bare_run("bad", r#"{"a":1}"#, ""));
            assert_eq!(v[0].status, ToolCallStatus::Unverified, "{:?}", v[0].errors);
            assert!(v[0].errors[0].contains("does not compile"));
        }
        let r = reported.lock().unwrap();
        assert_eq!(r.len(), 1);
        assert_eq!(
            (r[0].tool.as_str(), r[0].source),
            ("bad", SchemaSource::Registry)
        );
    }

    #[test]
    fn dollar_schema_selects_the_draft() {
        // Draft 7 array-form `items` is a tuple; in 2020-12 it is not allowed (prefixItems).
        let d7 = serde_json::json!({"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
            "properties": {"p": {"type": "array", "items": [{"type": "integer"}], "additionalItems": false}}});
        let s1 = Stage1::new(
            Stage1Config {
                disable_provenance: true,
                ..Default::default()
            },
            None,
        );
        let mut run = run_with(d7, r#"{"p":[1,2]}"#, "");
        let v = s1.verify(&run);
        assert_eq!(v[0].status, ToolCallStatus::Invalid, "{:?}", v[0].errors);
        assert!(
            v[0].errors
                .iter()
                .any(|e| e.contains("/p") && e.contains("rule: additionalItems")),
            "{:?}",
            v[0].errors
        );
        // Default 2020-12: prefixItems + items:false.
        run.tool_definitions[0].parameters = Some(
            serde_json::json!({"type": "object", "properties": {"p": {"type": "array", "prefixItems": [{"type": "integer"}], "items": false}}}),
        );
        let v = s1.verify(&run);
        assert!(
            v[0].errors
                .iter()
                .any(|e| e.contains("/p") && e.contains("rule: items")),
            "{:?}",
            v[0].errors
        );
        // An unknown `$schema` URI is ignored, not fatal.
        run.tool_definitions[0].parameters = Some(
            serde_json::json!({"$schema": "http://json-schema.org/schema#", "type": "object"}),
        );
        assert_eq!(s1.verify(&run)[0].status, ToolCallStatus::Valid);
    }

    #[test]
    fn format_enum_and_required_errors() {
        let sch = serde_json::json!({"type": "object", "required": ["to", "kind"], "properties": {"to": {"type": "string", "format": "email"}, "kind": {"enum": ["a", "b"]}}});
        let s1 = Stage1::new(
            Stage1Config {
                disable_provenance: true,
                ..Default::default()
            },
            None,
        );
        let v = s1.verify(&run_with(
            sch.clone(),
            r#"{"to":"not-an-email","kind":"c"}"#,
            "",
        ));
        let all = v[0].errors.join("\n");
        assert!(all.contains("/to") && all.contains("rule: format"), "{all}");
        assert!(all.contains("/kind") && all.contains("rule: enum"), "{all}");
        // The typed rule of every error, index for index (what sinks read).
        assert_eq!(v[0].error_rules.len(), v[0].errors.len());
        for (rule, message) in v[0].error_rules.iter().zip(&v[0].errors) {
            assert!(
                message.ends_with(&format!("(rule: {rule})")),
                "{rule} / {message}"
            );
        }
        let v = s1.verify(&run_with(sch, r#"{"to":"a@b.co"}"#, ""));
        assert_eq!(v[0].error_rules, vec!["required"]);
        assert!(
            v[0].errors
                .iter()
                .any(|e| e.starts_with("/: ") && e.contains("rule: required")),
            "{:?}",
            v[0].errors
        );
    }

    #[test]
    fn id_patterns_handles_and_emails_need_provenance() {
        let sch = serde_json::json!({"type": "object", "properties": {"note": {"type": "string"}, "to": {"type": "string"}}});
        let cfg = Stage1Config {
            id_patterns: Stage1Config::compile_id_patterns(&[r"\bTCK-\d+".into()]).unwrap(),
            ..Default::default()
        };
        let s1 = Stage1::new(cfg, None);
        // The ticket key sits in prose (no keyed field, not a whole-value identifier).
        let v = s1.verify(&run_with(
            sch.clone(),
            r#"{"note":"please close TCK-42 today"}"#,
            "close my ticket",
        ));
        assert_eq!(v[0].status, ToolCallStatus::Fabricated, "{:?}", v[0].errors);
        assert!(
            v[0].errors[0].starts_with("/note: id \"TCK-42\""),
            "{:?}",
            v[0].errors
        );
        let v = s1.verify(&run_with(
            sch.clone(),
            r#"{"note":"please close TCK-42 today"}"#,
            "close tck-42",
        ));
        assert_eq!(v[0].status, ToolCallStatus::Valid, "{:?}", v[0].errors);
        // Handles: the name must have been supplied (with or without the `@`).
        let v = s1.verify(&run_with(
            sch.clone(),
            r#"{"note":"cc @dana_k on this"}"#,
            "loop in Dana",
        ));
        assert_eq!(v[0].status, ToolCallStatus::Fabricated, "{:?}", v[0].errors);
        let v = s1.verify(&run_with(
            sch.clone(),
            r#"{"note":"cc @dana_k on this"}"#,
            "loop in dana_k",
        ));
        assert_eq!(v[0].status, ToolCallStatus::Valid, "{:?}", v[0].errors);
        // E-mails anywhere in a string.
        let v = s1.verify(&run_with(
            sch.clone(),
            r#"{"note":"forward to ops@acme.io"}"#,
            "forward it to ops",
        ));
        assert_eq!(v[0].status, ToolCallStatus::Fabricated, "{:?}", v[0].errors);
        let v = s1.verify(&run_with(
            sch,
            r#"{"note":"forward to ops@acme.io"}"#,
            "forward it to OPS@ACME.IO",
        ));
        assert_eq!(v[0].status, ToolCallStatus::Valid, "{:?}", v[0].errors);
    }

    #[test]
    fn inline_check_is_schema_only() {
        let s1 = Stage1::new(Stage1Config::default(), None);
        let sch = schema();
        let v = s1
            .check_inline(
                "get_order",
                "c9",
                Some(r#"{"order_id":"ORD-404"}"#),
                Some(&sch),
            )
            .unwrap();
        assert_eq!(
            v.status,
            ToolCallStatus::Valid,
            "no provenance inline: {:?}",
            v.errors
        );
        let v = s1
            .check_inline("get_order", "c9", Some(r#"{"order_id":7}"#), Some(&sch))
            .unwrap();
        assert_eq!(v.status, ToolCallStatus::Invalid);
        assert!(s1.check_inline("nope", "c9", Some("{}"), None).is_none());
    }

    #[test]
    fn openapi_operation_validates_calls() {
        let mut reg = StaticRegistry::new();
        reg.add_document("pets.json", "pets", &openapi::tests::petstore())
            .unwrap();
        let s1 = Stage1::new(
            Stage1Config {
                disable_provenance: true,
                ..Default::default()
            },
            Some(Arc::new(reg)),
        );
        let ok = s1.verify(&bare_run(
            "createPet",
            r#"{"name":"Rex","age":null,"kind":"dog"}"#,
            "",
        ));
        assert_eq!(ok[0].status, ToolCallStatus::Valid, "{:?}", ok[0].errors);
        let bad = s1.verify(&bare_run("createPet", r#"{"age":-1,"kind":"bird"}"#, ""));
        let all = bad[0].errors.join("\n");
        assert!(
            all.contains("rule: required") && all.contains("/age") && all.contains("/kind"),
            "{all}"
        );
        // `$ref` into the carried components.
        let bad = s1.verify(&bare_run("replacePets", r#"{"body":[{"kind":"dog"}]}"#, ""));
        assert!(
            bad[0]
                .errors
                .iter()
                .any(|e| e.contains("/body/0") && e.contains("rule: required")),
            "{:?}",
            bad[0].errors
        );
        let bad = s1.verify(&bare_run("getPet", r#"{"petId":"X"}"#, ""));
        assert!(
            bad[0]
                .errors
                .iter()
                .any(|e| e.contains("/petId") && e.contains("rule: pattern")),
            "{:?}",
            bad[0].errors
        );
    }
}
