//! Conformance: the official JSON-Schema-Test-Suite through Stage 1's own compile + validate
//! path (`stage1::compile_with(stage1::schema_options() + a disk retriever)`,
//! `stage1::validation_errors`). A case passes when Stage 1 reports no error exactly when the
//! suite says the instance is valid.
//!
//! - `draft2020-12`: the schemas as written (they carry `$schema`; 2020-12 is also the default).
//! - `draft7`: the suite's draft-7 schemas carry no `$schema`; each root schema gets
//!   `"$schema": "http://json-schema.org/draft-07/schema#"`, which is how an operator declares
//!   draft 7 to Stage 1 (the `$schema` path is what is exercised).
//! - `optional/` directories are counted separately (format assertion, bignum, ECMA regex, …).
//!
//! Remote references (`http://localhost:1234/…`) are resolved from the suite's `remotes/`.
//! Stage 1 asserts `format` (deliberately: a malformed e-mail or date in a tool argument is an
//! error), so the core suite's "format is an annotation only" expectations fail by design.
//!
//! The floors below are the counts measured when this test was written; a drop fails the test.
//! Data: `../shared/data/json-schema-test-suite` (or `GROUNDCHECK_JSON_SCHEMA_SUITE`); the test
//! is skipped, with a message, when the suite is absent. `GROUNDCHECK_SUITE_VERBOSE=1` lists
//! every failing case.

use groundcheck_detectors::stage1::{compile_with, schema_options, validation_errors};
use serde_json::Value as J;
use std::path::{Path, PathBuf};

/// (draft dir, core floor, optional floor)
const FLOORS: &[(&str, usize, usize)] = &[("draft2020-12", 1279, 879), ("draft7", 926, 750)];

struct DiskRemotes(PathBuf);

impl jsonschema::Retrieve for DiskRemotes {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<J, Box<dyn std::error::Error + Send + Sync>> {
        let s = uri.as_str();
        let rel = s
            .strip_prefix("http://localhost:1234/")
            .ok_or_else(|| format!("not a suite remote: {s}"))?;
        let rel = rel.split('#').next().unwrap_or(rel);
        let text = std::fs::read_to_string(self.0.join(rel)).map_err(|e| format!("{s}: {e}"))?;
        Ok(serde_json::from_str(&text)?)
    }
}

fn suite_root() -> Option<PathBuf> {
    let p = std::env::var_os("GROUNDCHECK_JSON_SCHEMA_SUITE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/json-schema-test-suite")
        });
    p.join("tests").is_dir().then_some(p)
}

#[derive(Default, Debug)]
struct Tally {
    passed: usize,
    total: usize,
    failed_files: Vec<(String, usize)>,
}

fn json_files(dir: &Path, recursive: bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(rd) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            if recursive {
                out.extend(json_files(&p, true));
            }
        } else if p.extension().is_some_and(|x| x == "json") {
            out.push(p);
        }
    }
    out.sort();
    out
}

fn run_file(path: &Path, draft: &str, remotes: &Path, tally: &mut Tally) {
    let groups: Vec<J> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut failed = 0;
    for g in groups {
        let mut schema = g["schema"].clone();
        if draft == "draft7" {
            if let J::Object(o) = &mut schema {
                o.entry("$schema")
                    .or_insert_with(|| J::String("http://json-schema.org/draft-07/schema#".into()));
            }
        }
        let opts = schema_options().with_retriever(DiskRemotes(remotes.to_owned()));
        let compiled =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| compile_with(opts, &schema)));
        for t in g["tests"].as_array().unwrap() {
            tally.total += 1;
            let want_valid = t["valid"].as_bool().unwrap();
            let ok = match &compiled {
                Ok(Ok(v)) => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    validation_errors(v, &t["data"]).is_empty() == want_valid
                }))
                .unwrap_or(false),
                _ => false,
            };
            if ok {
                tally.passed += 1;
            } else {
                failed += 1;
                if std::env::var_os("GROUNDCHECK_SUITE_VERBOSE").is_some() {
                    let why = match &compiled {
                        Ok(Err(e)) => format!("does not compile: {e}"),
                        Err(_) => "panicked".to_owned(),
                        Ok(Ok(_)) => format!("expected valid={want_valid}"),
                    };
                    println!(
                        "  FAIL {}: {} / {}: {why}",
                        path.display(),
                        g["description"],
                        t["description"]
                    );
                }
            }
        }
    }
    if failed > 0 {
        tally.failed_files.push((
            path.file_name().unwrap().to_string_lossy().into_owned(),
            failed,
        ));
    }
}

#[test]
fn json_schema_test_suite_pass_counts_do_not_regress() {
    let Some(root) = suite_root() else {
        eprintln!(
            "JSON-Schema-Test-Suite not found (../shared/data/json-schema-test-suite): skipped"
        );
        return;
    };
    let remotes = root.join("remotes");
    let mut regressions = Vec::new();
    for &(draft, core_floor, optional_floor) in FLOORS {
        let dir = root.join("tests").join(draft);
        let mut core = Tally::default();
        for f in json_files(&dir, false) {
            run_file(&f, draft, &remotes, &mut core);
        }
        let mut optional = Tally::default();
        for f in json_files(&dir.join("optional"), true) {
            run_file(&f, draft, &remotes, &mut optional);
        }
        println!(
            "{draft}: core {}/{} passed; optional {}/{} passed",
            core.passed, core.total, optional.passed, optional.total
        );
        println!("  core failures by file: {:?}", core.failed_files);
        println!("  optional failures by file: {:?}", optional.failed_files);
        if core.passed < core_floor {
            regressions.push(format!(
                "{draft} core: {} < floor {core_floor}",
                core.passed
            ));
        }
        if optional.passed < optional_floor {
            regressions.push(format!(
                "{draft} optional: {} < floor {optional_floor}",
                optional.passed
            ));
        }
    }
    assert!(
        regressions.is_empty(),
        "JSON-Schema-Test-Suite regressions: {regressions:?}"
    );
}
