//! The operator's tool-schema directory (`--schema-dir`), loaded into a
//! [`StaticRegistry`] and hot-reloaded.
//!
//! Every `*.json` file under the directory (recursively, hidden entries skipped) is one
//! document: a JSON Schema of a tool's arguments, tool definitions, or an OpenAPI 3 document
//! (see `groundcheck_detectors::stage1::registry`). YAML is not read (a `*.yaml`/`*.yml` file is
//! reported once per change and skipped).
//!
//! Reload: a watcher thread polls the files' (path, size, mtime) every `schema_reload_secs`;
//! on any change the whole directory is re-read into a new registry, which replaces the old one
//! atomically (an `Arc` swapped behind an `RwLock`: a lookup clones the `Arc` and never waits
//! on file I/O). Problems (unreadable or unparsable files, schemas that do not compile) are
//! logged once per change; a broken file never takes down the registry — its tools are simply
//! missing (calls `unknown_tool`) or, for a schema that does not compile, `unverified`.

use groundcheck_detectors::stage1::{compile_schema, SchemaRegistry, StaticRegistry, ToolSchema};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock, Weak};
use std::time::{Duration, SystemTime};

/// Errors opening the schema directory.
#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    #[error("schema directory {path}: {source}")]
    Dir {
        path: String,
        source: std::io::Error,
    },
}

/// (path, size, mtime) of every candidate file, sorted.
type Fingerprint = Vec<(PathBuf, u64, Option<SystemTime>)>;

/// (size, mtime) of one file, `None` when it cannot be read: what every hot-reload watcher
/// (tool schemas, gating profiles, TLS certificates, token files) compares between polls.
pub type FileStamp = Option<(u64, Option<SystemTime>)>;

/// The [`FileStamp`] of `path`.
pub fn file_stamp(path: &Path) -> FileStamp {
    std::fs::metadata(path)
        .ok()
        .map(|m| (m.len(), m.modified().ok()))
}

/// Result of reading the directory once.
#[derive(Debug, Default)]
pub struct LoadReport {
    pub files: usize,
    pub tools: usize,
    /// Human-readable problems (one per file / tool).
    pub problems: Vec<String>,
}

/// The file-backed, hot-reloaded registry.
pub struct FileRegistry {
    dir: PathBuf,
    current: RwLock<Arc<StaticRegistry>>,
    fingerprint: Mutex<Fingerprint>,
}

impl SchemaRegistry for FileRegistry {
    fn get(&self, tool: &str) -> Option<Arc<ToolSchema>> {
        let reg = self
            .current
            .read()
            .map(|r| r.clone())
            .unwrap_or_else(|p| p.into_inner().clone());
        reg.get(tool)
    }
}

impl FileRegistry {
    /// Read `dir` (it must exist). Problems with single files are logged, not fatal.
    pub fn load(dir: &Path) -> Result<Arc<FileRegistry>, RegistryError> {
        let fp = fingerprint(dir).map_err(|source| RegistryError::Dir {
            path: dir.display().to_string(),
            source,
        })?;
        let (reg, report) = read_dir(dir, &fp);
        log_report(dir, &report, false);
        Ok(Arc::new(FileRegistry {
            dir: dir.to_owned(),
            current: RwLock::new(Arc::new(reg)),
            fingerprint: Mutex::new(fp),
        }))
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The registry now in effect.
    pub fn snapshot(&self) -> Arc<StaticRegistry> {
        self.current
            .read()
            .map(|r| r.clone())
            .unwrap_or_else(|p| p.into_inner().clone())
    }

    /// Re-read the directory if any file changed; `Some(report)` when it did.
    pub fn reload_if_changed(&self) -> Option<LoadReport> {
        let fp = match fingerprint(&self.dir) {
            Ok(fp) => fp,
            Err(e) => {
                let mut last = self.fingerprint.lock().ok()?;
                if !last.is_empty() {
                    tracing::warn!(dir = %self.dir.display(), error = %e, "schema directory unreadable; keeping the loaded schemas");
                    last.clear();
                }
                return None;
            }
        };
        {
            let last = self.fingerprint.lock().ok()?;
            if *last == fp {
                return None;
            }
        }
        let (reg, report) = read_dir(&self.dir, &fp);
        log_report(&self.dir, &report, true);
        if let Ok(mut cur) = self.current.write() {
            *cur = Arc::new(reg);
        }
        if let Ok(mut last) = self.fingerprint.lock() {
            *last = fp;
        }
        Some(report)
    }
}

/// Poll `reg`'s directory every `every` on a background thread; the thread ends once the
/// registry is dropped.
pub fn spawn_watcher(
    reg: &Arc<FileRegistry>,
    every: Duration,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    let weak: Weak<FileRegistry> = Arc::downgrade(reg);
    std::thread::Builder::new()
        .name("gc-schema-reload".into())
        .spawn(move || loop {
            std::thread::sleep(every);
            match weak.upgrade() {
                Some(r) => {
                    r.reload_if_changed();
                }
                None => return,
            }
        })
}

fn is_hidden(p: &Path) -> bool {
    p.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('.'))
}

fn ext_of(p: &Path) -> String {
    p.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase()
}

fn fingerprint(dir: &Path) -> std::io::Result<Fingerprint> {
    fn walk(d: &Path, depth: usize, out: &mut Fingerprint) -> std::io::Result<()> {
        for entry in std::fs::read_dir(d)? {
            let entry = entry?;
            let p = entry.path();
            if is_hidden(&p) {
                continue;
            }
            let md = match std::fs::metadata(&p) {
                Ok(m) => m,
                Err(_) => continue,
            };
            if md.is_dir() {
                if depth < 8 {
                    walk(&p, depth + 1, out)?;
                }
            } else if matches!(ext_of(&p).as_str(), "json" | "yaml" | "yml") {
                out.push((p, md.len(), md.modified().ok()));
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(dir, 0, &mut out)?;
    out.sort();
    Ok(out)
}

fn read_dir(dir: &Path, fp: &Fingerprint) -> (StaticRegistry, LoadReport) {
    let mut reg = StaticRegistry::new();
    let mut report = LoadReport::default();
    for (path, _, _) in fp {
        let shown = path.strip_prefix(dir).unwrap_or(path).display().to_string();
        if ext_of(path) != "json" {
            report.problems.push(format!(
                "{shown}: YAML is not supported; convert it to JSON (skipped)"
            ));
            continue;
        }
        report.files += 1;
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                report.problems.push(format!("{shown}: cannot read: {e}"));
                continue;
            }
        };
        let doc: serde_json::Value = match serde_json::from_str(&text) {
            Ok(d) => d,
            Err(e) => {
                report.problems.push(format!("{shown}: not JSON: {e}"));
                continue;
            }
        };
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        if let Err(e) = reg.add_document(&shown, stem, &doc) {
            report.problems.push(e);
        }
    }
    report.problems.append(&mut reg.warnings);
    for t in reg.tools() {
        if let Err(e) = compile_schema(&t.schema) {
            report.problems.push(format!(
                "{}: schema for tool {:?} does not compile; its calls will be `unverified`: {e}",
                t.source, t.tool
            ));
        }
    }
    report.tools = reg.len();
    (reg, report)
}

fn log_report(dir: &Path, r: &LoadReport, reload: bool) {
    for p in &r.problems {
        tracing::warn!(dir = %dir.display(), "tool schema: {p}");
    }
    tracing::info!(dir = %dir.display(), files = r.files, tools = r.tools, problems = r.problems.len(), reload, "tool schemas loaded");
}

#[cfg(test)]
mod tests {
    use super::*;
    use groundcheck_detectors::report::ToolCallStatus;
    use groundcheck_detectors::run::{AgentRun, ToolCall};
    use groundcheck_detectors::stage1::{Stage1, Stage1Config};
    use std::time::Instant;

    fn call(tool: &str, args: &str) -> AgentRun {
        AgentRun {
            tool_calls: vec![ToolCall {
                id: "c1".into(),
                name: tool.into(),
                arguments: Some(args.into()),
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    fn stage1(reg: &Arc<FileRegistry>) -> Stage1 {
        Stage1::new(
            Stage1Config {
                disable_provenance: true,
                ..Default::default()
            },
            Some(reg.clone() as Arc<dyn SchemaRegistry>),
        )
    }

    #[test]
    fn loads_json_schema_openapi_and_reports_bad_files() {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("get_order.json"), r#"{"type":"object","required":["order_id"],"properties":{"order_id":{"type":"string"}}}"#).unwrap();
        std::fs::create_dir(d.path().join("apis")).unwrap();
        std::fs::write(
            d.path().join("apis/shop.json"),
            r#"{"openapi":"3.1.0","info":{"title":"s","version":"1"},"paths":{"/refunds":{"post":{"operationId":"createRefund",
               "requestBody":{"required":true,"content":{"application/json":{"schema":{"type":"object","required":["amount"],"properties":{"amount":{"type":"number"}}}}}}}}}}"#,
        )
        .unwrap();
        std::fs::write(d.path().join("broken.json"), "{not json").unwrap();
        std::fs::write(d.path().join("bad_type.json"), r#"{"type":"objekt"}"#).unwrap();
        std::fs::write(d.path().join("x.yaml"), "type: object").unwrap();
        let reg = FileRegistry::load(d.path()).unwrap();
        let snap = reg.snapshot();
        assert_eq!(
            snap.len(),
            3,
            "{:?}",
            snap.tools()
                .iter()
                .map(|t| t.tool.clone())
                .collect::<Vec<_>>()
        );
        let (_, report) = read_dir(d.path(), &fingerprint(d.path()).unwrap());
        let all = report.problems.join("\n");
        assert!(all.contains("broken.json: not JSON"), "{all}");
        assert!(
            all.contains("bad_type.json") && all.contains("does not compile"),
            "{all}"
        );
        assert!(all.contains("x.yaml: YAML is not supported"), "{all}");

        let s1 = stage1(&reg);
        assert_eq!(
            s1.verify(&call("get_order", "{}"))[0].status,
            ToolCallStatus::Invalid
        );
        assert_eq!(
            s1.verify(&call("get_order", r#"{"order_id":"A1"}"#))[0].status,
            ToolCallStatus::Valid
        );
        let v = s1.verify(&call("createRefund", r#"{"amount":"ten"}"#));
        assert!(
            v[0].errors
                .iter()
                .any(|e| e.contains("/amount") && e.contains("rule: type")),
            "{:?}",
            v[0].errors
        );
        assert_eq!(
            s1.verify(&call("bad_type", "{}"))[0].status,
            ToolCallStatus::Unverified
        );
        assert!(FileRegistry::load(&d.path().join("missing")).is_err());
    }

    #[test]
    fn hot_reload_picks_up_new_and_changed_files() {
        let d = tempfile::tempdir().unwrap();
        let reg = FileRegistry::load(d.path()).unwrap();
        let _w = spawn_watcher(&reg, Duration::from_millis(20)).unwrap();
        let s1 = stage1(&reg);
        assert_eq!(
            s1.verify(&call("lookup", r#"{"q":1}"#))[0].status,
            ToolCallStatus::UnknownTool
        );
        std::fs::write(
            d.path().join("lookup.json"),
            r#"{"type":"object","properties":{"q":{"type":"string"}}}"#,
        )
        .unwrap();
        let wait_for = |want: ToolCallStatus| {
            let t = Instant::now();
            while t.elapsed() < Duration::from_secs(10) {
                if s1.verify(&call("lookup", r#"{"q":1}"#))[0].status == want {
                    return true;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            false
        };
        assert!(
            wait_for(ToolCallStatus::Invalid),
            "new schema file not picked up"
        );
        // Change it (different size, so the change is seen even on coarse mtime clocks).
        std::fs::write(
            d.path().join("lookup.json"),
            r#"{"type":"object","properties":{"q":{"type":["string","integer"]}}}"#,
        )
        .unwrap();
        assert!(
            wait_for(ToolCallStatus::Valid),
            "changed schema file not picked up"
        );
        std::fs::remove_file(d.path().join("lookup.json")).unwrap();
        assert!(
            wait_for(ToolCallStatus::UnknownTool),
            "removed schema file still in effect"
        );
    }

    #[test]
    fn watcher_ends_when_registry_dropped() {
        let d = tempfile::tempdir().unwrap();
        let reg = FileRegistry::load(d.path()).unwrap();
        let h = spawn_watcher(&reg, Duration::from_millis(5)).unwrap();
        drop(reg);
        let t = Instant::now();
        while !h.is_finished() && t.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(h.is_finished());
    }

    /// End to end through OTLP/JSON decoding, assembly and `check`: the spans carry only tool
    /// names (declarations stripped), the schema comes from the directory.
    #[test]
    fn check_uses_the_schema_dir_when_spans_carry_only_names() {
        use clap::{CommandFactory, FromArgMatches, Parser};
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            s: crate::config::SettingsArgs,
        }
        let example = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../examples/agent-run.json"
        ))
        .unwrap();
        let mut doc: serde_json::Value = serde_json::from_str(&example).unwrap();
        let mut schema = None;
        for rs in doc["resourceSpans"].as_array_mut().unwrap() {
            for ss in rs["scopeSpans"].as_array_mut().unwrap() {
                for sp in ss["spans"].as_array_mut().unwrap() {
                    sp["attributes"].as_array_mut().unwrap().retain(|a| {
                        let k = a["key"].as_str().unwrap();
                        if k == "tool.parameters" {
                            schema = Some(a["value"]["stringValue"].as_str().unwrap().to_owned());
                        }
                        !(k.starts_with("llm.tools.") || k == "tool.parameters")
                    });
                }
            }
        }
        let d = tempfile::tempdir().unwrap();
        let schemas = d.path().join("schemas");
        std::fs::create_dir(&schemas).unwrap();
        let defs = format!(
            r#"[{{"name": "search_flights", "parameters": {}}}]"#,
            schema.unwrap()
        );
        std::fs::write(schemas.join("travel.json"), defs).unwrap();
        let input = d.path().join("run.json");
        std::fs::write(&input, serde_json::to_string(&doc).unwrap()).unwrap();

        let settings_for = |args: &[&str]| {
            let m = Cli::command().try_get_matches_from(args).unwrap();
            let cli = Cli::from_arg_matches(&m).unwrap();
            crate::config::Settings::resolve(&cli.s, &m).unwrap()
        };
        let statuses = |settings: &crate::config::Settings| {
            let mut out = Vec::new();
            crate::check::run_check(settings, std::slice::from_ref(&input), &mut out).unwrap();
            let r: serde_json::Value =
                serde_json::from_slice(out.split(|b| *b == b'\n').next().unwrap()).unwrap();
            r["tool_call_validations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| {
                    (
                        v["status"].as_str().unwrap().to_owned(),
                        v["errors"].to_string(),
                    )
                })
                .collect::<Vec<_>>()
        };
        let without = statuses(&settings_for(&["t"]));
        assert_eq!(without[0].0, "unknown_tool", "{without:?}");
        let dir = schemas.to_str().unwrap();
        let with = statuses(&settings_for(&[
            "t",
            "--schema-dir",
            dir,
            "--schema-reload-secs",
            "0",
            "--id-pattern",
            "X-\\d+",
            "--id-pattern",
            "Y-\\d+",
        ]));
        assert_eq!(with[0].0, "invalid", "{with:?}");
        assert!(
            with[0].1.contains("/cabin") && with[0].1.contains("rule: enum"),
            "{with:?}"
        );
    }

    /// The assembler's inline check: a tool span is checked the moment it arrives, against a
    /// schema declared on an earlier span or, failing that, the registry.
    #[test]
    fn inline_check_counts_rejections_as_spans_arrive() {
        use groundcheck_detectors::span::{NormalizedSpan, SpanRole, ToolDefinition, ToolExec};
        let d = tempfile::tempdir().unwrap();
        std::fs::write(
            d.path().join("refund.json"),
            r#"{"type":"object","required":["amount"],"properties":{"amount":{"type":"number"}}}"#,
        )
        .unwrap();
        let reg = FileRegistry::load(d.path()).unwrap();
        let detector = groundcheck_detectors::pipeline::Detector {
            cfg: groundcheck_detectors::pipeline::DetectorConfig::new(
                Default::default(),
                groundcheck_detectors::stage2::Aggregation::Min,
            ),
            stage1: Stage1::new(
                Stage1Config::default(),
                Some(reg as Arc<dyn SchemaRegistry>),
            ),
            scorers: vec![],
            judge: None,
            prober: None,
        };
        let tool_span = |name: &str, args: &str| {
            let mut s = NormalizedSpan::default();
            s.facts.role = SpanRole::Tool;
            s.facts.tool = Some(ToolExec {
                name: name.into(),
                arguments: Some(args.into()),
                call_id: Some("c".into()),
                ..Default::default()
            });
            s
        };
        let mut llm = NormalizedSpan::default();
        llm.facts.tools = vec![ToolDefinition {
            name: "lookup".into(),
            description: None,
            parameters: Some(
                serde_json::json!({"type":"object","properties":{"q":{"type":"string"}}}),
            ),
        }];
        let m = crate::metrics::Metrics::default();
        let mut seen = std::collections::HashMap::new();
        crate::pipeline::inline_stage1(&detector, &mut seen, &[llm], &m);
        crate::pipeline::inline_stage1(
            &detector,
            &mut seen,
            &[
                tool_span("lookup", r#"{"q":5}"#),
                tool_span("refund", "{}"),
                tool_span("refund", r#"{"amount":3}"#),
                tool_span("other", "{}"),
            ],
            &m,
        );
        use std::sync::atomic::Ordering::Relaxed;
        assert_eq!(m.stage1_inline_tool_calls_total.load(Relaxed), 3);
        assert_eq!(m.stage1_inline_rejected_total.load(Relaxed), 2);
        assert!(m
            .render()
            .contains("groundcheck_stage1_inline_rejected_total 2"));
    }
}
