//! Structured answers: an agent whose final answer is one JSON object (a JSON-schema response
//! format, a back-office integration) states its facts as fields, not sentences. Segmenting the
//! JSON text as prose reads its keys (`remaining_t`) as code references and runs a whole object
//! into one claim. [`render`] rewrites such an answer into the layout Stage 2 reads — a field is
//! a labeled line ("Remaining t: 2450"), a list of strings a bulleted list, a list of flat
//! objects a Markdown table, a nested object its own block of lines, `true`/`false` "yes"/"no",
//! a `null` nothing — and keeps the map back ([`Rewritten`]), so every offset of the report is
//! the answer's own; the claims' texts are the rendered lines.
//!
//! Only an answer that is JSON as a whole (surrounding whitespace and a Markdown code fence
//! aside) is rendered; prose with a JSON snippet inside is prose. The parser keeps the byte
//! span of every key and value; it is bounded in depth ([`MAX_DEPTH`]) and size
//! ([`MAX_NODES`]), and an answer beyond either is read as written.

use super::rewrite::Rewritten;

/// Deepest nesting rendered.
const MAX_DEPTH: usize = 32;
/// Most values (keys not counted) rendered.
const MAX_NODES: usize = 4096;
/// Most columns of a list rendered as a table (wider lists are rendered item by item).
const MAX_COLUMNS: usize = 16;

/// A JSON value with the byte spans of the answer it was read from.
#[derive(Debug)]
enum Node {
    /// Fields: the key's span (inside its quotes) and the value.
    Obj(Vec<((usize, usize), Node)>),
    Arr(Vec<Node>),
    /// The span inside the quotes.
    Str(usize, usize),
    Num(usize, usize),
    Bool(bool, usize, usize),
    Null,
}

impl Node {
    fn is_scalar(&self) -> bool {
        !matches!(self, Node::Obj(_) | Node::Arr(_))
    }
}

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
    nodes: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && matches!(self.b[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        self.ws();
        (self.b.get(self.i) == Some(&c)).then(|| self.i += 1)
    }

    fn value(&mut self, depth: usize) -> Option<Node> {
        self.nodes += 1;
        if depth > MAX_DEPTH || self.nodes > MAX_NODES {
            return None;
        }
        self.ws();
        match *self.b.get(self.i)? {
            b'{' => {
                self.i += 1;
                let mut fields = Vec::new();
                if self.eat(b'}').is_some() {
                    return Some(Node::Obj(fields));
                }
                loop {
                    self.ws();
                    let key = self.string()?;
                    self.eat(b':')?;
                    fields.push((key, self.value(depth + 1)?));
                    if self.eat(b',').is_none() {
                        self.eat(b'}')?;
                        return Some(Node::Obj(fields));
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                if self.eat(b']').is_some() {
                    return Some(Node::Arr(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    if self.eat(b',').is_none() {
                        self.eat(b']')?;
                        return Some(Node::Arr(items));
                    }
                }
            }
            b'"' => self.string().map(|(s, e)| Node::Str(s, e)),
            b't' => self.literal(b"true").map(|(s, e)| Node::Bool(true, s, e)),
            b'f' => self.literal(b"false").map(|(s, e)| Node::Bool(false, s, e)),
            b'n' => self.literal(b"null").map(|_| Node::Null),
            _ => self.number(),
        }
    }

    /// A string at the cursor: the span inside its quotes.
    fn string(&mut self) -> Option<(usize, usize)> {
        if self.b.get(self.i) != Some(&b'"') {
            return None;
        }
        let s = self.i + 1;
        let mut i = s;
        loop {
            match *self.b.get(i)? {
                b'"' => break,
                b'\\' => i += 2,
                c if c < 0x20 => return None,
                _ => i += 1,
            }
        }
        self.i = i + 1;
        Some((s, i))
    }

    fn literal(&mut self, word: &[u8]) -> Option<(usize, usize)> {
        let s = self.i;
        self.b[s..].starts_with(word).then(|| {
            self.i += word.len();
            (s, self.i)
        })
    }

    fn number(&mut self) -> Option<Node> {
        let s = self.i;
        let digits = |p: &mut Self| {
            let from = p.i;
            while p.b.get(p.i).is_some_and(u8::is_ascii_digit) {
                p.i += 1;
            }
            p.i > from
        };
        if self.b.get(self.i) == Some(&b'-') {
            self.i += 1;
        }
        if !digits(self) {
            return None;
        }
        if self.b.get(self.i) == Some(&b'.') {
            self.i += 1;
            if !digits(self) {
                return None;
            }
        }
        if matches!(self.b.get(self.i), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.b.get(self.i), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if !digits(self) {
                return None;
            }
        }
        Some(Node::Num(s, self.i))
    }
}

/// The JSON an answer is as a whole, with the byte offset of its first character: the trimmed
/// answer, or the inside of the one Markdown code fence it is (```` ```json … ``` ````).
fn parse(answer: &str) -> Option<Node> {
    let lead = answer.len() - answer.trim_start().len();
    let mut body = answer.trim();
    let mut at = lead;
    if let Some(rest) = body.strip_prefix("```") {
        let inner = rest.strip_suffix("```")?;
        let nl = inner.find('\n')?;
        if !inner[..nl]
            .trim()
            .chars()
            .all(|c| c.is_ascii_alphanumeric())
        {
            return None;
        }
        at += 3 + nl + 1;
        body = &inner[nl + 1..];
    }
    if !body.trim_start().starts_with(['{', '[']) {
        return None;
    }
    // Parse from the start of the answer so that every span is the answer's own.
    let mut p = Parser {
        b: answer.as_bytes(),
        i: at,
        nodes: 0,
    };
    let node = p.value(0)?;
    let rest = answer[p.i..].trim();
    let fenced = at > lead;
    (rest == if fenced { "```" } else { "" }).then_some(node)
}

/// Builds the rendered text and its edits, consuming the answer left to right.
struct Builder<'a> {
    src: &'a str,
    out: String,
    edits: Vec<(usize, usize, usize, usize)>,
    /// The answer is accounted for up to here (copied, rewritten or deleted).
    pos: usize,
}

impl Builder<'_> {
    /// Drop the answer's characters up to `o` (punctuation of the JSON, a `null` field).
    fn skip_to(&mut self, o: usize) {
        if o > self.pos {
            let n = self.out.len();
            self.edits.push((self.pos, o, n, n));
            self.pos = o;
        }
    }

    /// Text standing for nothing of the answer (a separator, a table's header).
    fn insert(&mut self, t: &str) {
        let n = self.out.len();
        self.out.push_str(t);
        self.edits.push((self.pos, self.pos, n, self.out.len()));
    }

    /// Text standing for the answer's `s..e` (a key's label, "yes" for `true`).
    fn stand_for(&mut self, t: &str, s: usize, e: usize) {
        self.skip_to(s);
        let n = self.out.len();
        self.out.push_str(t);
        self.edits.push((s, e, n, self.out.len()));
        self.pos = e;
    }

    /// The answer's `s..e` as it is.
    fn copy(&mut self, s: usize, e: usize) {
        self.skip_to(s);
        self.out.push_str(&self.src[s..e]);
        self.pos = e;
    }

    /// A string's content, its escapes unescaped (each standing for its escape).
    fn string(&mut self, s: usize, e: usize) {
        let mut i = s;
        while i < e {
            let Some(rel) = self.src[i..e].find('\\') else {
                self.copy(i, e);
                return;
            };
            self.copy(i, i + rel);
            let at = i + rel;
            let c = self.src.as_bytes().get(at + 1).copied().unwrap_or(b'\\');
            let (text, len) = match c {
                b'n' | b'r' => ("\n".to_owned(), 2),
                b't' => (" ".to_owned(), 2),
                b'b' | b'f' => (String::new(), 2),
                b'u' => {
                    let ch = self
                        .src
                        .get(at + 2..at + 6)
                        .and_then(|h| u32::from_str_radix(h, 16).ok())
                        .and_then(char::from_u32)
                        .filter(|ch| !ch.is_control())
                        .unwrap_or(' ');
                    (ch.to_string(), 6)
                }
                other => ((other as char).to_string(), 2),
            };
            let end = (at + len).min(e);
            self.stand_for(&text, at, end);
            i = end;
        }
    }

    fn scalar(&mut self, v: &Node) {
        match *v {
            Node::Str(s, e) => self.string(s, e),
            Node::Num(s, e) => self.copy(s, e),
            Node::Bool(b, s, e) => self.stand_for(if b { "yes" } else { "no" }, s, e),
            Node::Null | Node::Obj(_) | Node::Arr(_) => {}
        }
    }

    /// A key as a label: its words, the first capitalized ("remaining_t", "remainingT" →
    /// "Remaining t").
    fn label(&mut self, (s, e): (usize, usize), parent: Option<&str>) {
        let label = label_of(&self.src[s..e]);
        match parent {
            // A nested object's field is the parent's: "Added stems" for `"added": {"stems": …}`.
            Some(p) => {
                self.insert(&format!("{p} "));
                self.stand_for(&label.to_lowercase(), s, e);
            }
            None => self.stand_for(&label, s, e),
        }
    }

    /// An object's fields as labeled lines; `parent`, the label of the field it is the value
    /// of, qualifies its fields' labels.
    fn object(&mut self, fields: &[((usize, usize), Node)], parent: Option<&str>) {
        for (key, v) in fields {
            match v {
                Node::Null => {}
                Node::Obj(inner) => {
                    self.label(*key, parent);
                    self.insert(":\n");
                    let own = label_of(&self.src[key.0..key.1]);
                    self.object(inner, Some(&own));
                }
                Node::Arr(items) => {
                    self.label(*key, parent);
                    self.insert(":\n");
                    self.array(items);
                }
                scalar => {
                    self.label(*key, parent);
                    self.insert(": ");
                    self.scalar(scalar);
                    self.insert("\n");
                }
            }
        }
    }

    fn array(&mut self, items: &[Node]) {
        if items.iter().all(Node::is_scalar) {
            for v in items.iter().filter(|v| !matches!(v, Node::Null)) {
                self.insert("- ");
                self.scalar(v);
                self.insert("\n");
            }
            return;
        }
        if let Some(header) = self.table_header(items) {
            let labels: Vec<String> = header.iter().map(|k| label_of(k)).collect();
            self.insert(&format!(
                "\n| {} |\n|{}\n",
                labels.join(" | "),
                "---|".repeat(labels.len())
            ));
            for item in items {
                let Node::Obj(fields) = item else { continue };
                self.insert("| ");
                for (col, name) in header.iter().enumerate() {
                    if let Some((_, v)) = fields
                        .iter()
                        .find(|((s, e), _)| &self.src[*s..*e] == name.as_str())
                    {
                        self.scalar(v);
                    }
                    self.insert(if col + 1 == header.len() {
                        " |\n"
                    } else {
                        " | "
                    });
                }
            }
            self.insert("\n");
            return;
        }
        for item in items {
            match item {
                Node::Obj(fields) => self.object(fields, None),
                Node::Arr(inner) => self.array(inner),
                scalar => {
                    self.insert("- ");
                    self.scalar(scalar);
                    self.insert("\n");
                }
            }
            self.insert("\n");
        }
    }

    /// The columns of a list of flat objects as a table: every item an object of scalars, the
    /// columns its keys in the order first seen, which every item follows (a column an item
    /// lacks is an empty cell). `None` otherwise.
    fn table_header(&self, items: &[Node]) -> Option<Vec<String>> {
        let mut header: Vec<&str> = Vec::new();
        let mut rows = Vec::new();
        for item in items {
            let Node::Obj(fields) = item else {
                return None;
            };
            if fields.iter().any(|(_, v)| !v.is_scalar()) {
                return None;
            }
            for ((s, e), _) in fields {
                let k = &self.src[*s..*e];
                if !header.contains(&k) {
                    if header.len() == MAX_COLUMNS {
                        return None;
                    }
                    header.push(k);
                }
            }
            rows.push(fields);
        }
        let ordered = rows.iter().all(|fields| {
            let cols: Vec<usize> = fields
                .iter()
                .filter_map(|((s, e), _)| header.iter().position(|h| *h == &self.src[*s..*e]))
                .collect();
            cols.windows(2).all(|w| w[0] < w[1])
        });
        (ordered && !header.is_empty()).then(|| header.iter().map(|h| h.to_string()).collect())
    }
}

/// A key's words as a label, the first capitalized: `snake_case`, `camelCase`, `kebab-case`
/// and spaces split ("eligibleForYear" → "Eligible for year", "account_id" → "Account id").
fn label_of(key: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = key.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if matches!(c, '_' | '-' | ' ' | '.') {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
            continue;
        }
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1);
        let boundary = c.is_uppercase()
            && prev.is_some_and(|p| {
                p.is_lowercase()
                    || p.is_ascii_digit()
                    || (p.is_uppercase() && next.is_some_and(|n| n.is_lowercase()))
            });
        if boundary && !cur.is_empty() {
            words.push(std::mem::take(&mut cur));
        }
        cur.push(c);
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    let mut label = words
        .iter()
        .map(|w| {
            // An acronym stays as written ("VAT", "ISO"); other words are lower case.
            if w.chars().count() > 1 && w.chars().all(|c| c.is_uppercase() || c.is_ascii_digit()) {
                w.clone()
            } else {
                w.to_lowercase()
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    if let Some(first) = label.chars().next() {
        let upper: String = first.to_uppercase().collect();
        label.replace_range(..first.len_utf8(), &upper);
    }
    label
}

/// The text a structured (JSON) answer is scored as ([`render`]): the claims' texts are its
/// units. `None` for an answer that is not JSON as a whole.
pub fn rendered_text(answer: &str) -> Option<String> {
    render(answer).map(|r| r.text)
}

/// The answer rewritten as labeled lines and tables, when it is JSON as a whole; `None`
/// otherwise (and for an empty object or list: nothing to read).
pub(super) fn render(answer: &str) -> Option<Rewritten> {
    let node = parse(answer)?;
    let mut b = Builder {
        src: answer,
        out: String::with_capacity(answer.len()),
        edits: Vec::new(),
        pos: 0,
    };
    match &node {
        Node::Obj(fields) if !fields.is_empty() => b.object(fields, None),
        Node::Arr(items) if !items.is_empty() => b.array(items),
        _ => return None,
    }
    b.skip_to(answer.len());
    Some(Rewritten::new(b.out, b.edits))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rendered(a: &str) -> String {
        render(a).expect("structured").text
    }

    #[test]
    fn fields_lists_and_tables_as_labeled_lines() {
        let a = r#"{"status":"info","remaining_t":2450,"covers":true,"note":null,"nextSteps":["Retire 2450 t","Call us"],"lots":[{"lot_id":"VCR-1","vintage":2022},{"lot_id":"VCR-2","vintage":2024,"value":"EUR 5.00"}],"contact":{"name":"Ana"}}"#;
        assert_eq!(
            rendered(a),
            "Status: info\nRemaining t: 2450\nCovers: yes\nNext steps:\n- Retire 2450 t\n- Call us\nLots:\n\n| Lot id | Vintage | Value |\n|---|---|---|\n| VCR-1 | 2022 |  |\n| VCR-2 | 2024 | EUR 5.00 |\n\nContact:\nContact name: Ana\n"
        );
        assert_eq!(label_of("eligibleForYear"), "Eligible for year");
        assert_eq!(label_of("total_VAT_eur"), "Total VAT eur");
        assert_eq!(label_of("HTMLParser"), "HTML parser");
    }

    #[test]
    fn offsets_map_back_to_the_answer() {
        let a = "```json\n{\n  \"summary\": \"Caf\\u00e9 \\\"Lumen\\\" owes 12.50.\",\n  \"paid\": false\n}\n```";
        let r = render(a).expect("structured");
        assert_eq!(r.text, "Summary: Café \"Lumen\" owes 12.50.\nPaid: no\n");
        let at = r.text.find("12.50").unwrap();
        let (s, e) = (r.orig_start(at), r.orig_end(at + 5));
        assert_eq!(&a[s..e], "12.50");
        let at = r.text.find("Café").unwrap();
        assert_eq!(
            &a[r.orig_start(at)..r.orig_end(at + "Café".len())],
            "Caf\\u00e9"
        );
        let at = r.text.find("no").unwrap();
        assert_eq!(&a[r.orig_start(at)..r.orig_end(at + 2)], "false");
        let at = r.text.find("Paid").unwrap();
        assert_eq!(&a[r.orig_start(at)..r.orig_end(at + 4)], "paid");
    }

    #[test]
    fn a_json_answer_is_scored_field_by_field_with_the_answers_offsets() {
        use crate::report::ClaimStatus;
        let ev = r#"{"account_id":"ACC-57136","target_t":4000,"retired_ytd_t":1550,"lots":[{"lot_id":"VCR-2022-140477","available_t":2490}]}"#;
        let good = "{\n  \"account_id\": \"ACC-57136\",\n  \"remaining_t\": 2450,\n  \"calculation\": \"4000 - 1550 = 2450\",\n  \"lots\": [{\"lot_id\": \"VCR-2022-140477\", \"available_t\": 2490}]\n}";
        let claims = crate::stage2::test_support::score(ev, good);
        assert!(
            claims.iter().all(|c| c.status == ClaimStatus::Supported),
            "{claims:#?}"
        );
        assert!(claims.iter().any(|c| c.text == "Remaining t: 2450"));
        let bad = good.replace("2490}", "2940}");
        let claims = crate::stage2::test_support::score(ev, &bad);
        let flag = claims
            .iter()
            .flat_map(|c| &c.flagged_spans)
            .next()
            .expect("the wrong number is flagged");
        assert_eq!(flag.text, "2940");
        let chars: Vec<char> = bad.chars().collect();
        let at: String = chars[flag.start as usize..flag.end as usize]
            .iter()
            .collect();
        assert_eq!(at, "2940");
    }

    #[test]
    fn only_whole_json_answers() {
        assert!(render("Here it is: {\"a\": 1}").is_none());
        assert!(render("{\"a\": 1} and more").is_none());
        assert!(render("{\"a\": 1").is_none());
        assert!(render("{}").is_none());
        assert!(render("[1, 2").is_none());
        assert!(render("  [\"a\", \"b\"]  ").is_some());
        // Too deep: read as written.
        let deep = format!("{}1{}", "[".repeat(40), "]".repeat(40));
        assert!(render(&deep).is_none());
    }
}
