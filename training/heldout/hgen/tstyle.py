"""Set t writer: the assistant of a corporate legal / contracts & compliance office.

The agent looks up a record of the legal or compliance office (a contract in the contract register, an NDA request, a
data-processing agreement, a board meeting in the minute book, a sanctions screening case, a vendor due-diligence
questionnaire), reads the governing document (a contract, a playbook, a standard, the articles, a procedure — numbered
clauses with lettered sub-clauses and schedules with numbered paragraphs), and sometimes takes one write action (a
non-renewal notice, issuing an NDA, registering a sub-processor, certifying a resolution, releasing a transaction,
approving a vendor) that the system may refuse by design with a reason code and an alternative.

The final answer is a formal note to an in-house business user: an optional "Re:" line, long sentences with subordinate
clauses, defined terms in quotes and capitals ('the "Expiry Date"'), every figure written in words followed by digits
in parentheses ("ninety (90) days", "five percent (5%)", "forty-eight thousand US dollars (USD 48,000.00)"), amounts
with currency codes ("USD 12,500.00", "EUR", "GBP"), clause and schedule references ("Clause 7.2(b)", "Schedule 2,
paragraph 1", "Section 12.2 of the MSA"), hedges ("subject to", "provided that", "unless otherwise agreed"), "Please note
that …", "For the avoidance of doubt, …", enumerations "(i) … (ii) … and (iii) …" inside a paragraph, dates written
"the 14th of March 2027" or "March 14, 2027" (one form per answer; a weekday now and then), the working in words
("ninety (90) days before the 31st of March 2027 is the 31st of December 2026", "five percent (5%) of USD 48,000.00 is
USD 2,400.00", "between the 4th of May 2026 and the 31st of December 2026 there are two hundred forty-one (241) days"),
a closing recommendation ("We recommend that …", "Kindly confirm …") and, per answer, an optional sign-off.

``Memo`` holds one answer's formatting choices and records the values and dates the template computed.

``vet`` is the evidence guard. It (1) drops edit candidates that could be supported by the evidence (entity, identifier
and attribute replacements found anywhere in the run's evidence, system prompt or tool definitions, also after folding
accents and punctuation; clause and schedule references that a fetched document has; numeric replacements that do not
change a figure, whose words and digits disagree, or whose new figure is an evidence or computed value; temporal
replacements that do not change a date or whose new date is an evidence or computed date; inserted sentences whose
fabricated reference or text occurs in the evidence) and (2) reads the clean answer back with an independent reader of
this style (``check_clean``): no tables, bullets, headings, currency symbols or ISO dates; every number in words is
followed by its digits in parentheses and the two agree (percentages and amounts in words included); every figure in
parentheses, every amount and every percentage equals, within the precision shown, a number of a tool result or user
turn or a value the template declared computed; amounts carry a currency code that the evidence names, two decimals and
thousands separators; no other digit stands in the text; every date (either form, with or without a weekday; the weekday
must be that date's, the ordinal suffix must be right) is a date of the evidence or a declared computed date; every time
is a local time of the evidence and its zone a zone named there; every URL, path, identifier, code, quoted code value
and named standard occurs in the evidence; every capitalised name (people, companies, places, lists, roles; split at
"of" and "and" when the whole is not found) occurs in the evidence, apart from a few words of the register itself; every
clause, sub-clause, schedule and schedule paragraph is one of a fetched document; and every working is recomputed from its displayed operands: date offsets ("N days | business days | weeks |
months | years before | after | from | following D1 … D2"), periods ("between D1 and D2 there are N days") and amount
chains ("A plus B less C is D", "p% of A is B", "A multiplied by N is B", with interval arithmetic on the shown
precision). A clean answer that fails raises ``AssertionError``.
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
CUR_NOUN = {"USD": "US dollars", "EUR": "euros", "GBP": "pounds sterling"}
ZONE_BASE = {"America/New_York": (-5, "us"), "America/Chicago": (-6, "us"), "America/Los_Angeles": (-8, "us"),
             "Europe/London": (0, "eu"), "Europe/Dublin": (0, "eu"), "Europe/Stockholm": (1, "eu"),
             "Europe/Berlin": (1, "eu")}
ZONE_WORDS = {"America/New_York": "Eastern Time", "America/Chicago": "Central Time",
              "America/Los_Angeles": "Pacific Time", "Europe/London": "London time", "Europe/Dublin": "Dublin time",
              "Europe/Stockholm": "Stockholm time", "Europe/Berlin": "Berlin time"}


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
    d = D(d)
    y, m = divmod(d.month - 1 + n, 12)
    y += d.year
    m += 1
    return dt.date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def add_bdays(d, n):
    d = D(d)
    step = 1 if n >= 0 else -1
    n = abs(n)
    while n:
        d += dt.timedelta(days=step)
        if d.weekday() < 5:
            n -= 1
    return d


def month_end(y, m):
    return dt.date(y, m, calendar.monthrange(y, m)[1])


def _nth_sunday(y, m, n):
    d = dt.date(y, m, 1)
    d += dt.timedelta(days=(6 - d.weekday()) % 7)
    return d + dt.timedelta(days=7 * (n - 1))


def _last_sunday(y, m):
    d = month_end(y, m)
    return d - dt.timedelta(days=(d.weekday() + 1) % 7)


def utc_offset(zone, day):
    day = D(day)
    base, rule = ZONE_BASE[zone]
    if rule == "us":
        dst = _nth_sunday(day.year, 3, 2) <= day < _nth_sunday(day.year, 11, 1)
    else:
        dst = _last_sunday(day.year, 3) <= day < _last_sunday(day.year, 10)
    return base + (1 if dst else 0)


def ts(day, hh, mm, zone):
    """Local timestamp with offset: 2026-03-14T15:30:00-04:00."""
    off = utc_offset(zone, day)
    return f"{D(day).isoformat()}T{hh:02d}:{mm:02d}:00{'-' if off < 0 else '+'}{abs(off):02d}:00"


# =========================================================================== writing numbers and dates
_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def spell(n):
    """Cardinal in words, US style without 'and': 241 -> 'two hundred forty-one'."""
    n = int(n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        t, o = divmod(n, 10)
        return _TENS[t] + ("-" + _ONES[o] if o else "")
    if n < 1000:
        h, rest = divmod(n, 100)
        return _ONES[h] + " hundred" + (" " + spell(rest) if rest else "")
    if n < 1_000_000:
        th, rest = divmod(n, 1000)
        return spell(th) + " thousand" + (" " + spell(rest) if rest else "")
    m, rest = divmod(n, 1_000_000)
    return spell(m) + " million" + (" " + spell(rest) if rest else "")


def spell_dec(x, dec=1):
    s = f"{x:.{dec}f}"
    whole, frac = s.split(".")
    return spell(int(whole)) + " point " + " ".join(_ONES[int(ch)] for ch in frac)


def ordinal(n):
    if 10 <= n % 100 <= 20:
        suf = "th"
    else:
        suf = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def words_fig(n, unit=None, pl=None):
    """'ninety (90) days' (used by documents too)."""
    v = int(n)
    s = f"{spell(v)} ({v:,})"
    if unit:
        s += " " + (unit if v == 1 else (pl or unit + "s"))
    return s


def words_pct(x):
    v = rnd(x, 1)
    if v == int(v):
        return f"{spell(int(v))} percent ({int(v)}%)"
    return f"{spell_dec(v, 1)} percent ({v:.1f}%)"


OPENERS = ["Further to your request, ", "Thank you for your enquiry. ", "In response to your query, ", ""]
NOTES = ["Please note that ", "We would note that ", "Kindly note that "]
RECS = ["We recommend that ", "We would recommend that ", "Accordingly, we recommend that "]
CONFIRMS = ["Kindly confirm ", "Please confirm ", "We should be grateful if you would confirm "]
SIGNS = [None, "Contracts & Compliance Office", "Legal Operations", "Office of the General Counsel"]


class Memo:
    """One answer's formatting choices; records computed values and dates for ``vet``."""

    def __init__(self, r: R, today, cur="USD"):
        self.r = r
        self.today = D(today)
        self.cur = cur
        self.form = r.choice(["ord", "us"])
        self.reline = r.random() < 0.55
        self.opener = r.choice(OPENERS)
        self.note = r.choice(NOTES)
        self.rec = r.choice(RECS)
        self.confirm = r.choice(CONFIRMS)
        self.sign = r.choice(SIGNS)
        self.money_words = r.random() < 0.5
        self.regards = r.choice(["Kind regards,", "Yours faithfully,", "With kind regards,"])
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

    # ---------------------------------------------------------------- figures
    def n(self, x, unit=None, pl=None, calc=False):
        v = int(x)
        if calc:
            self.declare(v)
        return words_fig(v, unit, pl)

    def pct(self, x, calc=False):
        if calc:
            self.declare(x)
            self.declare(rnd(x, 1))
        return words_pct(x)

    def amt(self, x, cur=None, words=None, calc=False):
        cur = cur or self.cur
        v = rnd(abs(float(x)), 2)
        if calc:
            self.declare(x)
            self.declare(v)
        fig = f"{cur} {v:,.2f}"
        use = self.money_words if words is None else words
        if use and v == int(v):
            return f"{spell(int(v))} {CUR_NOUN[cur]} ({fig})"
        return fig

    # ---------------------------------------------------------------- dates and times
    def _fmt(self, d, wd=False):
        if self.form == "ord":
            s = f"the {ordinal(d.day)} of {MONTHS[d.month - 1]} {d.year}"
        else:
            s = f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
        return (f"{WDAYS[d.weekday()]}, " + s) if wd else s

    def d(self, x, calc=False, wd=False):
        dd = D(x)
        if calc:
            self.calc_dates.add(dd)
        return self._fmt(dd, wd)

    def dpair(self, x, shift, calc=False, wd=False):
        """(clean date text, shifted date text) in the same form."""
        dd = D(x)
        return self.d(dd, calc, wd), self._fmt(dd + dt.timedelta(days=shift), wd)

    def clock(self, stamp):
        """'2026-04-22T10:30:00+01:00' -> '10:30 a.m.'"""
        hh, mm = int(stamp[11:13]), int(stamp[14:16])
        return f"{hh % 12 or 12}:{mm:02d} {'a.m.' if hh < 12 else 'p.m.'}"

    # ---------------------------------------------------------------- note parts
    def head(self, a: A, *parts):
        if self.reline:
            a.t("Re: ")
            _parts(a, parts)
            a.t("\n\n")

    def lead(self, a: A, first):
        """The opener and the first words of the note ('we have reviewed …')."""
        if self.opener.endswith(", ") or not self.opener:
            a.t(self.opener + (first if self.opener else first[0].upper() + first[1:]))
        else:
            a.t(self.opener + first[0].upper() + first[1:])

    def close(self, a: A):
        if self.sign:
            a.t("\n\n" + self.regards + "\n" + self.sign)


def _parts(a, parts):
    for p in parts:
        if isinstance(p, tuple):
            a.x(p[0], **p[1])
        else:
            a.t(p)


# =========================================================================== reading the note back
_MONRX = "|".join(MONTHS)
_WDRX = "|".join(WDAYS)
_DORD = re.compile(r"(?:\b(" + _WDRX + r"), )?\bthe (\d{1,2})(st|nd|rd|th) of (" + _MONRX + r") (\d{4})\b")
_DUS = re.compile(r"(?:\b(" + _WDRX + r"), )?\b(" + _MONRX + r") (\d{1,2}), (\d{4})\b")
_ISO = re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?!\d)")
_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2}) ([ap])\.m\.(?: \(([A-Z][a-z]+(?: [A-Za-z]+)*)\))?")
_URL = re.compile(r"https?://[^\s)\]>,;\"]+")
_PATH = re.compile(r"(?<![\w:/.])/[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+")
_SCHP = re.compile(r"\bSchedule (\d+), paragraph (\d+)\b|\bparagraph (\d+) of Schedule (\d+)\b")
_SCH = re.compile(r"\bSchedule (\d+)\b")
_CL = re.compile(r"\b(?:Clause|clause|Section|section|Clauses|clauses) (\d+(?:\.\d+)*)((?:\([a-z]{1,4}\))*)")
_CLAND = re.compile(r"^(?:,| and| or) (\d+(?:\.\d+)*)((?:\([a-z]{1,4}\))*)")
_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b")
_NAMED = re.compile(r"\b(?!USD |EUR |GBP )[A-Z]{2,}(?: \d+)+\b")
_CODE = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
_QUOTED = re.compile(r"\"([a-z][a-z0-9]*(?:_[a-z0-9]+)*)\"")
_NWL = {w: i for i, w in enumerate(["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                    "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                                    "seventeen", "eighteen", "nineteen"])}
_NWL.update({"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
             "ninety": 90, "hundred": 100, "thousand": 1000, "million": 1_000_000})
_NWRX = "|".join(sorted(_NWL, key=len, reverse=True))
_RUN = (r"\b(?:" + _NWRX + r")\b(?:(?:-| | and )(?:" + _NWRX + r")\b)*(?: point(?: (?:" + _NWRX + r")\b)+)?")
_RUNRX = re.compile(_RUN, re.I)
_PAIR = re.compile(r"(" + _RUN + r")( percent| US dollars| euros| pounds sterling)? \(([^()]*)\)", re.I)
_AMT = re.compile(r"\b(USD|EUR|GBP) (\d[\d,]*(?:\.\d+)?)")
_FIG = r"\d{1,3}(?:,\d{3})*"
_NOUNCODE = {" us dollars": "USD", " euros": "EUR", " pounds sterling": "GBP"}
_OPS = {" plus ": "+", " less ": "-", " minus ": "-", " multiplied by ": "*", " times ": "*", " divided by ": "/"}
_CONNECT = re.compile(r",? (?:which |that )?(?:is|comes to|amounts to|equals|totals|gives|that is,|being)(?: a total of)? ")
_OFFSET = re.compile(r"(" + _RUN + r") \((\d[\d,]*)\) (calendar days|business days|days|weeks|months|years)"
                     r"(?:'| of)? (before|after|from|following)\b", re.I)


def words_value(s):
    """Independent reader of numbers in words ('two hundred forty-one', 'twelve point five')."""
    s = s.lower().replace("-", " ")
    whole, _, frac = s.partition(" point ")
    total = cur = 0
    for w in whole.split():
        if w == "and":
            continue
        v = _NWL[w]
        if v == 100:
            cur = (cur or 1) * 100
        elif v >= 1000:
            total += (cur or 1) * v
            cur = 0
        else:
            cur += v
    val = total + cur
    if frac:
        return float(f"{val}." + "".join(str(_NWL[w]) for w in frac.split()))
    return float(val)


def _suffix_ok(day, suf):
    want = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return suf == want


def date_spans(text):
    """(start, end, date, weekday or None) for every date written in the note."""
    out = []
    for m in _DORD.finditer(text):
        day = int(m.group(2))
        assert _suffix_ok(day, m.group(3)), f"wrong ordinal suffix in {m.group(0)!r}"
        out.append((m.start(), m.end(), dt.date(int(m.group(5)), MONTHS.index(m.group(4)) + 1, day), m.group(1)))
    for m in _DUS.finditer(text):
        out.append((m.start(), m.end(), dt.date(int(m.group(4)), MONTHS.index(m.group(2)) + 1, int(m.group(3))),
                    m.group(1)))
    return sorted(out)


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


def _val(whole, frac):
    return float(whole.replace(",", "") + ("." + frac if frac else ""))


def gather(plan):
    """Numbers, dates, local times and documents of the evidence (tool results and user turns)."""
    nums, dates, times, docs = set(), set(), set(), []
    users = [plan.request] + [m["text"] for m in plan.history if m["role"] == "user"]
    items = [("s", u) for u in users]
    for c in results(plan):
        if isinstance(c.result, str):
            docs.append(c.result)
            items.append(("d", c.result))
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
        for m in re.finditer(r"(?<![\d:])(\d{2}):(\d{2})(?![\d])", v):
            times.add(m.group(0))
        s = re.sub(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)?)?", " ", v)
        s = re.sub(r"\d{2}:\d{2}", " ", s)
        s = _URL.sub(" ", s)
        s = _PATH.sub(" ", s)
        s = _ID.sub(" ", s)
        if kind == "d":
            s = re.sub(r"(?m)^\s*(#+ )?(SCHEDULE |Schedule )?\d+(\.\d+)*\.?(?=\s)", " ", s)
        for m in re.finditer(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?", s):
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


def doc_refs(doc):
    """Clause, sub-clause, schedule and schedule-paragraph keys of a fetched document."""
    keys, sched, clause = set(), None, None
    for ln in doc.split("\n"):
        s = ln.strip()
        m = re.match(r"(?:#+ )?SCHEDULE (\d+)\b", s, re.I)
        if m:
            sched = m.group(1)
            keys.add(("sch", sched))
            continue
        if sched is not None:
            m = re.match(r"(\d+)\.\s", s)
            if m:
                keys.add(("schp", sched, m.group(1)))
            continue
        m = re.match(r"(?:#+ )?(\d+(?:\.\d+)*)\.?\s", s)
        if m:
            clause = m.group(1)
            keys.add(("cl", clause))
            continue
        m = re.match(r"\(([a-z]{1,4})\)\s", s)
        if m and clause:
            keys.add(("cl", f"{clause}({m.group(1)})"))
    return keys


def refs_in(text):
    """(start, end, key) for every clause, schedule and schedule-paragraph reference."""
    out, taken = [], []
    for m in _SCHP.finditer(text):
        s, p = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        out.append((m.start(), m.end(), ("schp", s, p)))
        taken.append((m.start(), m.end()))
    for m in _SCH.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        out.append((m.start(), m.end(), ("sch", m.group(1))))
    for m in _CL.finditer(text):
        out.append((m.start(), m.end(), ("cl", m.group(1) + m.group(2))))
        e = m.end()
        while True:                       # "Clauses 2.2 and 3.2", "Clause 4.1(a), (b)" is not written
            m2 = _CLAND.match(text[e:])
            if not m2:
                break
            out.append((e, e + m2.end(), ("cl", m2.group(1) + m2.group(2))))
            e += m2.end()
    return out


def _mask(text, spans):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            if t[i] != "\n":
                t[i] = "#"
    return "".join(t)


def _fits(v, tol, allowed):
    return any(abs(x - v) <= tol + 1e-9 for x in allowed)


def _tol(frac):
    return 0.5 * 10 ** -len(frac) if frac else 0.0


def figures(text):
    """Terms of the note: (start, end, lo, hi, kind) for number pairs, percentages and amounts; checks each pair."""
    terms = []
    taken = []
    for m in _PAIR.finditer(text):
        run, suf, inner = m.group(1), (m.group(2) or "").lower(), m.group(3)
        wv = words_value(run)
        if suf == " percent":
            mm = re.fullmatch(r"(\d+)(?:\.(\d))?%", inner)
            assert mm, f"percentage figure {inner!r} not written N% or N.N%"
            v, tol = _val(mm.group(1), mm.group(2)), _tol(mm.group(2) or "")
            assert abs(wv - v) < 1e-9, f"words and figure disagree: {m.group(0)!r}"
            terms.append((m.start(), m.end(), (v - tol) / 100, (v + tol) / 100, "pct", v, tol))
        elif suf:
            mm = re.fullmatch(r"(USD|EUR|GBP) (" + _FIG + r")\.(\d{2})", inner)
            assert mm and mm.group(1) == _NOUNCODE[suf], f"amount in words badly written: {m.group(0)!r}"
            v = _val(mm.group(2), mm.group(3))
            assert abs(wv - v) < 1e-9, f"words and figure disagree: {m.group(0)!r}"
            terms.append((m.start(), m.end(), v - 0.005, v + 0.005, "money", v, 0.005))
        else:
            mm = re.fullmatch(_FIG, inner)
            assert mm, f"figure {inner!r} after {run!r} not written with separators"
            v = _val(inner, None)
            assert abs(wv - v) < 1e-9, f"words and figure disagree: {m.group(0)!r}"
            terms.append((m.start(), m.end(), v, v, "num", v, 0.0))
        taken.append((m.start(), m.end()))
    for m in _AMT.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        mm = re.fullmatch(r"(" + _FIG + r")\.(\d{2})", m.group(2))
        assert mm, f"amount {m.group(0)!r} not written with separators and two decimals"
        v = _val(mm.group(1), mm.group(2))
        terms.append((m.start(), m.end(), v - 0.005, v + 0.005, "money", v, 0.005))
    return sorted(terms)


def check_workings(text, terms):
    """Recompute date offsets, periods between dates and amount chains from their displayed operands."""
    n = 0
    spans = date_spans(text)
    for m in _OFFSET.finditer(text):
        k = int(m.group(2).replace(",", ""))
        assert abs(words_value(m.group(1)) - k) < 1e-9, f"words and figure disagree: {m.group(0)!r}"
        after = [x for x in spans if x[0] >= m.end()]
        if not after or after[0][0] - m.end() > 45:
            continue                                     # a rule, not a working
        gap = text[m.end():after[0][0]]
        if re.search(r"\d|\. |;", gap):
            continue
        d1 = after[0]
        nxt = [x for x in spans if x[0] >= d1[1]]
        assert nxt and nxt[0][0] - d1[1] <= 90 and not re.search(r"\. |;", text[d1[1]:nxt[0][0]]), \
            f"date working without a result date: {text[m.start():d1[1] + 40]!r}"
        d2 = nxt[0][2]
        unit, sign = m.group(3).lower(), (-1 if m.group(4).lower() == "before" else 1)
        if unit in ("days", "calendar days"):
            got = d1[2] + dt.timedelta(days=sign * k)
        elif unit == "weeks":
            got = d1[2] + dt.timedelta(days=7 * sign * k)
        elif unit == "months":
            got = _reader_add_months(d1[2], sign * k)
        elif unit == "years":
            got = _reader_add_months(d1[2], 12 * sign * k)
        else:
            got, left = d1[2], k
            while left:
                got += dt.timedelta(days=sign)
                if got.weekday() < 5:
                    left -= 1
        assert got == d2, f"date working does not add up: {text[m.start():nxt[0][1]]!r} (got {got})"
        n += 1
    for i in range(len(spans) - 1):
        s1, s2 = spans[i], spans[i + 1]
        lead = text[max(0, s1[0] - 8):s1[0]]
        mid = text[s1[1]:s2[0]]
        if not ((lead.endswith("between ") and mid == " and ") or (lead.endswith("from ") and mid == " to ")):
            continue
        tail = text[s2[1]:s2[1] + 60]
        mm = re.match(r"(?:,)? (?:there are|there is|is a period of|a period of|being) (" + _RUN + r") \((\d[\d,]*)\) "
                      r"(calendar days|days)\b", tail, re.I)
        if not mm:
            continue
        k = int(mm.group(2).replace(",", ""))
        assert abs(words_value(mm.group(1)) - k) < 1e-9, "words and figure disagree in a period"
        assert (s2[2] - s1[2]).days == k, f"period does not add up: {text[s1[0]:s2[1] + len(mm.group(0))]!r}"
        n += 1
    i = 0
    while i < len(terms) - 1:
        chain, j = [terms[i]], i
        ops = []
        while j < len(terms) - 1:
            gap = text[terms[j][1]:terms[j + 1][0]]
            op = _OPS.get(gap)
            if op is None and gap == " of " and terms[j][4] == "pct":
                op = "*"
            if op is None:
                break
            ops.append(op)
            chain.append(terms[j + 1])
            j += 1
        if not ops:
            i += 1
            continue
        assert j < len(terms) - 1 and _CONNECT.fullmatch(text[terms[j][1]:terms[j + 1][0]]), \
            f"working without a result: {text[terms[i][0]:terms[j][1] + 30]!r}"
        res = terms[j + 1]
        got = _chain_value(chain, ops)
        assert res[2] <= got[1] + 1e-6 and got[0] <= res[3] + 1e-6, \
            f"working does not add up: {text[terms[i][0]:res[1]]!r} (got {got})"
        n += 1
        i = j + 1
    return n


def _reader_add_months(d, n):
    y, m = divmod(d.month - 1 + n, 12)
    y, m = d.year + y, m + 1
    last = calendar.monthrange(y, m)[1]
    return dt.date(y, m, min(d.day, last))


def _chain_value(chain, ops):
    """Interval value of 'a op b op c …' with × and ÷ before + and −."""
    def mul(a, b):
        ps = [a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1]]
        return (min(ps), max(ps))

    def div(a, b):
        assert b[0] > 0
        ps = [a[0] / b[0], a[0] / b[1], a[1] / b[0], a[1] / b[1]]
        return (min(ps), max(ps))

    vals = [(t[2], t[3]) for t in chain]
    sums, signs = [vals[0]], []
    for op, v in zip(ops, vals[1:]):
        if op == "*":
            sums[-1] = mul(sums[-1], v)
        elif op == "/":
            sums[-1] = div(sums[-1], v)
        else:
            signs.append(op)
            sums.append(v)
    lo, hi = sums[0]
    for sg, v in zip(signs, sums[1:]):
        if sg == "+":
            lo, hi = lo + v[0], hi + v[1]
        else:
            lo, hi = lo - v[1], hi - v[0]
    return (lo, hi)


def check_clean(scn, plan, w: Memo):
    text = plan.answer.text
    where = f"{scn.name}/{plan.intent or '?'}"
    nums, dates, times, docs = gather(plan)
    blob = evidence_text(scn, plan)
    fb, sb = fold(blob), squash(blob)
    allowed = nums | w.calc
    all_dates = dates | w.calc_dates
    keys = set()
    for d in docs:
        keys |= doc_refs(d)
    ctx = f"\n{text}"
    assert not re.search(r"(?m)^(\||#|- |\* |\d+\. )", text), f"{where}: layout other than prose{ctx}"
    assert not re.search(r"[$€£`*]", text), f"{where}: currency symbol or Markdown mark{ctx}"
    assert not _ISO.search(text), f"{where}: ISO date in the note{ctx}"
    assert "  " not in text and " ." not in text and " ," not in text, f"{where}: spacing{ctx}"
    masks = []
    for s, e, d, wd in date_spans(text):
        assert d in all_dates, f"{where}: date {text[s:e]!r} is neither in the evidence nor computed{ctx}"
        if wd:
            assert WDAYS[d.weekday()] == wd, f"{where}: wrong weekday in {text[s:e]!r}{ctx}"
        masks.append((s, e))
    t1 = _mask(text, masks)
    assert not re.search(r"\b(" + _MONRX + r")\b \d|\d(st|nd|rd|th)\b", t1), f"{where}: date not in a full form{ctx}"
    for m in _CLOCK.finditer(t1):
        hh = int(m.group(1)) % 12 + (12 if m.group(3) == "p" else 0)
        hm = f"{hh:02d}:{m.group(2)}"
        assert hm in times, f"{where}: time {m.group(0)!r} is not a local time in the evidence{ctx}"
        if m.group(4):
            zone = {v: k for k, v in ZONE_WORDS.items()}.get(m.group(4))
            assert zone and zone in blob, f"{where}: zone {m.group(4)!r} not named in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    for rx in (_URL, _PATH):
        for m in rx.finditer(_mask(text, masks)):
            tok = m.group(0).rstrip(".")
            assert tok in blob, f"{where}: {tok!r} not in the evidence{ctx}"
            masks.append((m.start(), m.start() + len(tok)))
    for s, e, key in refs_in(_mask(text, masks)):
        assert key in keys, f"{where}: reference {text[s:e]!r} is not in a fetched document{ctx}"
        masks.append((s, e))
    for rx in (_ID, _NAMED):
        for m in rx.finditer(_mask(text, masks)):
            if rx is _ID and not re.search(r"\d", m.group(0)):
                continue
            assert fold(m.group(0)) in fb, f"{where}: identifier {m.group(0)!r} not in the evidence{ctx}"
            masks.append((m.start(), m.end()))
    for m in _CODE.finditer(_mask(text, masks)):
        assert m.group(0) in blob, f"{where}: code {m.group(0)!r} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    for m in _QUOTED.finditer(_mask(text, masks)):
        assert json.dumps(m.group(1)) in blob, f"{where}: quoted value {m.group(0)} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    t2 = _mask(text, masks)
    check_names(t2, fb, where, ctx)
    terms = figures(t2)
    covered = [(s, e) for s, e, *_ in terms]
    for s, e, lo, hi, kind, v, tol in terms:
        if kind == "pct":
            ok = _fits(v, tol, allowed) or _fits(v / 100, tol / 100, allowed)
        else:
            ok = _fits(v, tol, allowed)
        assert ok, f"{where}: {text[s:e]!r} is not an evidence or computed value{ctx}"
        if kind == "money":
            code = re.search(r"(USD|EUR|GBP)", text[s:e]).group(1)
            assert code in blob, f"{where}: currency {code} not named in the evidence{ctx}"
    for m in _RUNRX.finditer(t2):
        if text[m.end():m.end() + 1] == "-" or text[max(0, m.start() - 1):m.start()] == "-":
            continue                              # "one-way": an adjective, not a figure
        assert any(a <= m.start() < b for a, b in covered), \
            f"{where}: number in words {m.group(0)!r} without its figure{ctx}"
    t3 = _mask(t2, covered)
    bare = re.search(r"\d|%", t3)
    assert not bare, f"{where}: bare figure in {t3[max(0, bare.start() - 30):][:60]!r}{ctx}"
    check_workings(_mask(text, [(s, e) for s, e in masks if not any(a <= s and e <= b for a, b, *_ in date_spans(text))]),
                   terms)
    return nums, all_dates, docs, blob, keys, allowed


# words of the writer's own register: sentence openers, the note's furniture and the roles every document names
STYLE_WORDS = set("""Re We Our Please Kindly Further Thank In For Accordingly Subject Unless Under As All No That This Of The
An A It Its If Any Pursuant Yours Kind With Regards Contracts Compliance Office Legal Operations General Counsel Company
Screening Transfers Confidentiality Apologies Both Each Either Neither Only There These Those Until When Where Which While
Mr Ms Dr USD EUR GBP Issue Approval Release Notice Certification New""".split())
_CAPSEQ = re.compile(r"(?<![\w#-])[A-Z][A-Za-z'’-]*(?: (?:of |and |the |de |la |du )*[A-Z][A-Za-z'’-]*)*")


def check_names(text, fb, where, ctx=""):
    """Every capitalised name (people, companies, places, lists, documents, roles) occurs in the evidence."""
    for m in _CAPSEQ.finditer(text):
        words = m.group(0).split(" ")
        while words and (words[0] in STYLE_WORDS or words[0].lower() in _NWL):
            words = words[1:]
        while words and words[0] in ("of", "and", "the", "de", "la", "du"):
            words = words[1:]
        if not words or all(x in STYLE_WORDS or x in ("of", "and", "the") for x in words):
            continue
        name = re.sub(r"['’]s$", "", " ".join(words))
        if fold(name) in fb:
            continue
        for part in re.split(r" (?:of|and) ", name):          # "Issue of NDA", "Meera Iyer and Tom Ashworth"
            part = re.sub(r"^(?:the |de |la |du )+", "", part)
            assert part in STYLE_WORDS or fold(part) in fb, f"{where}: name {part!r} not in the evidence{ctx}"


def _trim(a: A):
    """Keep insertion points that follow a finished sentence (or precede a sentence-final period)."""
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
        if k == "clause" and (nxt != "." or prev.endswith((".", ")"))):
            continue
        if k == "s" and not (prev.endswith(".") and nxt in ("", " ", "\n")):
            continue
        if k == "para" and not (prev.endswith(".") and nxt in ("", "\n")):
            continue
        if k == "bullet":
            continue
        keep.append((p, k))
    a.points = keep


def _figset(s):
    try:
        return {round(t[5], 6) for t in figures(s)}
    except AssertionError:
        return None


def vet(scn, plan, w: Memo):
    """Evidence guard (module docstring). Returns the plan."""
    _trim(plan.answer)
    nums, dates, docs, blob, keys, allowed = check_clean(scn, plan, w)
    fl, sq = fold(blob), squash(blob)
    a = plan.answer
    keep = []
    for c in a.cands:
        rep, orig, typ, cat = c["replacement"], c["original"], c["type"], c["category"]
        core = rep.strip("'\"`* ")
        if not core or rep == orig:
            continue
        if typ in ("entity", "fabricated_attribute") or (typ == "conflation" and cat == "contradiction/entity"):
            if typ != "conflation" and (fold(core) in fl or (len(squash(core)) >= 3 and squash(core) in sq)):
                continue
        if typ == "fabricated_id":
            if squash(core) in sq or squash(core) == squash(orig):
                continue
        if typ == "fabricated_section":
            rk = [k for _, _, k in refs_in(rep)]
            if not rk or any(k in keys for k in rk):
                continue
        if typ == "numeric" or (typ == "conflation" and cat == "contradiction/numerical"):
            rv, ov = _figset(rep), _figset(orig)
            if not rv or rv is None or ov is None or rv == ov:
                continue
            if typ == "numeric" and any(_fits(v, 0.0, allowed) or _fits(v / 100, 0.0, allowed) for v in rv - ov):
                continue
        if typ == "temporal" or (typ == "conflation" and cat == "contradiction/temporal"):
            try:
                rd, od = {x[2] for x in date_spans(rep)}, {x[2] for x in date_spans(orig)}
            except AssertionError:
                continue
            if not rd or rd == od:
                continue
            if typ == "temporal" and rd & all_dates_of(dates, w):
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


def all_dates_of(dates, w):
    return set(dates) | set(w.calc_dates)
