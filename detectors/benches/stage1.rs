//! Stage 1 latency: criterion means plus a p50/p99 pass (each call timed on its own).
//!
//! ```sh
//! cargo bench -p groundcheck-detectors --bench stage1
//! ```
//!
//! - `validate/small_schema/*`, `validate/large_schema/*`: one call, schema compiled once (cache
//!   warm). `check_inline`: the schema check alone (what the collector runs per tool span:
//!   parse, schema hash, validate). `verify_call_full`: `Stage1::verify` of a one-call run (parse,
//!   validate, entity extraction, provenance against the request and declarations, retries).
//!   The large schema has ~45 properties, `$ref`s, nested objects, an array of 10 objects,
//!   `oneOf`, patterns, enums and formats; its call has ~25 entities. `collect_entities`,
//!   `provenance_check`: the two provenance steps of that call alone.
//! - `provenance/100x10KiB/*`: a run with 100 earlier tool results of 10 KiB each (1 MiB); the
//!   call has five entities (URL, e-mail, UUID, ID, path). `check_prebuilt`: extraction + search
//!   with the run's evidence already normalized (what `verify` does per call: the evidence is
//!   normalized once per run); the entities sit in results 40–99. `check_prebuilt_absent`: all
//!   five absent (every byte searched five times). `evidence_build`: normalizing the run's
//!   1 MiB (once per run). `verify_call_cold`: `Stage1::verify_call` on that run, evidence
//!   built for this one call.

use criterion::{black_box, Criterion};
use groundcheck_detectors::run::{AgentRun, ToolCall};
use groundcheck_detectors::span::ToolDefinition;
use groundcheck_detectors::stage1::provenance::{check, collect_entities};
use groundcheck_detectors::stage1::{Evidence, Stage1, Stage1Config};
use serde_json::{json, Value as J};
use std::time::{Duration, Instant};

fn small_schema() -> J {
    json!({"type": "object", "required": ["order_id"], "additionalProperties": false, "properties": {
        "order_id": {"type": "string", "pattern": "^ORD-\\d+$"},
        "verbose": {"type": "boolean"},
        "limit": {"type": "integer", "minimum": 1, "maximum": 100}}})
}

/// ~60 properties: nested objects, arrays of objects, `$ref`s, enums, patterns, formats, oneOf.
fn large_schema() -> J {
    let mut props = serde_json::Map::new();
    for i in 0..40 {
        let p = match i % 5 {
            0 => json!({"type": "string", "minLength": 1, "maxLength": 200}),
            1 => json!({"type": "integer", "minimum": 0, "maximum": 1000000}),
            2 => {
                json!({"type": "string", "enum": ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"]})
            }
            3 => json!({"type": "string", "pattern": "^[A-Z]{2,4}-[0-9]{3,8}$"}),
            _ => json!({"type": "boolean"}),
        };
        props.insert(format!("field_{i}"), p);
    }
    props.insert("contact".into(), json!({"$ref": "#/$defs/contact"}));
    props.insert(
        "items".into(),
        json!({"type": "array", "maxItems": 50, "items": {"$ref": "#/$defs/line"}}),
    );
    props.insert(
        "shipping".into(),
        json!({"type": "object", "required": ["address", "method"], "properties": {
        "address": {"$ref": "#/$defs/address"}, "method": {"enum": ["ground", "air", "sea"]},
        "deliver_after": {"type": "string", "format": "date-time"}}}),
    );
    props.insert("payment".into(), json!({"oneOf": [
        {"type": "object", "required": ["card_token"], "properties": {"card_token": {"type": "string", "pattern": "^tok_[a-z0-9]{8,}$"}}, "additionalProperties": false},
        {"type": "object", "required": ["iban"], "properties": {"iban": {"type": "string", "pattern": "^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$"}}, "additionalProperties": false}]}));
    props.insert(
        "callback_url".into(),
        json!({"type": "string", "format": "uri"}),
    );
    json!({"type": "object", "additionalProperties": false, "required": ["field_0", "contact", "items", "shipping", "payment"],
    "properties": props,
    "$defs": {
        "contact": {"type": "object", "required": ["email"], "properties": {"email": {"type": "string", "format": "email"}, "name": {"type": "string"}, "phone": {"type": "string", "pattern": "^\\+?[0-9 ()-]{7,20}$"}}},
        "address": {"type": "object", "required": ["street", "city", "country"], "properties": {"street": {"type": "string"}, "city": {"type": "string"}, "zip": {"type": "string", "pattern": "^[0-9A-Z -]{3,10}$"}, "country": {"type": "string", "pattern": "^[A-Z]{2}$"}}},
        "line": {"type": "object", "required": ["sku", "qty"], "properties": {"sku": {"type": "string", "pattern": "^SKU-[0-9]{4,8}$"}, "qty": {"type": "integer", "minimum": 1}, "price": {"type": "number", "exclusiveMinimum": 0}}}
    }})
}

fn large_args() -> J {
    let mut a = serde_json::Map::new();
    for i in 0..40 {
        let v = match i % 5 {
            0 => json!("a short free-text value"),
            1 => json!(4200 + i),
            2 => json!("gamma"),
            3 => json!(format!("AB-{:05}", 100 + i)),
            _ => json!(true),
        };
        a.insert(format!("field_{i}"), v);
    }
    a.insert(
        "contact".into(),
        json!({"email": "ana@example.com", "name": "Ana Ruiz", "phone": "+34 600 000 000"}),
    );
    a.insert(
        "items".into(),
        J::Array(
            (0..10)
                .map(|i| json!({"sku": format!("SKU-{:05}", 10 + i), "qty": 1 + i, "price": 9.5}))
                .collect(),
        ),
    );
    a.insert("shipping".into(), json!({"address": {"street": "Calle Mayor 1", "city": "Madrid", "zip": "28013", "country": "ES"}, "method": "air", "deliver_after": "2026-05-01T09:00:00Z"}));
    a.insert("payment".into(), json!({"card_token": "tok_a1b2c3d4e5"}));
    a.insert(
        "callback_url".into(),
        json!("https://hooks.example.com/orders/cb"),
    );
    J::Object(a)
}

fn one_call_run(schema: J, args: &J, user: &str) -> AgentRun {
    AgentRun {
        user_input: user.into(),
        tool_definitions: vec![ToolDefinition {
            name: "t".into(),
            description: None,
            parameters: Some(schema),
        }],
        tool_calls: vec![ToolCall {
            id: "c1".into(),
            name: "t".into(),
            arguments: Some(args.to_string()),
            turn: 0,
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// 100 results of 10 KiB; the five entities sit in results 40, 60, 80, 90, 99 (or nowhere).
fn provenance_run(present: bool) -> (AgentRun, ToolCall) {
    let filler =
        "Flight AC1471 departs EWR at 16:30 and arrives AMS at 06:00; fare class economy, 1 bag. ";
    let entities = [
        "https://files.example.org/reports/q3-summary.pdf",
        "maria.lopez@example.org",
        "3f2b9c1e-8a4d-4e0b-9c7a-1d2e3f4a5b6c",
        "TCK-883172",
        "data/exports/2026/q3.csv",
    ];
    let mut calls: Vec<ToolCall> = (0..100)
        .map(|i| {
            let mut r = String::with_capacity(10 * 1024);
            while r.len() < 10 * 1024 - 200 {
                r.push_str(filler);
            }
            if present {
                if let Some(k) = [40, 60, 80, 90, 99].iter().position(|&x| x == i) {
                    r.push_str(&format!(" ref: {} ", entities[k]));
                }
            }
            while r.len() < 10 * 1024 {
                r.push('.');
            }
            ToolCall {
                id: format!("r{i}"),
                name: "search".into(),
                arguments: Some("{}".into()),
                turn: i,
                result: Some(r),
                ..Default::default()
            }
        })
        .collect();
    let args = json!({"url": entities[0], "notify": entities[1], "request_id": entities[2], "ticket": entities[3], "file_path": entities[4]});
    let call = ToolCall {
        id: "c".into(),
        name: "send_report".into(),
        arguments: Some(args.to_string()),
        turn: 100,
        ..Default::default()
    };
    calls.push(call.clone());
    (
        AgentRun {
            user_input: "send the q3 report to whoever asked for it".into(),
            tool_calls: calls,
            ..Default::default()
        },
        call,
    )
}

struct Case {
    name: &'static str,
    iters: usize,
    f: Box<dyn FnMut()>,
}

fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    let s1 = Stage1::new(Stage1Config::default(), None);
    // Small schema.
    {
        let schema = small_schema();
        let args = json!({"order_id": "ORD-88231", "verbose": true, "limit": 10});
        let args_text = args.to_string();
        let run = one_call_run(schema.clone(), &args, "where is order ORD-88231?");
        let s1a = Stage1::new(Stage1Config::default(), None);
        let s1b = Stage1::new(Stage1Config::default(), None);
        v.push(Case {
            name: "validate/small_schema/check_inline",
            iters: 50_000,
            f: Box::new(move || {
                black_box(s1a.check_inline("t", "c1", Some(&args_text), Some(&schema)));
            }),
        });
        v.push(Case {
            name: "validate/small_schema/verify_call_full",
            iters: 50_000,
            f: Box::new(move || {
                black_box(s1b.verify(&run));
            }),
        });
    }
    // Large schema.
    {
        let schema = large_schema();
        let args = large_args();
        assert!(
            s1.check_inline("t", "c1", Some(&args.to_string()), Some(&schema))
                .unwrap()
                .errors
                .is_empty(),
            "large args must be valid"
        );
        let args_text = args.to_string();
        let run = one_call_run(schema.clone(), &args, "order for ana@example.com: SKU-00010 … SKU-00019, AB-00103 AB-00108 AB-00113 AB-00118 AB-00123 AB-00128 AB-00133 AB-00138, tok_a1b2c3d4e5, https://hooks.example.com/orders/cb");
        let s1a = Stage1::new(Stage1Config::default(), None);
        let s1b = Stage1::new(Stage1Config::default(), None);
        let sch1 = schema.clone();
        v.push(Case {
            name: "validate/large_schema/check_inline",
            iters: 20_000,
            f: Box::new(move || {
                black_box(s1a.check_inline("t", "c1", Some(&args_text), Some(&sch1)));
            }),
        });
        let run2 = run.clone();
        v.push(Case {
            name: "validate/large_schema/verify_call_full",
            iters: 20_000,
            f: Box::new(move || {
                black_box(s1b.verify(&run));
            }),
        });
        let (args2, sch2) = (args.clone(), schema.clone());
        v.push(Case {
            name: "validate/large_schema/collect_entities",
            iters: 20_000,
            f: Box::new(move || {
                black_box(collect_entities(&args2, Some(&sch2), &[]));
            }),
        });
        let ents = collect_entities(&args, Some(&schema), &[]);
        let call = run2.tool_calls[0].clone();
        let run2: &'static AgentRun = Box::leak(Box::new(run2));
        let ev = Evidence::of_run(run2);
        ev.len();
        v.push(Case {
            name: "validate/large_schema/provenance_check",
            iters: 20_000,
            f: Box::new(move || {
                black_box(check(&call, &ents, &ev, None, |_, _| false));
            }),
        });
    }
    // Provenance over 100 x 10 KiB.
    for present in [true, false] {
        let (run, call) = provenance_run(present);
        let run: &'static AgentRun = Box::leak(Box::new(run));
        let ev = Evidence::of_run(run);
        assert!(ev.len() >= 100 * 10 * 1024);
        let args: J = serde_json::from_str(call.arguments.as_deref().unwrap()).unwrap();
        let errs = check(
            &call,
            &collect_entities(&args, None, &[]),
            &ev,
            None,
            |_, _| false,
        );
        assert_eq!(errs.is_empty(), present, "{errs:?}");
        let name = if present {
            "provenance/100x10KiB/check_prebuilt"
        } else {
            "provenance/100x10KiB/check_prebuilt_absent"
        };
        v.push(Case {
            name,
            iters: 5_000,
            f: Box::new(move || {
                let entities = collect_entities(black_box(&args), None, &[]);
                black_box(check(&call, &entities, &ev, None, |_, _| false));
            }),
        });
    }
    {
        let (run, call) = provenance_run(true);
        let run2 = run.clone();
        let s1c = Stage1::new(Stage1Config::default(), None);
        v.push(Case {
            name: "provenance/100x10KiB/evidence_build",
            iters: 500,
            f: Box::new(move || {
                black_box(Evidence::of_run(&run).len());
            }),
        });
        v.push(Case {
            name: "provenance/100x10KiB/verify_call_cold",
            iters: 500,
            f: Box::new(move || {
                black_box(s1c.verify_call(&run2, &call));
            }),
        });
    }
    v
}

/// p50/p99/max over every timed call, plus the lowest p99 of five equal rounds: on a shared
/// machine a call preempted by another process shows up in the overall p99 (a time slice is
/// ~4 ms); the best round approximates the p99 without that interference.
fn percentiles(cases: &mut [Case]) {
    println!(
        "\n{:<48} {:>7} {:>11} {:>11} {:>16} {:>11}",
        "case (each call timed)", "n", "p50", "p99", "p99 best round", "max"
    );
    for c in cases.iter_mut() {
        for _ in 0..(c.iters / 10).max(10) {
            (c.f)();
        }
        let mut all: Vec<Duration> = Vec::with_capacity(c.iters);
        let mut best = Duration::MAX;
        for _ in 0..5 {
            let mut t: Vec<Duration> = Vec::with_capacity(c.iters / 5);
            for _ in 0..c.iters / 5 {
                let s = Instant::now();
                (c.f)();
                t.push(s.elapsed());
            }
            t.sort();
            best = best.min(t[(t.len() * 99 / 100).min(t.len() - 1)]);
            all.extend(t);
        }
        all.sort();
        let p = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)];
        println!(
            "{:<48} {:>7} {:>11.2?} {:>11.2?} {:>16.2?} {:>11.2?}",
            c.name,
            all.len(),
            p(0.50),
            p(0.99),
            best,
            all[all.len() - 1]
        );
    }
}

fn main() {
    let mut crit = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    let mut cs = cases();
    for c in cs.iter_mut() {
        crit.bench_function(c.name, |b| b.iter(&mut c.f));
    }
    crit.final_summary();
    // The percentile pass only under `cargo bench` (not `cargo test --benches`).
    if std::env::args().any(|a| a == "--bench") {
        percentiles(&mut cs);
    }
}
