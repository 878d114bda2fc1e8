//! Redacting a [`HallucinationReport`] after detection, keeping its offsets valid.
//!
//! Every string of the report passes the redactor except `run_id`, `trace_id`, `version`,
//! `dialect` and `error_rules` (identifiers and fixed vocabularies groundcheck generates).
//!
//! Offsets after redaction (the contract in `groundcheck_detectors::report`):
//! - claim and flagged-span `start`/`end` index the **redacted** `final_answer` (char offsets);
//!   a boundary that fell inside a redacted value snaps outward to the placeholder;
//! - evidence-span `start`/`end` index the **redacted** evidence text (the tool result,
//!   retrieved document, user request or system prompt named by `tool_call_id`), redacted
//!   with the same redactor — when the run is given and the span's text matches its source;
//!   otherwise only the span's text is redacted and its offsets are left as they were.
//! - texts that are slices of the answer or of evidence (claim, flagged span and evidence span
//!   texts) are taken from the redacted source, so they equal the redacted text at their
//!   offsets and a value cut by their boundaries is replaced whole.

use super::{KnownValue, OffsetMap, Redactor};
use groundcheck_detectors::report::HallucinationReport;
use groundcheck_detectors::run::AgentRun;
use std::collections::HashMap;

/// The text an evidence source id (`tool_call_id` of an evidence span) names in `run`.
pub fn evidence_text<'a>(run: &'a AgentRun, source: &str) -> Option<&'a str> {
    match source {
        "user" => Some(run.user_input.as_str()),
        "system" => Some(run.system_prompt.as_str()),
        s => {
            if let Some(i) = s.strip_prefix("retriever:") {
                if let Ok(i) = i.parse::<usize>() {
                    return run.documents.get(i).map(String::as_str);
                }
            }
            run.tool_calls
                .iter()
                .find(|c| c.id == s)
                .and_then(|c| c.result.as_deref())
        }
    }
}

/// A redacted source text with its offset map and the original, for slicing.
struct Mapped<'a> {
    orig: &'a str,
    redacted: String,
    map: OffsetMap,
}

impl Mapped<'_> {
    /// The redacted text and offsets of the slice `[start, end)` of the original, when `text`
    /// is that slice; `None` otherwise.
    fn slice(&self, start: u32, end: u32, text: &str) -> Option<(String, u32, u32)> {
        let (s, e) = (start as usize, end as usize);
        if s > e || char_slice(self.orig, s, e)? != text {
            return None;
        }
        let (ns, ne) = (self.map.map_start(s), self.map.map_end(e));
        Some((
            char_slice(&self.redacted, ns, ne)?.to_owned(),
            ns as u32,
            ne as u32,
        ))
    }
}

/// `text[start..end]` in char offsets; `None` when out of range.
fn char_slice(text: &str, start: usize, end: usize) -> Option<&str> {
    let mut it = text.char_indices().map(|(i, _)| i).chain([text.len()]);
    let bs = it.nth(start)?;
    let be = if end == start {
        bs
    } else {
        it.nth(end - start - 1)?
    };
    text.get(bs..be)
}

/// Redact `report` in place (see the module docs); `run` is the run it was built from, for the
/// evidence offsets. Detection must be done: this is the last step before the sinks.
pub fn redact_report(r: &Redactor, report: &mut HallucinationReport, run: Option<&AgentRun>) {
    if !r.is_enabled() {
        return;
    }
    // Values found in the sources (answer, arguments, cited evidence) are also replaced where
    // they appear out of context in derived strings (reasons, probes, errors).
    let mut known: Vec<KnownValue> = Vec::new();
    let answer = report.final_answer.take();
    if let Some(a) = &answer {
        r.known_values(a, &mut known);
    }
    for v in &report.tool_call_validations {
        r.known_values(&v.args, &mut known);
    }
    let mut sources: HashMap<String, Option<Mapped>> = HashMap::new();
    if let Some(run) = run {
        for c in &report.claims {
            for e in &c.evidence_spans {
                if !sources.contains_key(&e.tool_call_id) {
                    let t = evidence_text(run, &e.tool_call_id);
                    if let Some(t) = t {
                        r.known_values(t, &mut known);
                    }
                    sources.insert(
                        e.tool_call_id.clone(),
                        t.map(|orig| Mapped {
                            orig,
                            redacted: String::new(),
                            map: OffsetMap::default(),
                        }),
                    );
                }
            }
        }
    }
    known.sort();
    known.dedup();
    let known = known.as_slice();
    let answer_mapped = answer.as_deref().map(|orig| {
        let (redacted, map) = r.redact_mapped(orig, known);
        Mapped {
            orig,
            redacted,
            map,
        }
    });
    for m in sources.values_mut().flatten() {
        let (redacted, map) = r.redact_mapped(m.orig, known);
        m.redacted = redacted;
        m.map = map;
    }

    for c in &mut report.claims {
        // The claim's text is the whole unit; its offsets may narrow to the offending part.
        let unit = answer_mapped.as_ref().and_then(|a| {
            let at = a.orig.find(c.text.as_str())?;
            let s = a.orig[..at].chars().count() as u32;
            a.slice(s, s + c.text.chars().count() as u32, &c.text)
        });
        let offsets = answer_mapped.as_ref().map(|a| {
            (
                a.map.map_start(c.start as usize) as u32,
                a.map.map_end(c.end as usize) as u32,
            )
        });
        match unit {
            Some((t, _, _)) => c.text = t,
            None => r.redact_in_place(&mut c.text, known),
        }
        if let Some((s, e)) = offsets {
            (c.start, c.end) = (s, e);
        }
        for f in &mut c.flagged_spans {
            match answer_mapped
                .as_ref()
                .and_then(|a| a.slice(f.start, f.end, &f.text))
            {
                Some((t, s, e)) => {
                    // The reason quotes the flagged text: quote what replaced it (a fragment of
                    // a value is no match of its own).
                    if t != f.text && !f.text.is_empty() {
                        c.reason = c.reason.replace(f.text.as_str(), &t);
                    }
                    (f.text, f.start, f.end) = (t, s, e)
                }
                None => {
                    r.redact_in_place(&mut f.text, known);
                    if let Some(a) = &answer_mapped {
                        f.start = a.map.map_start(f.start as usize) as u32;
                        f.end = a.map.map_end(f.end as usize) as u32;
                    }
                }
            }
            r.redact_in_place(&mut f.reason, known);
        }
        r.redact_in_place(&mut c.reason, known);
        for e in &mut c.evidence_spans {
            let src = sources.get(&e.tool_call_id).and_then(Option::as_ref);
            match src.and_then(|m| m.slice(e.start, e.end, &e.text)) {
                Some((t, s, end)) => (e.text, e.start, e.end) = (t, s, end),
                None => r.redact_in_place(&mut e.text, known),
            }
            r.redact_in_place(&mut e.tool_call_id, known);
        }
    }
    report.final_answer = answer_mapped.map(|m| m.redacted);

    for v in &mut report.tool_call_validations {
        for s in [&mut v.tool, &mut v.args, &mut v.call_id] {
            r.redact_in_place(s, known);
        }
        for s in v.retry_of.iter_mut().chain(v.retried_by.iter_mut()) {
            r.redact_in_place(s, known);
        }
        for s in &mut v.errors {
            r.redact_in_place(s, known);
        }
    }
    for p in &mut report.consistency_probes {
        for s in [&mut p.claim, &mut p.original, &mut p.kind] {
            r.redact_in_place(s, known);
        }
        for s in p.probe_answers.iter_mut().chain(p.errors.iter_mut()) {
            r.redact_in_place(s, known);
        }
    }
    for s in report
        .agent_name
        .iter_mut()
        .chain(report.service_name.iter_mut())
        .chain(report.model.iter_mut())
        .chain(report.incomplete_reason.iter_mut())
        .chain(report.conversation_id.iter_mut())
        .chain(report.notes.iter_mut())
    {
        r.redact_in_place(s, known);
    }
}
