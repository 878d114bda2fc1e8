"""Set s writer: an operations / reporting agent that answers mostly in structured Markdown.

The agent looks up an operational record (a building's extinguishers, a ward's linen deliveries, a pallet account, a
staffing roster, a tool crib, a wind turbine), reads the governing standard or contract (numbered sections written
"§3.2"), and sometimes takes one write action (a service booking, an extra delivery, a collection, a shift booking, a
tool reservation, a work order) that the system may refuse by design with a reason code and an alternative. The final
answer is a small report: a one-line summary before the table; a Markdown table whose column headers carry the units
("Qty (units)", "Cost (USD)", "Size (lb)"), with alignment colons, ISO dates in the cells and, where the figures add up,
a totals row; key–value blocks ("**Status:** Booked", "Owner — Dana Ortiz"); short footnotes ("¹ per §3.2"); now and
then a YAML-like snippet in a fenced code block; numbers with thousands separators, percentages with one decimal,
spelled-out dates in prose ("March 4, 2026", "Wednesday, March 4"), 24-hour local times with the zone abbreviation, the
working written as equations ("12 × $45.00 = $540.00", "March 4 + 30 days = April 3"); and a "Next steps" list.

Per answer, ``Rep`` picks the summary form, the key–value form, the prose date form, the totals label, the heading of
the next-steps list, whether the list is numbered, and whether the time carries the zone.

``vet`` is the evidence guard. It (1) drops edit candidates that could turn out to be supported (entity, identifier and
attribute replacements found anywhere in the run's evidence, system prompt or tool definitions, also after folding
accents and punctuation; section replacements that a fetched document has; numeric and temporal replacements that read
back to the original digits; temporal replacements whose date is itself an evidence or computed date; inserted
sentences whose fabricated reference or text occurs in the evidence) and (2) reads the clean answer back with an
independent reader of this style: the Markdown structure (every table has a header row, an alignment row and rows of
the same width; footnote markers and footnote lines match; a YAML block has only "key: value" and "- item" lines); every
totals row is re-added from the rows above it; every ISO date sits in a table or a YAML block and every date (ISO or
spelled out, with or without weekday and year; the weekday must be that date's) is an evidence or computed date; every
time is a local time in the evidence and its zone a zone named there; every URL, path, `code` span, identifier and
capitalised code occurs in the evidence and every "§" section in a fetched document; every amount, percentage and plain
number equals, within the precision shown (or a hedge's tolerance), a number in a tool result or user turn or a value
the template declared computed, numbers from 1,000 up carry thousands separators and percentages one decimal; and every
equation ("A × B = C", "A − B − C = D", "A + B = C", "A ÷ B = C", "A / B = p%", "D + N days|business days|months = D2")
is recomputed from its displayed operands with interval arithmetic. A clean answer that fails raises ``AssertionError``.
"""
from __future__ import annotations

import calendar
import datetime as dt
import json
import re
import unicodedata
from decimal import ROUND_HALF_UP, Decimal

from .common import A, R, mutate_id

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
WDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
ZONES = {"ET": "America/New_York", "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles"}
BASE_OFF = {"ET": -5, "CT": -6, "MT": -7, "PT": -8}
SUP = "¹²³⁴⁵"


def rnd(x, dec=0):
    q = Decimal(1).scaleb(-dec)
    return float(Decimal(repr(float(x))).quantize(q, rounding=ROUND_HALF_UP))


def D(s):
    if isinstance(s, dt.datetime):
        return s.date()
    if isinstance(s, dt.date):
        return s
    return dt.date.fromisoformat(str(s)[:10])


def fold(s):
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch)).lower()


def squash(s):
    return re.sub(r"[^a-z0-9]", "", fold(s))


def add_months(d, n):
    y, m = divmod(d.month - 1 + n, 12)
    y += d.year
    m += 1
    return dt.date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def add_bdays(d, n):
    d = D(d)
    while n:
        d += dt.timedelta(days=1)
        if d.weekday() < 5:
            n -= 1
    return d


def _nth_sunday(y, m, n):
    d = dt.date(y, m, 1)
    d += dt.timedelta(days=(6 - d.weekday()) % 7)
    return d + dt.timedelta(days=7 * (n - 1))


def utc_offset(abbr, day):
    day = D(day)
    dst = _nth_sunday(day.year, 3, 2) <= day < _nth_sunday(day.year, 11, 1)
    return BASE_OFF[abbr] + (1 if dst else 0)


def ts(day, hh, mm, abbr):
    """Local timestamp with offset: 2026-03-14T15:30:00-04:00."""
    off = utc_offset(abbr, day)
    return f"{D(day).isoformat()}T{hh:02d}:{mm:02d}:00{'-' if off < 0 else '+'}{abs(off):02d}:00"


# =========================================================================== the writer
class Rep:
    """One report's formatting choices; records computed values and dates for ``vet``."""

    def __init__(self, r: R, today, tz="ET"):
        self.r = r
        self.today = D(today)
        self.tz = tz
        self.kv_bold = r.random() < 0.55
        self.sum_form = r.choice(["**Summary:** ", "Summary — ", "", "> "])
        self.pdate = r.choice(["long", "full", "med", "full"])
        self.total_label = r.choice(["**Total**", "Total", "**Totals**"])
        self.steps_head = r.choice(["**Next steps**", "### Next steps", "Next steps:"])
        self.numbered = r.random() < 0.4
        self.zone = r.random() < 0.7
        self.calc = set()
        self.calc_dates = set()
        self.refs = {}

    # ---------------------------------------------------------------- bookkeeping
    def declare(self, v):
        if isinstance(v, (dt.date, dt.datetime)):
            self.calc_dates.add(D(v))
        else:
            self.calc.add(round(abs(float(v)), 6))

    def cite_text(self, text, raw):
        self.refs[text] = raw
        return text

    def fake_id(self, raw, r: R):
        return mutate_id(raw, r)

    # ---------------------------------------------------------------- numbers
    def money(self, x, calc=False, sym=True):
        v = rnd(abs(float(x)), 2)
        if calc:
            self.declare(x)
            self.declare(v)
        return ("$" if sym else "") + f"{v:,.2f}"

    def n(self, x, unit=None, calc=False, pl=None):
        v = int(rnd(x))
        if calc:
            self.declare(v)
        txt = f"{v:,}"
        if unit:
            txt += " " + (unit if v == 1 else (pl or unit + "s"))
        return txt

    def num(self, x, dec=1, unit=None, calc=False):
        v = rnd(x, dec)
        if calc:
            self.declare(x)
            self.declare(v)
        return f"{v:,.{dec}f}" + (" " + unit if unit else "")

    def pct(self, x, calc=True):
        v = rnd(x, 1)
        if calc:
            self.declare(x)
            self.declare(v)
        return f"{v:.1f}%"

    # ---------------------------------------------------------------- dates and times
    def _prose(self, d, form=None):
        form = form or self.pdate
        if form == "long":        # Wednesday, March 4 (year added when far away)
            s = f"{WDAYS[d.weekday()]}, {MONTHS[d.month - 1]} {d.day}"
            return s + (f", {d.year}" if self.needs_year(d) else "")
        if form == "med":         # March 4 (year added when far away)
            return f"{MONTHS[d.month - 1]} {d.day}" + (f", {d.year}" if self.needs_year(d) else "")
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"

    def needs_year(self, d):
        k = abs((D(d) - self.today).days)
        return D(d).year != self.today.year or k > 150

    def d(self, x, calc=False, form=None):
        dd = D(x)
        if calc:
            self.calc_dates.add(dd)
        return self._prose(dd, form)

    def iso(self, x, calc=False):
        dd = D(x)
        if calc:
            self.calc_dates.add(dd)
        return dd.isoformat()

    def dpair(self, x, shift, calc=False, iso=False, form=None):
        """(clean date text, shifted date text) with the same layout."""
        dd = D(x)
        clean = self.iso(dd, calc) if iso else self.d(dd, calc, form)
        sh = dd + dt.timedelta(days=shift)
        fake = sh.isoformat() if iso else self._prose(sh, form)
        return clean, fake

    def t(self, stamp, zone=None):
        """'2026-03-14T15:30:00-04:00' -> '15:30 ET'."""
        z = self.zone if zone is None else zone
        return stamp[11:16] + (f" {self.tz}" if z else "")

    # ---------------------------------------------------------------- report parts
    def summary(self, a: A, *parts):
        """One-line summary; parts are text or (text, edit-kwargs)."""
        a.t(self.sum_form)
        self._parts(a, parts)

    def _parts(self, a, parts):
        for p in parts:
            if isinstance(p, tuple) and isinstance(p[1], str):     # (clean date, shifted date) from dpair
                a.x(p[0], tmp=p[1])
            elif isinstance(p, tuple):
                a.x(p[0], **p[1])
            else:
                a.t(p)

    def kv(self, a: A, key, *parts):
        a.t("\n" + (f"**{key}:** " if self.kv_bold else f"{key} — "))
        self._parts(a, parts)
        return a

    def table(self, a: A, headers, aligns, rows, total=None):
        """headers: list of str; aligns: 'l' | 'r' | 'c' per column; rows: list of cell lists (str or (str, kw))."""
        a.t("\n\n| " + " | ".join(headers) + " |\n|" + "|".join({"l": ":---", "r": "---:", "c": ":---:"}[x] for x in aligns) + "|")
        for row in rows + ([[self.total_label] + list(total)] if total else []):
            a.t("\n|")
            for c in row:
                a.t(" ")
                if isinstance(c, tuple):
                    a.x(c[0], **c[1])
                else:
                    a.t(c)
                a.t(" |")
        a.t("\n")

    def yaml(self, a: A, pairs):
        a.t("\n\n```yaml")
        for k, v in pairs:
            a.t("\n" + k + ": ")
            self._parts(a, v if isinstance(v, list) else [v])
        a.t("\n```")

    def foot(self, a: A, k, *parts):
        a.t("\n" + SUP[k - 1] + " ")
        self._parts(a, parts)
        return a

    def steps(self, a: A, items):
        """items: lists of parts; every item gets a bullet insertion point when the list is not numbered."""
        a.t("\n\n" + self.steps_head)
        for i, it in enumerate(items):
            a.t(f"\n{i + 1}. " if self.numbered else "\n- ")
            self._parts(a, it)
            if not self.numbered:
                a.pb()


# =========================================================================== reading the report back
_MONRX = "|".join(MONTHS)
_WDRX = "|".join(WDAYS)
_PD = re.compile(r"\b(?:(" + _WDRX + r"), )?(" + _MONRX + r") (\d{1,2})(?:, (\d{4}))?\b")
_ISO = re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?!\d)")
_TIME = re.compile(r"(?<![\d:])([01]\d|2[0-3]):([0-5]\d)(?![\d:])(?: (ET|CT|MT|PT)\b)?")
_URL = re.compile(r"https?://[^\s)\]>,;`|]+")
_PATH = re.compile(r"(?<![\w:/.])/[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+")
_CODE = re.compile(r"`([^`\n]+)`")
_ID = re.compile(r"\b[A-Z][A-Z0-9]{0,5}(?:-[A-Z0-9]+)*-[A-Z0-9]*\d[A-Z0-9]*\b")
_SEC = re.compile(r"§ ?(\d+(?:\.\d+)*)")
_NUM = r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?"
_MONEY = re.compile(r"\$" + _NUM)
_PCT = re.compile(r"(?<![\w.])" + _NUM + r"%")
_PLAIN = re.compile(r"(?<![\w.#$-])" + _NUM + r"(?![\w#]|\.\d|-\d)")
_HEDGE = re.compile(r"(approx\.|~|about|roughly|around|nearly|almost|just over|over|more than|just under|under|less than) ?$",
                    re.I)


def _val(whole, frac):
    return float(whole.replace(",", "") + ("." + frac if frac else ""))


def _tol(frac):
    return 0.5 * 10 ** -len(frac) if frac else 0.0


def results(plan):
    out = []
    for m in plan.history:
        if m["role"] == "tool" and not m["call"].error:
            out.append(m["call"])
    for t in plan.turns:
        for c in t.calls:
            if not c.error:
                out.append(c)
    return out


def _strings(v, out):
    if isinstance(v, dict):
        for x in v.values():
            _strings(x, out)
    elif isinstance(v, list):
        for x in v:
            _strings(x, out)
    elif isinstance(v, bool) or v is None:
        pass
    elif isinstance(v, (int, float)):
        out.append(("n", float(v)))
    else:
        out.append(("s", str(v)))


def gather(plan):
    """Numbers, dates, local times and documents of the evidence (tool results and user turns)."""
    nums, dates, times, docs = set(), set(), set(), []
    users = [plan.request] + [m["text"] for m in plan.history if m["role"] == "user"]
    items = [("s", u) for u in users]
    for c in results(plan):
        if isinstance(c.result, str):
            docs.append(c.result)
            items.append(("s", c.result))
        else:
            _strings(c.result, items)
    for kind, v in items:
        if kind == "n":
            nums.add(round(abs(v), 6))
            continue
        for m in _ISO.finditer(v):
            try:
                dates.add(dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
            except ValueError:
                pass
        for m in re.finditer(r"(?<!\d)(\d{2}):(\d{2})(?!\d)", v):
            times.add(m.group(0))
        for m in re.finditer(r"(?<![\w.])" + _NUM, _ISO.sub(" ", re.sub(r"\d{2}:\d{2}(:\d{2})?", " ", v))):
            nums.add(round(_val(m.group(1), m.group(2)), 6))
    return nums, dates, times, docs


def evidence_text(scn, plan):
    chunks = [plan.request, scn.system]
    for m in plan.history:
        if m["role"] in ("user", "assistant") and m.get("text"):
            chunks.append(m["text"])
        elif m["role"] == "tool":
            c = m["call"]
            chunks += [json.dumps(c.args, ensure_ascii=False), c.result if isinstance(c.result, str)
                       else json.dumps(c.result, ensure_ascii=False)]
    for turn in plan.turns:
        if turn.text:
            chunks.append(turn.text)
        for c in turn.calls:
            chunks += [json.dumps(c.args, ensure_ascii=False), c.result if isinstance(c.result, str)
                       else json.dumps(c.result, ensure_ascii=False)]
    for tool in scn.tools:
        chunks += [tool.name, tool.description, json.dumps(tool.params, ensure_ascii=False)]
    return "\n".join(chunks)


def section_in(tok, doc):
    """'2.1' exists when a line of the document starts with it (optionally after Markdown heading marks)."""
    return bool(re.search(r"(?m)^(?:#+ )?" + re.escape(tok) + r"(?:\.)?\s", doc))


def _mask(text, spans):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            if t[i] != "\n":
                t[i] = "#"
    return "".join(t)


def _resolve(today, mon, day, year):
    if year:
        return dt.date(int(year), mon, day)
    best = None
    for y in (today.year - 1, today.year, today.year + 1):
        try:
            c = dt.date(y, mon, day)
        except ValueError:
            continue
        if best is None or abs((c - today).days) < abs((best - today).days):
            best = c
    return best


def date_spans(text, today):
    """(start, end, date, weekday or None, iso?) for every date written in the report."""
    out = []
    for m in _PD.finditer(text):
        out.append((m.start(), m.end(), _resolve(today, MONTHS.index(m.group(2)) + 1, int(m.group(3)), m.group(4)),
                    m.group(1), False))
    for m in _ISO.finditer(text):
        out.append((m.start(), m.end(), dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))), None, True))
    return sorted(out)


def _fits(v, tol, hedge, allowed):
    for x in allowed:
        if hedge in ("approx.", "~", "about", "roughly", "around"):
            if abs(x - v) <= max(tol, 0.06 * abs(x)):
                return True
        elif hedge in ("nearly", "almost", "just under", "under", "less than"):
            if x < v + tol and x >= v * 0.95 - tol:
                return True
        elif hedge in ("over", "just over", "more than"):
            if x > v - tol and x <= v * 1.1 + tol:
                return True
        if abs(x - v) <= tol + 1e-9:
            return True
    return False


# ---------------------------------------------------------------- structure
def _cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _cell_value(c):
    """Numeric value interval of a table cell ('1,250.00', '$45.00', '**12**', '14.3%'), or None."""
    c = c.strip().strip("*").strip()
    m = re.fullmatch(r"(~ ?)?\$?" + _NUM + r"(%| [a-z]+)?", c)
    if not m:
        return None
    v, t = _val(m.group(2), m.group(3)), _tol(m.group(3) or "")
    return (v - t, v + t)


def check_structure(text, where):
    """Tables, totals rows, footnotes, YAML blocks and fences. Returns (table line spans, yaml line spans)."""
    lines = text.split("\n")
    offs, pos = [], 0
    for ln in lines:
        offs.append(pos)
        pos += len(ln) + 1
    tab_spans, yaml_spans = [], []
    i = 0
    in_fence = False
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("```"):
            assert not in_fence or ln == "```", f"{where}: bad fence {ln!r}"
            if not in_fence:
                assert ln in ("```yaml", "```"), f"{where}: unknown fence {ln!r}"
                j = i + 1
                while j < len(lines) and lines[j] != "```":
                    assert re.fullmatch(r"(  )*(- )?[a-z_]+: \S.*|(  )*- \S.*", lines[j]), f"{where}: bad YAML line {lines[j]!r}"
                    yaml_spans.append((offs[j], offs[j] + len(lines[j])))
                    j += 1
                assert j < len(lines), f"{where}: unclosed fence"
                i = j + 1
                continue
        if ln.startswith("|"):
            j = i
            block = []
            while j < len(lines) and lines[j].startswith("|"):
                block.append(lines[j])
                tab_spans.append((offs[j], offs[j] + len(lines[j])))
                j += 1
            assert len(block) >= 3, f"{where}: table without body rows"
            head, sep, body = _cells(block[0]), _cells(block[1]), [_cells(b) for b in block[2:]]
            assert all(re.fullmatch(r":?-{3,}:?", s) for s in sep) and len(sep) == len(head), f"{where}: bad alignment row"
            for row in body:
                assert len(row) == len(head), f"{where}: row width {len(row)} != {len(head)}: {row}"
                assert all(x.endswith(" |") for x in block[:1] + block[2:]), f"{where}: row not closed"
            assert i == 0 or lines[i - 1] == "", f"{where}: table not preceded by a blank line"
            last = body[-1]
            if re.fullmatch(r"\**Totals?\**", last[0]):
                rows = body[:-1]
                assert rows, f"{where}: totals row without rows"
                for k in range(1, len(head)):
                    tv = _cell_value(last[k]) if last[k] else None
                    if tv is None:
                        continue
                    vals = [(0.0, 0.0) if r[k] in ("", "—") else _cell_value(r[k]) for r in rows]
                    assert all(v is not None for v in vals), f"{where}: total over a non-numeric column {head[k]!r}"
                    lo, hi = sum(v[0] for v in vals), sum(v[1] for v in vals)
                    assert tv[0] <= hi + 1e-6 and lo <= tv[1] + 1e-6, f"{where}: totals row {head[k]!r} does not add up"
            for h in head:
                assert "(" not in h or re.search(r"\((USD|units|lb|kg|pcs|h|days|kW|MWh|%|psi|rpm|m/s|hours|pallets|shifts|workers|tools|techs|kWh|m/s|min)\)", h), \
                    f"{where}: header unit {h!r}"
            i = j
            continue
        i += 1
    used = set(ch for ch in text if ch in SUP)
    for ch in used:
        assert re.search(r"(?m)^" + ch + " ", text), f"{where}: footnote {ch} has no footnote line"
        assert re.search(r"\S" + ch, text), f"{where}: footnote {ch} is never referenced"
    return tab_spans, yaml_spans


# ---------------------------------------------------------------- equations
def _term(s):
    s = s.strip().strip("*")
    m = re.match(r"(?:~ ?)?(\$)?" + _NUM + r"(%)?", s)
    if not m:
        return None
    v, t = _val(m.group(2), m.group(3)), _tol(m.group(3) or "")
    if m.group(4):
        return ((v - t) / 100, (v + t) / 100, "pct")
    return (v - t, v + t, "money" if m.group(1) else "n")


def _mul(a, b):
    ps = [a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1]]
    return (min(ps), max(ps))


def _div(a, b):
    assert b[0] > 0
    ps = [a[0] / b[0], a[0] / b[1], a[1] / b[0], a[1] / b[1]]
    return (min(ps), max(ps))


def check_equations(text, today):
    n = 0
    spans = date_spans(text, today)
    for s, e, d, _, _ in spans:
        m = re.match(r" ([+−]) (\d+) (days?|weeks?|months?|business days?) = ", text[e:])
        if not m:
            continue
        nxt = [x for x in spans if x[0] == e + m.end()]
        assert nxt, f"date working without a result date: {text[s:e + m.end() + 12]!r}"
        k = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
        unit = m.group(3)
        if unit.startswith("day"):
            got = d + dt.timedelta(days=k)
        elif unit.startswith("week"):
            got = d + dt.timedelta(days=7 * k)
        elif unit.startswith("month"):
            got = add_months(d, k)
        else:
            got = add_bdays(d, k) if k > 0 else None
        assert got == nxt[0][2], f"date working does not add up: {text[s:nxt[0][1]]!r}"
        n += 1
    body = _mask(text, [(s, e) for s, e, _, _, _ in spans])
    for m in re.finditer(r" = ", body):
        start = max(body.rfind(x, 0, m.start()) + len(x) for x in ("\n", "(", ": ", "; ", ", ", "— ", "| ", ":** "))
        lhs = body[start:m.start()].strip()
        rhs = body[m.end():]
        if "#" in lhs or not re.search(r"\d", lhs) or not re.search(r" [−+×÷/] ", lhs):
            continue
        chunks = re.split(r" ([−+]) ", lhs)
        total, sign = None, "+"
        for k, ch in enumerate(chunks):
            if k % 2 == 1:
                sign = ch
                continue
            prod, op = None, "×"
            for f in re.split(r" ([×÷/]) ", ch):
                if f in ("×", "÷", "/"):
                    op = f
                    continue
                tv = _term(f)
                assert tv is not None, f"cannot read operand {f!r} in {lhs!r}"
                iv = (tv[0], tv[1])
                prod = iv if prod is None else (_mul(prod, iv) if op == "×" else _div(prod, iv))
            if total is None:
                total = prod
            elif sign == "+":
                total = (total[0] + prod[0], total[1] + prod[1])
            else:
                total = (total[0] - prod[1], total[1] - prod[0])
        rv = _term(rhs)
        assert rv is not None, f"cannot read the result of {lhs!r} = {rhs[:20]!r}"
        assert rv[0] <= total[1] + 1e-6 and total[0] <= rv[1] + 1e-6, \
            f"equation does not add up: {lhs!r} = {rhs[:24]!r} (got {total})"
        n += 1
    return n


# ---------------------------------------------------------------- the reader
def check_clean(scn, plan, w: Rep):
    text = plan.answer.text
    where = f"{scn.name}/{plan.intent or '?'}"
    nums, dates, times, docs = gather(plan)
    blob = evidence_text(scn, plan)
    fb, sb = fold(blob), squash(blob)
    allowed = nums | w.calc
    all_dates = dates | w.calc_dates
    tab_spans, yaml_spans = check_structure(text, where)
    boxed = tab_spans + yaml_spans
    masks = []
    for s, e, d, wd, is_iso in date_spans(text, w.today):
        assert d in all_dates, f"{where}: date {text[s:e]!r} is neither in the evidence nor computed\n{text}"
        if wd:
            assert WDAYS[d.weekday()] == wd, f"{where}: wrong weekday in {text[s:e]!r}\n{text}"
        if is_iso:
            assert any(a <= s and e <= b for a, b in boxed), f"{where}: ISO date {text[s:e]!r} outside a table / YAML\n{text}"
        masks.append((s, e))
    for m in _TIME.finditer(_mask(text, masks)):
        hm = f"{m.group(1)}:{m.group(2)}"
        assert hm in times, f"{where}: time {m.group(0)!r} is not a local time in the evidence\n{text}"
        if m.group(3):
            assert ZONES[m.group(3)] in blob, f"{where}: zone {m.group(3)} not named in the evidence"
        masks.append((m.start(), m.end()))
    for rx in (_URL, _PATH):
        for m in rx.finditer(_mask(text, masks)):
            tok = m.group(0).rstrip(".")
            assert tok in blob, f"{where}: {tok!r} not in the evidence\n{text}"
            masks.append((m.start(), m.start() + len(tok)))
    for m in _SEC.finditer(_mask(text, masks)):
        assert any(section_in(m.group(1), d) for d in docs), f"{where}: section {m.group(0)!r} not in a fetched document\n{text}"
        masks.append((m.start(), m.end()))
    for m in _CODE.finditer(_mask(text, masks)):
        tok = m.group(1)
        assert fold(tok) in fb or (len(squash(tok)) >= 4 and squash(tok) in sb), f"{where}: `{tok}` not in the evidence\n{text}"
        masks.append((m.start(), m.end()))
    for m in _ID.finditer(_mask(text, masks)):
        assert fold(m.group(0)) in fb, f"{where}: identifier {m.group(0)!r} not in the evidence\n{text}"
        masks.append((m.start(), m.end()))
    for m in re.finditer(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b", _mask(text, masks)):
        assert m.group(0) in blob, f"{where}: code {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    # YAML keys are field names, not figures
    for s, e in yaml_spans:
        km = re.match(r"(  )*(- )?[a-z_]+:", text[s:e])
        if km:
            masks.append((s, s + km.end()))
    masks += [(m.start(), m.end()) for m in re.finditer(r"(?m)^\d+\. ", text)]
    t3 = _mask(text, masks)
    for m in re.finditer(r"(?<![\w.,$])\d{4,}(?![\w,])", t3):
        if any(a <= m.start() < b for a, b in yaml_spans):
            continue                      # YAML numbers carry no separators
        assert False, f"{where}: number {m.group(0)!r} without thousands separators\n{text}"
    for rx in (_MONEY, _PCT, _PLAIN):
        for m in rx.finditer(t3):
            if rx is _PCT:
                assert m.group(2) is not None and len(m.group(2)) == 1, f"{where}: percentage {m.group(0)!r} not one decimal"
            v, tol = _val(m.group(1), m.group(2)), _tol(m.group(2) or "")
            hedge = _HEDGE.search(t3[max(0, m.start() - 12):m.start()])
            hedge = hedge.group(1).lower() if hedge else None
            if rx is _PCT:
                ok = _fits(v, tol, hedge, allowed) or _fits(v / 100, tol / 100, hedge, allowed)
            else:
                ok = _fits(v, tol, hedge, allowed)
            assert ok, f"{where}: {m.group(0)!r} is not an evidence or computed value\n{text}"
        t3 = _mask(t3, [(m.start(), m.end()) for m in rx.finditer(t3)])
    check_equations(text, w.today)
    return nums, all_dates, docs, blob


def _readings(s):
    return sorted(re.findall(r"\d+", s.replace(",", "")))


def _trim(a: A):
    """Keep insertion points that follow a finished sentence (or precede a sentence-final period) outside tables and
    code blocks."""
    pos, offs = 0, []
    for p in a.parts:
        offs.append(pos)
        pos += len(p)
    offs.append(pos)
    text = a.text
    keep = []
    for p, k in a.points:
        at = offs[p] if p < len(offs) else len(text)
        prev, nxt = text[:at], text[at:at + 1]
        line = prev[prev.rfind("\n") + 1:]
        if line.startswith("|") or prev.count("```") % 2 == 1:
            continue
        if k == "clause" and nxt != ".":
            continue
        if k == "s" and not (prev.rstrip(" ").endswith((".", ")")) and nxt in ("", "\n")):
            continue
        if k == "bullet" and (nxt not in ("", "\n") or not line.startswith("- ")):
            continue
        if k == "para" and nxt not in ("", "\n"):
            continue
        keep.append((p, k))
    a.points = keep


def vet(scn, plan, w: Rep):
    """Evidence guard (module docstring). Returns the plan."""
    _trim(plan.answer)
    nums, dates, docs, blob = check_clean(scn, plan, w)
    fl, sq = fold(blob), squash(blob)
    a = plan.answer
    keep = []
    for c in a.cands:
        rep, orig = c["replacement"], c["original"]
        core = rep.strip("'\"`* ")
        if not core or rep == orig:
            continue
        if c["type"] in ("entity", "fabricated_attribute"):
            if fold(core) in fl or (len(squash(core)) >= 3 and squash(core) in sq):
                continue
        if c["type"] == "fabricated_id":
            if squash(core) in sq or squash(core) == squash(orig):
                continue
        if c["type"] == "fabricated_section":
            ms = _SEC.findall(rep)
            if not ms or any(section_in(tok, d) for tok in ms for d in docs):
                continue
        if c["type"] in ("numeric", "temporal") or (c["type"] == "conflation" and c["category"] in
                                                    ("contradiction/numerical", "contradiction/temporal")):
            if _readings(orig) == _readings(rep):
                continue
        if c["type"] == "temporal":
            if any(d in dates | w.calc_dates for _, _, d, _, _ in date_spans(rep, w.today)):
                continue
        keep.append(c)
    a.cands = keep
    for typ in list(a.inserts):
        ok = []
        for t, clause in a.inserts[typ]:
            if typ == "fabricated_citation":
                raw = w.refs.get(t)
                if not raw or fold(raw) in fl or squash(raw) in sq:
                    continue
            elif fold(t.rstrip(".")) in fl:
                continue
            ok.append((t, clause))
        a.inserts[typ] = ok
    return plan
