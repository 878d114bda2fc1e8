//! Stage 1 on the Berkeley Function Calling Leaderboard (BFCL) gold calls.
//!
//! ```sh
//! ./deploy/fetch-bfcl.sh            # prints DIR (…/bfcl_eval/data)
//! cargo run --release -p groundcheck-detectors --example bfcl -- DIR [--show N]
//! ```
//!
//! For every AST category (simple_python/java/javascript, multiple, parallel,
//! parallel_multiple and their live_ versions): the entry's function documents become a
//! registry (tool-definition documents, loose mode: `dict`→object, `float`→number,
//! `tuple`→array, `any`→no constraint, Java/JS types → the closest JSON type); each gold
//! answer in `possible_answer/` becomes a call (per parameter the first acceptable value; a
//! parameter whose only acceptable value is `""`, i.e. "may be omitted", is omitted; nested
//! dicts are read the same way); the question is the user input. Every gold call goes through
//! `Stage1::verify` (schema + provenance):
//!
//! - **false-rejection rate** = gold calls Stage 1 rejects / gold calls, split into schema
//!   (`invalid`, `unverified`, `unknown_tool`) and provenance (`fabricated`);
//! - **recall** on mutated gold calls (only calls Stage 1 accepts unmutated): drop a required
//!   argument; wrong type (a number or boolean stringified, a numeric string as a number,
//!   a string wrapped in a list, a list unwrapped, an object serialized); invented enum value;
//!   fabricated ID (in an id-like parameter a near miss of the gold ID — last digit changed —,
//!   else an invented identifier, URL or e-mail in the first free-text string parameter).

use groundcheck_detectors::report::ToolCallStatus;
use groundcheck_detectors::run::{AgentRun, ToolCall};
use groundcheck_detectors::stage1::{SchemaRegistry, Stage1, Stage1Config, StaticRegistry};
use serde_json::{json, Map, Value as J};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

const CATEGORIES: &[&str] = &[
    "simple_python",
    "simple_java",
    "simple_javascript",
    "multiple",
    "parallel",
    "parallel_multiple",
    "live_simple",
    "live_multiple",
    "live_parallel",
    "live_parallel_multiple",
];

const MUTATIONS: &[&str] = &[
    "drop_required",
    "wrong_type",
    "invented_enum",
    "fabricated_id",
];

fn read_jsonl(p: &Path) -> Vec<J> {
    std::fs::read_to_string(p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

/// A gold value: the first acceptable option (`""` first: the parameter is omitted); objects
/// are option maps (`{"k": [options…]}`), read recursively.
fn pick(options: &J) -> Option<J> {
    let v = options.as_array()?.first()?;
    if v == &J::String(String::new()) {
        return None;
    }
    Some(gold_value(v))
}

fn gold_value(v: &J) -> J {
    match v {
        J::Object(o) => {
            let mut m = Map::new();
            for (k, opts) in o {
                if opts.is_array() {
                    if let Some(x) = pick(opts) {
                        m.insert(k.clone(), x);
                    }
                } else {
                    m.insert(k.clone(), gold_value(opts));
                }
            }
            J::Object(m)
        }
        J::Array(a) => J::Array(a.iter().map(gold_value).collect()),
        x => x.clone(),
    }
}

fn json_type(v: &J) -> &'static str {
    match v {
        J::Null => "null",
        J::Bool(_) => "boolean",
        J::Number(n) if n.is_i64() || n.is_u64() => "integer",
        J::Number(_) => "number",
        J::String(_) => "string",
        J::Array(_) => "array",
        J::Object(_) => "object",
    }
}

fn types_of(prop: &J) -> Vec<String> {
    match prop.get("type") {
        Some(J::String(t)) => vec![t.clone()],
        Some(J::Array(a)) => a
            .iter()
            .filter_map(|t| t.as_str().map(str::to_owned))
            .collect(),
        _ => vec![],
    }
}

fn accepts(types: &[String], v: &J) -> bool {
    let t = json_type(v);
    types
        .iter()
        .any(|x| x == t || (x == "number" && t == "integer"))
}

fn is_id_like(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    n == "id"
        || n == "uuid"
        || n.ends_with("_id")
        || name.ends_with("Id")
        || name.ends_with("ID")
        || n.contains("url")
        || n.contains("email")
        || n.ends_with("path")
        || n.contains("handle")
}

/// A realistic wrong-type value for `v`: numbers and booleans stringified, a numeric string
/// as a number, other strings wrapped in a list, a list unwrapped, an object serialized.
fn wrong_type_of(v: &J) -> J {
    match v {
        J::Number(n) => J::String(n.to_string()),
        J::Bool(b) => J::String(b.to_string()),
        J::String(x) => match x.trim().parse::<f64>() {
            Ok(f) if x.trim().parse::<i64>().is_ok() => {
                json!(x.trim().parse::<i64>().unwrap_or(f as i64))
            }
            Ok(f) => json!(f),
            Err(_) => json!([x]),
        },
        J::Array(a) => a.first().cloned().unwrap_or(J::String(String::new())),
        J::Object(_) => J::String(v.to_string()),
        J::Null => J::String("null".into()),
    }
}

/// A near miss of an ID: its last digit changed (`ORD-1234` → `ORD-1235`, `7890` → `7891`),
/// or, with no digit, a digit appended.
fn near_miss(v: &J) -> Option<J> {
    match v {
        J::Number(n) => n.as_u64().map(|x| json!(x + 1)),
        J::String(x) => {
            let mut chars: Vec<char> = x.chars().collect();
            match chars.iter().rposition(char::is_ascii_digit) {
                Some(i) => {
                    let d = chars[i].to_digit(10).unwrap_or(0);
                    chars[i] = char::from_digit((d + 1) % 10, 10).unwrap_or('0');
                    Some(J::String(chars.into_iter().collect()))
                }
                None => Some(J::String(format!("{x}7"))),
            }
        }
        _ => None,
    }
}

/// The mutated arguments, or `None` when the mutation does not apply to this call.
fn mutate(kind: &str, args: &Map<String, J>, schema: &J, question: &str) -> Option<Map<String, J>> {
    let props = schema.get("properties").and_then(J::as_object)?;
    let mut out = args.clone();
    match kind {
        "drop_required" => {
            let req = schema.get("required")?.as_array()?;
            let k = req
                .iter()
                .filter_map(J::as_str)
                .find(|k| out.contains_key(*k))?;
            out.remove(k);
        }
        "wrong_type" => {
            let (k, wrong) = args.iter().find_map(|(k, v)| {
                let types = types_of(props.get(k)?);
                let w = wrong_type_of(v);
                (!types.is_empty() && !accepts(&types, &w)).then(|| (k.clone(), w))
            })?;
            out.insert(k, wrong);
        }
        "invented_enum" => {
            let k = args
                .keys()
                .find(|k| {
                    props
                        .get(*k)
                        .and_then(|p| p.get("enum"))
                        .and_then(J::as_array)
                        .is_some_and(|e| e.iter().any(J::is_string))
                })?
                .clone();
            let enum_vals = props[&k]["enum"].as_array().unwrap();
            let base = enum_vals.iter().find_map(J::as_str).unwrap();
            let mut invented = format!("{base}_premium");
            while enum_vals.contains(&J::String(invented.clone())) {
                invented.push('x');
            }
            out.insert(k, J::String(invented));
        }
        "fabricated_id" => {
            let free_string = |k: &str| {
                let p = props.get(k);
                p.is_some_and(|p| {
                    types_of(p).iter().any(|t| t == "string") && p.get("enum").is_none()
                })
            };
            let q = question.to_lowercase();
            // An id-like parameter: a near miss of the gold ID; else an invented ID in the first
            // free-text string parameter.
            let id_param = args.iter().find_map(|(k, v)| {
                let p = props.get(k)?;
                let typed_ok = free_string(k)
                    || types_of(p).iter().any(|t| t == "integer")
                    || types_of(p).is_empty();
                if !is_id_like(k) || !typed_ok || p.get("enum").is_some() {
                    return None;
                }
                let m = near_miss(v)?;
                let text = match &m {
                    J::String(x) => x.to_lowercase(),
                    x => x.to_string(),
                };
                (!q.contains(&text)).then(|| (k.clone(), m))
            });
            let (k, fake) = match id_param {
                Some(x) => x,
                None => {
                    let k = args.keys().find(|k| free_string(k))?.clone();
                    let n = k.to_ascii_lowercase();
                    let fake = if n.contains("url") || n.contains("link") {
                        "https://files.example-cdn.net/r/7f3k9q2x"
                    } else if n.contains("email") {
                        "j.mercer4821@mailbox-relay.net"
                    } else {
                        "ID-48213957"
                    };
                    (k, J::String(fake.into()))
                }
            };
            out.insert(k, fake);
        }
        _ => return None,
    }
    Some(out)
}

#[derive(Default)]
struct Tally {
    calls: usize,
    schema_rejected: usize,
    provenance_rejected: usize,
    mutated: BTreeMap<&'static str, (usize, usize)>,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut dir: Option<PathBuf> = None;
    let mut show = 10usize;
    while let Some(a) = args.next() {
        if a == "--show" {
            show = args.next().and_then(|n| n.parse().ok()).unwrap_or(10);
        } else {
            dir = Some(PathBuf::from(a));
        }
    }
    let mut dir =
        dir.expect("usage: bfcl DIR (the bfcl_eval/data directory; see deploy/fetch-bfcl.sh)");
    if dir.join("bfcl_eval/data").is_dir() {
        dir = dir.join("bfcl_eval/data");
    }
    let stage1_cfg = Stage1Config::default();
    let mut per_cat: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut examples: Vec<String> = Vec::new();
    let mut missed: Vec<String> = Vec::new();
    for cat in CATEGORIES {
        let qf = dir.join(format!("BFCL_v4_{cat}.json"));
        let af = dir.join(format!("possible_answer/BFCL_v4_{cat}.json"));
        if !qf.exists() || !af.exists() {
            eprintln!("{cat}: missing {} or {}", qf.display(), af.display());
            continue;
        }
        let answers: HashMap<String, J> = read_jsonl(&af)
            .into_iter()
            .map(|a| (a["id"].as_str().unwrap().to_owned(), a))
            .collect();
        let tally = per_cat.entry(cat).or_default();
        for q in read_jsonl(&qf) {
            let id = q["id"].as_str().unwrap().to_owned();
            let Some(ans) = answers.get(&id) else {
                continue;
            };
            let mut reg = StaticRegistry::new();
            reg.add_document(&id, "", &q["function"])
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            let reg = Arc::new(reg);
            let s1 = Stage1::new(
                stage1_cfg.clone(),
                Some(reg.clone() as Arc<dyn SchemaRegistry>),
            );
            let msgs: Vec<&J> = q["question"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|turn| turn.as_array().into_iter().flatten())
                .collect();
            let text = |role: &str| {
                msgs.iter()
                    .filter(|m| m["role"] == role)
                    .filter_map(|m| m["content"].as_str())
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            let base = AgentRun {
                user_input: text("user"),
                system_prompt: text("system"),
                ..Default::default()
            };
            let gold: Vec<(String, Map<String, J>)> = ans["ground_truth"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| {
                    c.as_object()?.iter().next().map(|(n, a)| {
                        (
                            n.clone(),
                            gold_value(a).as_object().cloned().unwrap_or_default(),
                        )
                    })
                })
                .collect();
            let run_of = |calls: &[(String, Map<String, J>)]| {
                let mut run = base.clone();
                run.tool_calls = calls
                    .iter()
                    .enumerate()
                    .map(|(i, (n, a))| ToolCall {
                        id: format!("c{i}"),
                        name: n.clone(),
                        arguments: Some(J::Object(a.clone()).to_string()),
                        turn: 0,
                        ..Default::default()
                    })
                    .collect();
                run
            };
            let v = s1.verify(&run_of(&gold));
            for (i, val) in v.iter().enumerate() {
                tally.calls += 1;
                let accepted = match val.status {
                    ToolCallStatus::Valid => true,
                    ToolCallStatus::Fabricated => {
                        tally.provenance_rejected += 1;
                        false
                    }
                    _ => {
                        tally.schema_rejected += 1;
                        false
                    }
                };
                if !accepted {
                    if examples.len() < show {
                        examples.push(format!(
                            "{id} {} {}: {}",
                            val.tool,
                            val.status.as_str(),
                            val.errors.join("; ")
                        ));
                    }
                    continue;
                }
                let Some(schema) = reg.get(&gold[i].0) else {
                    continue;
                };
                for kind in MUTATIONS {
                    let Some(m) = mutate(kind, &gold[i].1, &schema.schema, &base.user_input) else {
                        continue;
                    };
                    let mv = s1.verify(&run_of(&[(gold[i].0.clone(), m.clone())]));
                    let e = tally.mutated.entry(kind).or_default();
                    e.0 += 1;
                    if mv[0].status.is_rejection() {
                        e.1 += 1;
                    } else if missed.len() < show {
                        missed.push(format!("{id} {kind} {}: {}", gold[i].0, J::Object(m)));
                    }
                }
            }
        }
    }
    let mut all = Tally::default();
    println!(
        "{:<24} {:>6} {:>10} {:>10} {:>9}   recall by mutation (detected/mutated)",
        "category", "calls", "FR schema", "FR prov.", "FR total"
    );
    for (cat, t) in &per_cat {
        let fr = |n: usize| n as f64 / t.calls.max(1) as f64;
        let muts: Vec<String> = t
            .mutated
            .iter()
            .map(|(k, (n, d))| format!("{k} {d}/{n}"))
            .collect();
        println!(
            "{cat:<24} {:>6} {:>10.4} {:>10.4} {:>9.4}   {}",
            t.calls,
            fr(t.schema_rejected),
            fr(t.provenance_rejected),
            fr(t.schema_rejected + t.provenance_rejected),
            muts.join(", ")
        );
        all.calls += t.calls;
        all.schema_rejected += t.schema_rejected;
        all.provenance_rejected += t.provenance_rejected;
        for (k, (n, d)) in &t.mutated {
            let e = all.mutated.entry(k).or_default();
            e.0 += n;
            e.1 += d;
        }
    }
    let fr = |n: usize| n as f64 / all.calls.max(1) as f64;
    println!(
        "ALL: {} gold calls; false rejections: schema {} ({:.4}), provenance {} ({:.4}), total {:.4}",
        all.calls,
        all.schema_rejected,
        fr(all.schema_rejected),
        all.provenance_rejected,
        fr(all.provenance_rejected),
        fr(all.schema_rejected + all.provenance_rejected)
    );
    let (calls, sr, pr) =
        per_cat
            .iter()
            .filter(|(c, _)| !c.contains("java"))
            .fold((0, 0, 0), |(n, s, p), (_, t)| {
                (
                    n + t.calls,
                    s + t.schema_rejected,
                    p + t.provenance_rejected,
                )
            });
    println!(
        "without simple_java/simple_javascript (gold arguments there are source expressions): {calls} calls; false rejections: schema {sr} ({:.4}), provenance {pr} ({:.4}), total {:.4}",
        sr as f64 / calls.max(1) as f64,
        pr as f64 / calls.max(1) as f64,
        (sr + pr) as f64 / calls.max(1) as f64
    );
    let (mut n, mut d) = (0, 0);
    for (k, (kn, kd)) in &all.mutated {
        println!(
            "  {k:<14} recall {:.4} ({kd}/{kn})",
            *kd as f64 / (*kn).max(1) as f64
        );
        n += kn;
        d += kd;
    }
    println!(
        "  {:<14} recall {:.4} ({d}/{n})",
        "all",
        d as f64 / n.max(1) as f64
    );
    if !examples.is_empty() {
        println!("first false rejections:");
        for e in &examples {
            println!("  {}", e.chars().take(400).collect::<String>());
        }
    }
    if !missed.is_empty() {
        println!("first missed mutations:");
        for e in &missed {
            println!("  {}", e.chars().take(400).collect::<String>());
        }
    }
}
