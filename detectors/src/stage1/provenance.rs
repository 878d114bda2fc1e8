//! Entity provenance: which values in a call's arguments are entities (URLs, e-mails, UUIDs,
//! handles, configured ID patterns, identifier- and path-shaped strings, values of id/url/
//! path-like fields), and whether each was supplied earlier in the run.
//!
//! The run's evidence is normalized once per run ([`Evidence::of_run`]); each call then costs a
//! bounded substring search per entity over the evidence visible to it (user input, system
//! prompt, tool declarations, results of calls from earlier turns).

use crate::run::{AgentRun, ToolCall};
use regex::Regex;
use serde_json::Value as J;
use std::sync::OnceLock;

/// One entity found in the arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entity {
    /// JSON pointer of the argument value holding it.
    pub pointer: String,
    /// The entity as written in the arguments.
    pub raw: String,
    /// What is searched for in the evidence (normalized; a handle without its `@`).
    pub needle: String,
    pub kind: EntityKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntityKind {
    Url,
    Email,
    Uuid,
    Handle,
    /// A match of an operator-configured ID pattern.
    Pattern,
    /// The whole value of an id/url/path/handle-like field.
    Keyed,
    Identifier,
    Path,
}

impl EntityKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EntityKind::Url => "url",
            EntityKind::Email => "email",
            EntityKind::Uuid => "uuid",
            EntityKind::Handle => "handle",
            EntityKind::Pattern => "id",
            EntityKind::Keyed => "field value",
            EntityKind::Identifier => "identifier",
            EntityKind::Path => "path",
        }
    }
}

/// The run's evidence, normalized at most once, in tiers searched in order and built only
/// when an entity is not found in the earlier ones: the request (user input, system prompt),
/// the tool declarations the model was given, the tool results.
#[derive(Debug)]
pub struct Evidence<'a> {
    run: &'a AgentRun,
    request: String,
    declarations: OnceLock<String>,
    /// (turn, normalized result) of every call with a result, in run order.
    results: OnceLock<Vec<(usize, String)>>,
}

impl<'a> Evidence<'a> {
    pub fn of_run(run: &'a AgentRun) -> Evidence<'a> {
        let mut request = normalize_entity(&run.user_input);
        request.push('\n');
        request.push_str(&normalize_entity(&run.system_prompt));
        Evidence {
            run,
            request,
            declarations: OnceLock::new(),
            results: OnceLock::new(),
        }
    }

    /// The tool declarations the model was given (descriptions, enums, defaults, examples,
    /// values quoted in descriptions such as "'primary' for the user's own calendar") are part
    /// of its context, like the system prompt.
    fn declarations(&self) -> &str {
        self.declarations.get_or_init(|| {
            let mut d = String::new();
            for text in self.run.declaration_texts() {
                d.push('\n');
                d.push_str(&normalize_entity(&text));
            }
            d
        })
    }

    fn results(&self) -> &[(usize, String)] {
        self.results.get_or_init(|| {
            self.run
                .tool_calls
                .iter()
                .filter_map(|c| c.result.as_ref().map(|r| (c.turn, normalize_entity(r))))
                .collect()
        })
    }

    /// Total bytes of normalized evidence (builds every tier).
    pub fn len(&self) -> usize {
        self.request.len()
            + self.declarations().len()
            + self.results().iter().map(|(_, r)| r.len()).sum::<usize>()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `needle` (normalized) occurs in the evidence visible to a call of `turn`: the request,
    /// the declarations, `extra` (e.g. a registry schema), results of calls from earlier turns.
    /// [`Evidence::contains`] as a whole token: not the start or end of a longer value joined
    /// by `-`, `_` or `.` ("2025-06" is no token of "2025-06-26").
    pub fn contains_token(&self, needle: &str, turn: usize, extra: Option<&str>) -> bool {
        token_in(&self.request, needle)
            || token_in(self.declarations(), needle)
            || extra.is_some_and(|e| token_in(e, needle))
            || self
                .results()
                .iter()
                .any(|(t, r)| *t < turn && token_in(r, needle))
    }

    pub fn contains(&self, needle: &str, turn: usize, extra: Option<&str>) -> bool {
        contains_bounded(&self.request, needle)
            || contains_bounded(self.declarations(), needle)
            || extra.is_some_and(|e| contains_bounded(e, needle))
            || self
                .results()
                .iter()
                .any(|(t, r)| *t < turn && contains_bounded(r, needle))
    }
}

/// Provenance errors of one call's entities (empty when every entity is supplied).
///
/// The small sources (user input, system prompt, declarations, `extra`) are searched first;
/// only entities not found there are searched in the earlier results (the bulk of a long run).
pub fn check(
    call: &ToolCall,
    entities: &[Entity],
    evidence: &Evidence<'_>,
    extra: Option<&str>,
    allowed: impl Fn(&str, &str) -> bool,
) -> Vec<String> {
    let mut pending: Vec<&Entity> = Vec::new();
    for e in entities {
        if e.needle.is_empty()
            || pending.iter().any(|p| p.needle == e.needle)
            || allowed(&e.raw, &e.needle)
        {
            continue;
        }
        if contains_bounded(&evidence.request, &e.needle)
            || extra.is_some_and(|x| contains_bounded(x, &e.needle))
        {
            continue;
        }
        pending.push(e);
    }
    pending.retain(|e| !contains_bounded(evidence.declarations(), &e.needle));
    if pending.is_empty() {
        return Vec::new();
    }
    let visible: Vec<&str> = evidence
        .results()
        .iter()
        .filter(|(t, _)| *t < call.turn)
        .map(|(_, r)| r.as_str())
        .collect();
    let found = find_all(
        &visible,
        &pending
            .iter()
            .map(|e| e.needle.as_str())
            .collect::<Vec<_>>(),
    );
    let mut errors = Vec::new();
    for (e, f) in pending.iter().zip(found) {
        if f || e.kind == EntityKind::Url
            && url_parts_supplied(&e.needle, |part| {
                evidence.contains_token(part, call.turn, extra)
            })
        {
            continue;
        }
        // A name the call's own result returns as a field or column ("delivered_m3" selected
        // by a query whose result has that column): the data source accepted it as a name
        // of its schema. A value the result merely echoes is no such confirmation.
        if e.kind == EntityKind::Identifier
            && call
                .result
                .as_deref()
                .is_some_and(|r| names_in_result(r, &e.needle))
        {
            continue;
        }
        // A value in a format the declarations prescribe by example ("order id such as
        // '#W0000000'"): its prefix is the format, its digits are the content ("9502126" from
        // the user becomes "#W9502126").
        if let Some(digits) = templated_digits(&e.needle, evidence.declarations()) {
            if evidence.contains(digits, call.turn, extra) {
                continue;
            }
        }
        // A pattern or glob is supplied when its literal parts are (a regex's escapes and
        // anchors are syntax, not content).
        if let Some(parts) = pattern_literals(&e.needle) {
            if parts.iter().all(|p| evidence.contains(p, call.turn, extra)) {
                continue;
            }
        }
        errors.push(format!(
            "{}: {} {:?} was not supplied by the user, the system prompt, an earlier tool result or the allowlist (rule: provenance; searched: user input, system prompt, tool declarations, results of {} call(s) from turns before {})",
            e.pointer,
            e.kind.as_str(),
            e.raw,
            visible.len(),
            call.turn
        ));
    }
    errors
}

/// Which of `needles` occur (bounded, see [`contains_bounded`]) in any of `docs`: one SIMD
/// substring search (memchr's `memmem`) per needle, stopping at its first bounded occurrence.
/// Whether `needle` (normalized) is a field name of the JSON `result` or an entry of a
/// `columns` list in it (at most 8 levels deep, 4096 names).
fn names_in_result(result: &str, needle: &str) -> bool {
    let Ok(j) = serde_json::from_str::<J>(result.trim_start()) else {
        return false;
    };
    let mut budget = 4096usize;
    fn walk(v: &J, needle: &str, depth: usize, budget: &mut usize) -> bool {
        if depth > 8 || *budget == 0 {
            return false;
        }
        match v {
            J::Object(o) => o.iter().any(|(k, x)| {
                *budget = budget.saturating_sub(1);
                normalize_entity(k) == needle
                    || k == "columns"
                        && x.as_array().is_some_and(|cols| {
                            cols.iter().any(|c| {
                                c.as_str()
                                    .or_else(|| c.get("name").and_then(J::as_str))
                                    .is_some_and(|c| normalize_entity(c) == needle)
                            })
                        })
                    || walk(x, needle, depth + 1, budget)
            }),
            J::Array(a) => a
                .iter()
                .take(64)
                .any(|x| walk(x, needle, depth + 1, budget)),
            _ => false,
        }
    }
    walk(&j, needle, 0, &mut budget)
}

pub fn find_all(docs: &[&str], needles: &[&str]) -> Vec<bool> {
    needles
        .iter()
        .map(|n| {
            let finder = memchr::memmem::Finder::new(n.as_bytes());
            docs.iter()
                .any(|d| find_bounded(&finder, d.as_bytes(), n.as_bytes()))
        })
        .collect()
}

/// A bounded occurrence, overlapping occurrences included (`a-a` in `xa-a-a `).
fn find_bounded(finder: &memchr::memmem::Finder<'_>, hb: &[u8], needle: &[u8]) -> bool {
    let mut from = 0;
    while from <= hb.len() {
        match finder.find(&hb[from..]) {
            Some(p) => {
                if bounded_at(hb, needle, from + p) {
                    return true;
                }
                from += p + 1;
            }
            None => return false,
        }
    }
    false
}

/// The occurrence of `needle` at `s` in `hb` is not glued to other alphanumerics.
fn bounded_at(hb: &[u8], needle: &[u8], s: usize) -> bool {
    let e = s + needle.len();
    let first_an = needle.first().is_some_and(u8::is_ascii_alphanumeric);
    let last_an = needle.last().is_some_and(u8::is_ascii_alphanumeric);
    (!first_an || s == 0 || !hb[s - 1].is_ascii_alphanumeric())
        && (!last_an || e >= hb.len() || !hb[e].is_ascii_alphanumeric())
}

/// A URL assembled from supplied parts: its host, every path segment and every query value
/// were each supplied (e.g. the user's IP filled into a declared endpoint template
/// `https://{ip}/api/v1/nodes?fabric={fabric}`). An invented host, ID or slug still fails.
fn url_parts_supplied(url: &str, found: impl Fn(&str) -> bool) -> bool {
    let Some((_, rest)) = url.split_once("://") else {
        return false;
    };
    let (authority, tail) = match rest.find(['/', '?', '#']) {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    let host_port = authority.rsplit('@').next().unwrap_or(authority);
    let host = if host_port.starts_with('[') {
        host_port
    } else {
        host_port.split(':').next().unwrap_or(host_port)
    };
    if host.is_empty() || !found(host) {
        return false;
    }
    let tail = tail.split('#').next().unwrap_or("");
    let (path, query) = tail.split_once('?').unwrap_or((tail, ""));
    // A path segment that is a plain word ("details") is found in almost any prose: it must
    // have been supplied as a path segment (`/details`, `details/` — a URL or a declared
    // template of the evidence). A value with digits or punctuation (an ID, a slug, an IP)
    // may also be supplied on its own, to fill a template's placeholder.
    let plain_word = |seg: &str| seg.bytes().all(|b| b.is_ascii_lowercase());
    let segment = |seg: &str| {
        found(&format!("/{seg}")) || found(&format!("{seg}/")) || !plain_word(seg) && found(seg)
    };
    path.split('/').filter(|s| !s.is_empty()).all(segment)
        && query
            .split('&')
            .filter_map(|kv| kv.split_once('=').map(|(_, v)| v))
            .filter(|v| !v.is_empty())
            .all(&found)
}

fn field_is_entity_like(key: &str) -> bool {
    // camelCase ids (`orderId`, `userID`); a lower-case `…id` suffix alone would take `paid`, `valid`.
    if key.len() > 2
        && (key.ends_with("Id")
            || key.ends_with("ID")
            || key.ends_with("Ids")
            || key.ends_with("IDs"))
    {
        return true;
    }
    if key.len() > 32 {
        return false;
    }
    let mut buf = [0u8; 32];
    buf[..key.len()].copy_from_slice(key.as_bytes());
    buf[..key.len()].make_ascii_lowercase();
    let Ok(k) = std::str::from_utf8(&buf[..key.len()]) else {
        return false;
    };
    const EXACT: &[&str] = &[
        "id",
        "ids",
        "uuid",
        "guid",
        "url",
        "uri",
        "href",
        "link",
        "path",
        "file",
        "filename",
        "filepath",
        "handle",
        "username",
        "email",
        "locator",
        "sku",
        "slug",
        "repo",
        "repository",
        "table",
        "dataset",
        "bucket",
        "channel",
        "project",
    ];
    const SUFFIX: &[&str] = &[
        "_id", "_ids", "-id", "_url", "url", "_uri", "_path", "path", "_file", "_handle", "_email",
        "_locator", "_number", "_no", "_ref", "_sku",
    ];
    EXACT.contains(&k) || SUFFIX.iter().any(|s| k.ends_with(s) && k.len() > s.len())
}

struct Patterns {
    url: Regex,
    email: Regex,
    uuid: Regex,
    handle: Regex,
    date_time: Regex,
    period: Regex,
    tz: Regex,
}

fn patterns() -> &'static Patterns {
    static R: OnceLock<Patterns> = OnceLock::new();
    R.get_or_init(|| Patterns {
        url: Regex::new(r"(?i)\b(?:https?|ftp|s3|gs|file)://[^\s<>'\x22]+").unwrap(),
        email: Regex::new(r"(?i)\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b").unwrap(),
        uuid: Regex::new(r"(?i)\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b").unwrap(),
        // `@name`; the character before the `@` is checked separately (no look-behind).
        handle: Regex::new(r"@[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?").unwrap(),
        // Dates and times are values, not identifiers.
        // IANA time zone names are values a model derives from a city, not identifiers.
        tz: Regex::new(r"^(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)/[A-Za-z_+-]+(?:/[A-Za-z_+-]+)?$").unwrap(),
        date_time: Regex::new(r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$|^\d{1,2}:\d{2}(:\d{2})?$").unwrap(),
        // Calendar periods (`2026-Q1`, `Q1-2026`, `2026-03`, `2026-W14`, `2025H2`, `FY2026`,
        // `FY26-Q3`): values of time, written in the tool's format, never identifiers.
        period: Regex::new(r"(?i)^(?:\d{4}[-/ ]?(?:Q[1-4]|H[12]|W[0-5]\d|0[1-9]|1[0-2])|(?:Q[1-4]|H[12])[-/ ]?\d{4}|FY ?(?:\d{4}|\d{2})(?:[-/ ]?(?:Q[1-4]|H[12]))?)$").unwrap(),
    })
}

/// Characters of code and formulas (`x**2`, `f(x)`, `a=b`), never of identifiers or paths.
fn has_operator_chars(s: &str) -> bool {
    s.contains([
        '(', ')', '*', '^', '=', '<', '>', '{', '}', '[', ']', '|', '$', ',',
    ])
}

/// A path-shaped value: no whitespace, letters, and a `/` or a dotted name (`org/repo`,
/// `sales.orders_daily`, `report.pdf`).
fn looks_like_path(s: &str) -> bool {
    !s.chars().any(char::is_whitespace)
        && !has_operator_chars(s)
        && !is_tz(s)
        && s.chars().any(|c| c.is_ascii_alphabetic())
        && (s.contains('/')
            || s.contains('\\')
            || s.split('.').filter(|p| !p.is_empty()).count() >= 2 && !s.ends_with('.'))
        && !is_date_time_value(s)
        && s.chars().count() >= 3
}

/// An identifier-shaped token: no whitespace, letters and digits mixed (`AC1471`, `ORD-88231`).
fn looks_like_identifier(s: &str) -> bool {
    let n = s.chars().count();
    (4..=64).contains(&n)
        && !s.chars().any(char::is_whitespace)
        && !has_operator_chars(s)
        && s.chars().any(|c| c.is_ascii_digit())
        && s.chars().any(|c| c.is_ascii_alphabetic())
        && !is_date_time_value(s)
}

fn is_date_time_value(s: &str) -> bool {
    s.as_bytes().first().is_some_and(u8::is_ascii_digit) && patterns().date_time.is_match(s)
        || s.len() <= 10 && patterns().period.is_match(s)
}

fn is_tz(s: &str) -> bool {
    s.as_bytes().first().is_some_and(u8::is_ascii_uppercase)
        && s.contains('/')
        && patterns().tz.is_match(s)
}

fn schema_enum_contains(schema: Option<&J>, value: &J) -> bool {
    schema
        .and_then(|s| s.get("enum"))
        .and_then(J::as_array)
        .is_some_and(|e| e.contains(value))
        || schema
            .and_then(|s| s.get("const"))
            .is_some_and(|c| c == value)
}

fn sub_schema<'a>(schema: Option<&'a J>, key: Option<&str>, index: bool) -> Option<&'a J> {
    let s = schema?;
    if index {
        return s.get("items");
    }
    s.get("properties")?.get(key?)
}

/// Collect the entities of a call's (parsed) arguments. `schema` (optional) exempts values
/// the schema itself enumerates; `id_patterns` are the operator's ID regexes.
pub fn collect_entities(args: &J, schema: Option<&J>, id_patterns: &[Regex]) -> Vec<Entity> {
    let mut out = Vec::new();
    walk(args, &mut Vec::new(), None, schema, id_patterns, &mut out);
    out
}

/// One step of a JSON pointer (rendered only when an entity is found).
enum Seg<'a> {
    Key(&'a str),
    Index(usize),
}

fn pointer_of(path: &[Seg<'_>]) -> String {
    let mut p = String::new();
    for s in path {
        p.push('/');
        match s {
            Seg::Key(k) => p.push_str(&k.replace('~', "~0").replace('/', "~1")),
            Seg::Index(i) => p.push_str(&i.to_string()),
        }
    }
    p
}

fn push(out: &mut Vec<Entity>, path: &[Seg<'_>], raw: &str, kind: EntityKind) {
    let norm = normalize_entity(raw);
    let needle = if kind == EntityKind::Handle {
        norm.trim_start_matches('@').to_owned()
    } else {
        norm
    };
    out.push(Entity {
        pointer: pointer_of(path),
        raw: raw.to_owned(),
        needle,
        kind,
    });
}

fn walk<'a>(
    v: &'a J,
    path: &mut Vec<Seg<'a>>,
    key: Option<&str>,
    schema: Option<&J>,
    id_patterns: &[Regex],
    out: &mut Vec<Entity>,
) {
    let pointer = &*path;
    match v {
        J::Object(o) => {
            for (k, child) in o {
                path.push(Seg::Key(k));
                walk(
                    child,
                    path,
                    Some(k),
                    sub_schema(schema, Some(k), false),
                    id_patterns,
                    out,
                );
                path.pop();
            }
        }
        J::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                path.push(Seg::Index(i));
                walk(
                    child,
                    path,
                    key,
                    sub_schema(schema, None, true),
                    id_patterns,
                    out,
                );
                path.pop();
            }
        }
        J::String(s) => {
            if schema_enum_contains(schema, v) || s.trim().is_empty() {
                return;
            }
            let p = patterns();
            let before = out.len();
            // Matched byte ranges, so a handle inside an e-mail or URL is not taken twice.
            let mut taken: Vec<(usize, usize)> = Vec::new();
            // Cheap byte tests first: most argument strings hold no URL, e-mail, UUID or handle.
            let has_at = s.contains('@');
            let may = [s.contains("://"), has_at, s.len() >= 36 && s.contains('-')];
            for ((re, kind), _) in [
                (&p.url, EntityKind::Url),
                (&p.email, EntityKind::Email),
                (&p.uuid, EntityKind::Uuid),
            ]
            .into_iter()
            .zip(may)
            .filter(|(_, m)| *m)
            {
                for m in re.find_iter(s) {
                    if !taken.iter().any(|&(a, b)| m.start() < b && a < m.end()) {
                        taken.push((m.start(), m.end()));
                        push(out, pointer, m.as_str(), kind);
                    }
                }
            }
            for m in p.handle.find_iter(if has_at { s.as_str() } else { "" }) {
                let glued = s[..m.start()].chars().next_back().is_some_and(|c| {
                    c.is_alphanumeric() || matches!(c, '.' | '_' | '-' | '/' | '@')
                });
                if !glued && !taken.iter().any(|&(a, b)| m.start() < b && a < m.end()) {
                    taken.push((m.start(), m.end()));
                    push(out, pointer, m.as_str(), EntityKind::Handle);
                }
            }
            for re in id_patterns {
                for m in re.find_iter(s) {
                    if !m.as_str().is_empty()
                        && !taken.iter().any(|&(a, b)| m.start() < b && a < m.end())
                    {
                        taken.push((m.start(), m.end()));
                        push(out, pointer, m.as_str(), EntityKind::Pattern);
                    }
                }
            }
            let keyed_field = key.is_some_and(field_is_entity_like);
            let covers_all = out.len() == before + 1 && out[before].raw == s.trim();
            if keyed_field
                && out.len() > before
                && !covers_all
                && !s.trim().contains(char::is_whitespace)
            {
                // In an id/url/path-like field the whole value must have been supplied, not
                // just the URL or e-mail inside it (`git@github.com:org/repo.git`).
                out.truncate(before);
            }
            if out.len() == before {
                // A list in one string (`org/a,org/b`, `ID1; ID2`): each element on its own.
                let parts: Vec<&str> = if s.contains([',', ';']) {
                    s.split([',', ';'])
                        .map(str::trim)
                        .filter(|x| !x.is_empty())
                        .collect()
                } else {
                    vec![s.as_str()]
                };
                for part in parts {
                    // A value of an id-like field is an entity when it reads as one: no spaces,
                    // or a short name with a digit (`R vs Adams 2`, `iPhone 13`).
                    let short_with_digit = part.split_whitespace().count() <= 4
                        && part.contains(|c: char| c.is_ascii_digit());
                    if keyed_field
                        && (!part.contains(' ') || short_with_digit)
                        && !is_date_time_value(part)
                        && !is_tz(part)
                    {
                        push(out, pointer, part, EntityKind::Keyed);
                    } else if looks_like_identifier(part) {
                        push(out, pointer, part, EntityKind::Identifier);
                    } else if looks_like_path(part) {
                        push(out, pointer, part, EntityKind::Path);
                    }
                }
            }
        }
        J::Number(n) => {
            if schema_enum_contains(schema, v) {
                return;
            }
            let keyed =
                key.is_some_and(field_is_entity_like) && n.as_u64().is_some_and(|u| u >= 10);
            if id_patterns.is_empty() && !keyed {
                return;
            }
            let text = n.to_string();
            if id_patterns.iter().any(|re| {
                re.find(&text)
                    .is_some_and(|m| m.start() == 0 && m.end() == text.len())
            }) {
                push(out, pointer, &text, EntityKind::Pattern);
            } else if keyed {
                push(out, pointer, &text, EntityKind::Keyed);
            }
        }
        _ => {}
    }
}

/// Normalization for provenance matching: lower case, percent-decoded, quotes and trailing
/// slashes trimmed.
pub fn normalize_entity(s: &str) -> String {
    let decoded = percent_decode(s);
    let t = decoded
        .trim()
        .trim_matches(|c| c == '"' || c == '\'' || c == '`');
    let t = if t.len() > 1 {
        t.trim_end_matches('/')
    } else {
        t
    };
    // Formatting that carries no meaning: every Unicode space (U+00A0, U+2009, …) is one
    // ASCII space, and a `#` in front of an identifier ("#W123" is order W123) is dropped, so
    // the needle and the evidence are compared by content.
    let mut out = String::with_capacity(t.len());
    let mut prev_space = false;
    let mut prev: Option<char> = None;
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_whitespace() {
            if !prev_space {
                out.push(' ');
            }
            prev_space = true;
            prev = Some(' ');
            continue;
        }
        prev_space = false;
        let starts_word = prev.is_none_or(|p| !p.is_alphanumeric());
        if c == '#' && starts_word && chars.peek().is_some_and(|n| n.is_alphanumeric()) {
            prev = Some(c);
            continue;
        }
        out.extend(c.to_lowercase());
        prev = Some(c);
    }
    out
}

/// The digit part of `needle` when `needle` is a short letter prefix followed by digits and
/// the declarations show that prefix followed by a digit as an example of the format
/// (`w9502126` with `#W0000000` declared → `9502126`).
pub fn templated_digits<'n>(needle: &'n str, declarations: &str) -> Option<&'n str> {
    let split = needle.find(|c: char| c.is_ascii_digit())?;
    let (prefix, digits) = needle.split_at(split);
    if prefix.is_empty()
        || prefix.chars().count() > 3
        || !prefix.chars().all(|c| c.is_alphabetic())
        || digits.len() < 4
        || !digits.chars().all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let mut from = 0;
    while let Some(p) = declarations[from..].find(prefix) {
        let at = from + p;
        let bounded = declarations[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let next_digit = declarations[at + prefix.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit());
        if bounded && next_digit {
            return Some(digits);
        }
        from = at + prefix.len();
    }
    None
}

/// The literal text of a search pattern or glob (`\bSOME_NAME\b`, `^v1\.2`, `src/**/*.rs`):
/// the runs of ordinary characters between the syntax, those of 3+ characters kept. `None`
/// when `s` has no pattern syntax (it is compared as it is).
pub fn pattern_literals(s: &str) -> Option<Vec<String>> {
    let has_syntax = s.contains('\\')
        || s.contains(".*")
        || s.contains('*')
        || s.contains('?')
        || (s.starts_with('^') || s.ends_with('$'))
        || (s.contains('[') && s.contains(']'));
    if !has_syntax {
        return None;
    }
    let mut parts = Vec::new();
    let mut cur = String::new();
    let mut chars = s.chars().peekable();
    let flush = |cur: &mut String, parts: &mut Vec<String>| {
        if cur.chars().count() >= 3 {
            parts.push(std::mem::take(cur));
        } else {
            cur.clear();
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                // An escaped punctuation character is that character; an escaped letter is a
                // class or an anchor (\b, \d, \w, \s).
                Some(n) if !n.is_alphanumeric() => cur.push(n),
                _ => flush(&mut cur, &mut parts),
            },
            '[' => {
                flush(&mut cur, &mut parts);
                for n in chars.by_ref() {
                    if n == ']' {
                        break;
                    }
                }
            }
            '^' | '$' | '*' | '?' | '+' | '(' | ')' | '|' | '{' | '}' => {
                flush(&mut cur, &mut parts)
            }
            '.' if chars.peek().is_some_and(|n| matches!(n, '*' | '+' | '?')) => {
                flush(&mut cur, &mut parts)
            }
            '/' => flush(&mut cur, &mut parts),
            _ => cur.push(c),
        }
    }
    flush(&mut cur, &mut parts);
    Some(parts)
}

fn percent_decode(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains('%') {
        return std::borrow::Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let Ok(x) =
                u8::from_str_radix(std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("zz"), 16)
            {
                out.push(x);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    std::borrow::Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}

/// `needle` occurs in `haystack` not glued to other alphanumerics (so `B6198` is not found
/// inside `B61984`).
/// Whether `needle` occurs in `haystack` as a whole token (see [`Evidence::contains_token`]).
fn token_in(haystack: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return true;
    }
    let h = haystack.as_bytes();
    let joined = |b: Option<&u8>, beyond: Option<&u8>| match b {
        Some(c) if c.is_ascii_alphanumeric() => true,
        Some(b'-' | b'_' | b'.') => beyond.is_some_and(|d| d.is_ascii_alphanumeric()),
        _ => false,
    };
    memchr::memmem::find_iter(h, needle.as_bytes()).any(|i| {
        let e = i + needle.len();
        let before = i.checked_sub(1).and_then(|k| h.get(k));
        let before2 = i.checked_sub(2).and_then(|k| h.get(k));
        !joined(before, before2) && !joined(h.get(e), h.get(e + 1))
    })
}

pub fn contains_bounded(haystack: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return true;
    }
    find_bounded(
        &memchr::memmem::Finder::new(needle.as_bytes()),
        haystack.as_bytes(),
        needle.as_bytes(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn kinds(args: J, pats: &[&str]) -> Vec<(String, EntityKind)> {
        let pats: Vec<Regex> = pats.iter().map(|p| Regex::new(p).unwrap()).collect();
        collect_entities(&args, None, &pats)
            .into_iter()
            .map(|e| (e.raw, e.kind))
            .collect()
    }

    #[test]
    fn handles_and_emails() {
        let k = kinds(
            json!({"text": "ping @alice.b and mail bob@example.com about it"}),
            &[],
        );
        assert_eq!(
            k,
            vec![
                ("bob@example.com".into(), EntityKind::Email),
                ("@alice.b".into(), EntityKind::Handle)
            ]
        );
        // A handle inside a URL is the URL's, not a second entity.
        let k = kinds(json!({"u": "https://medium.com/@writer/post-1"}), &[]);
        assert_eq!(
            k,
            vec![("https://medium.com/@writer/post-1".into(), EntityKind::Url)]
        );
        // The needle of a handle is the name without `@`.
        let e = collect_entities(&json!({"to": "@Carol_9"}), None, &[]);
        assert_eq!(e[0].needle, "carol_9");
    }

    #[test]
    fn id_patterns_match_inside_text_and_numbers() {
        let k = kinds(
            json!({"note": "refund ORD-88 and ORD-91 please", "acct": 12345678}),
            &[r"ORD-\d+", r"\d{8}"],
        );
        assert!(k.contains(&("ORD-88".into(), EntityKind::Pattern)), "{k:?}");
        assert!(k.contains(&("ORD-91".into(), EntityKind::Pattern)), "{k:?}");
        assert!(
            k.contains(&("12345678".into(), EntityKind::Pattern)),
            "{k:?}"
        );
        // Without patterns, prose with an ID in it is not an entity.
        assert!(kinds(json!({"note": "refund ORD-88 and ORD-91 please"}), &[]).is_empty());
    }

    #[test]
    fn calendar_periods_are_values_not_identifiers() {
        for v in [
            "2026-Q1", "Q4-2025", "2026-03", "2026-W14", "2025H2", "FY2026", "FY26-Q3",
        ] {
            assert!(kinds(json!({ "quarter_id": v }), &[]).is_empty(), "{v}");
        }
        // Codes that only look a little like periods stay identifiers.
        for v in ["2026-Q9", "ORD-2026", "Q1X-2026"] {
            assert!(!kinds(json!({ "quarter_id": v }), &[]).is_empty(), "{v}");
        }
    }

    #[test]
    fn find_all_is_bounded_and_overlapping() {
        let docs = ["flight b61984 today", "ab abc x-1"];
        assert_eq!(
            find_all(&docs, &["b6198", "b61984", "abc", "ab", "x-1", "zz"]),
            vec![false, true, true, true, true, false]
        );
        assert!(contains_bounded("xa-a-a ", "a-a"));
        assert!(!contains_bounded("xa-a-ay", "a-a"));
    }

    /// [`url_parts_supplied`] with the user input as the only evidence.
    fn url_supplied_by(user_input: &str, url: &str) -> bool {
        let run = AgentRun {
            user_input: user_input.into(),
            ..Default::default()
        };
        let ev = Evidence::of_run(&run);
        url_parts_supplied(url, |p| ev.contains(p, 0, None))
    }

    #[test]
    fn urls_from_supplied_parts() {
        let template = "ip 192.168.1.9, fabric pek-aci\nhttps://{ip}/api/v1/nodes?fabric={fabric}";
        let f = |u: &str| url_supplied_by(template, u);
        assert!(f("https://192.168.1.9/api/v1/nodes?fabric=pek-aci"));
        assert!(!f("https://192.168.1.9/api/v1/nodes?fabric=other"));
        assert!(!f("https://10.0.0.1/api/v1/nodes?fabric=pek-aci"));
        assert!(!f("https://192.168.1.9/api/v1/nodes/n-4471"));
        // Plain words are path segments only where the evidence has them as such.
        let prose =
            "See https://www.example.org/legal/plan-terms for the details of your plan, order ORD-7.";
        let f = |u: &str| url_supplied_by(prose, u);
        assert!(f("https://www.example.org/legal/plan-terms"));
        assert!(f("https://www.example.org/legal/ord-7"));
        assert!(!f("https://www.example.org/legal/details"));
        assert!(!f("https://www.example.org/plan/terms"));
    }

    #[test]
    fn formatting_is_not_content() {
        // Unicode spaces and '#' prefixes.
        assert_eq!(
            normalize_entity("[email\u{a0}protected]"),
            "[email protected]"
        );
        assert_eq!(normalize_entity("#W9502126"), "w9502126");
        assert_eq!(normalize_entity("issue#12"), "issue#12");
        // Declared templates.
        let decl = normalize_entity(
            "The order id, such as '#W0000000'. Be careful there is a '#' symbol.",
        );
        assert_eq!(templated_digits("w9502126", &decl), Some("9502126"));
        assert_eq!(templated_digits("x9502126", &decl), None);
        assert_eq!(templated_digits("w95", &decl), None);
        // Patterns and globs by their literal parts.
        assert_eq!(
            pattern_literals(r"\bsome_name\b"),
            Some(vec!["some_name".to_owned()])
        );
        assert_eq!(
            pattern_literals("src/**/*.rs"),
            Some(vec!["src".to_owned(), ".rs".to_owned()])
        );
        assert_eq!(
            pattern_literals(r"^v1\.2\.3$"),
            Some(vec!["v1.2.3".to_owned()])
        );
        assert_eq!(pattern_literals("plain_value"), None);
    }

    #[test]
    fn evidence_respects_turns() {
        let run = AgentRun {
            user_input: "hi".into(),
            tool_calls: vec![ToolCall {
                turn: 1,
                result: Some("ORD-5".into()),
                ..Default::default()
            }],
            ..Default::default()
        };
        let ev = Evidence::of_run(&run);
        assert!(ev.contains("ord-5", 2, None));
        assert!(!ev.contains("ord-5", 1, None));
        assert!(ev.contains("x-1", 0, Some("a x-1 b")));
    }
}
