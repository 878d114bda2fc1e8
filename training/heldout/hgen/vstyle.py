"""Set v writer: a plain-language consumer explainer.

The agent is the assistant of a consumer-facing service (airline baggage desk, county jury office, rental-deposit
protection scheme, student-loan servicer, toll-road account, automaker recall center). It looks up the customer's own
record, reads the service's numbered rules (fetched by path or by URL) and sometimes takes one write action that the
system may refuse by design with a reason code and an alternative. The final answer explains the record to the customer
at about a sixth-grade reading level: warm, second person, short everyday sentences, no jargon, status values in
everyday words ("we found your bag", "we're still looking"), rounded figures with rounding words ("about $1,200",
"a little over half", "almost three weeks"), relative dates next to or instead of absolute ones ("next Tuesday (June 9)",
"in about 10 days", "by the end of the month"), small numbers spelled as words, money without zero cents, workings in
words ("$480 minus the $120 you already paid leaves $360", "You've used 7 of your 10 visits, so you have 3 left"), an
optional "Here's what this means for you:" list with "•" bullets, at most one bold fact, at most one friendly question,
no tables, no code, no reason codes shown verbatim, and a reassuring next step.

``Plain`` holds one answer's formatting choices and records the values, ratios and dates the template computed.

``vet`` is the evidence guard. It (1) drops edit candidates that could be supported by the evidence: entity, identifier
and attribute replacements found anywhere in the run's evidence, system prompt or tool definitions (also after folding
accents and punctuation); section references that a fetched document has; numeric and temporal replacements whose
edited answer the independent reader accepts (the new figure, rounded figure, date or relative date could be read off
the evidence) or that do not change a value; inserted sentences whose fabricated reference or text occurs in the
evidence; and (2) reads the clean answer back with an independent reader written for this style (``read_answer``: its
own parsers for money, cents, percentages, digits, ordinals, number words, rounding words and their tolerances, fractions
and "N in M" ratios, month-day dates with or without weekday and year, relative dates against the record's ``as_of``
date, 12-hour times and "between … and …" windows, time-zone words, phone numbers, identifiers, quoted labels, section
references and capitalised names; not the writer's helpers). Every figure, rounded figure, fraction, date, relative
date, time and name must be read off the evidence or a value the template declared computed, and every working in words
is recomputed ("X of your Y …, so you have Z left", "A plus / minus / times / divided by B … is / leaves / comes to C",
"N payments of $X is $Y", "p% of A is B", "half of A is B", "N days / weeks / months / business days after D is D2").
A clean answer that fails raises ``AssertionError``.
"""
from __future__ import annotations

import datetime as dt
import json
import re
import unicodedata

from .common import EDIT_CATEGORY, INSERT_TYPES, A, R, mutate_id

WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
          "December"]
# zone -> (standard offset, daylight saving?, everyday word)
ZONES = {"America/New_York": (-5, True, "Eastern"), "America/Toronto": (-5, True, "Eastern"),
         "America/Chicago": (-6, True, "Central"), "America/Winnipeg": (-6, True, "Central"),
         "America/Regina": (-6, False, "Saskatchewan"), "America/Denver": (-7, True, "Mountain"),
         "America/Edmonton": (-7, True, "Mountain"), "America/Phoenix": (-7, False, "Arizona"),
         "America/Los_Angeles": (-8, True, "Pacific"), "America/Vancouver": (-8, True, "Pacific"),
         "America/Halifax": (-4, True, "Atlantic")}
WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]


# =========================================================================== dates, zones
def D(s):
    if isinstance(s, dt.datetime):
        return s.date()
    if isinstance(s, dt.date):
        return s
    return dt.date.fromisoformat(str(s)[:10])


def _nth_sunday(y, m, n):
    d = dt.date(y, m, 1)
    d += dt.timedelta(days=(6 - d.weekday()) % 7)
    return d + dt.timedelta(days=7 * (n - 1))


def utc_offset(zone, day):
    base, dst, _ = ZONES[zone]
    day = D(day)
    if dst and _nth_sunday(day.year, 3, 2) <= day < _nth_sunday(day.year, 11, 1):
        return base + 1
    return base


def ts(day, hh, mm, zone):
    """Local timestamp with its UTC offset: 2026-05-12T14:30:00-05:00."""
    off = utc_offset(zone, day)
    return f"{D(day).isoformat()}T{hh:02d}:{mm:02d}:00{'-' if off < 0 else '+'}{abs(off):02d}:00"


def add_bdays(d, n):
    d = D(d)
    step = 1 if n >= 0 else -1
    n = abs(n)
    while n:
        d += dt.timedelta(days=step)
        if d.weekday() < 5:
            n -= 1
    return d


def add_months(d, n):
    d = D(d)
    m = d.month - 1 + n
    y, m = d.year + m // 12, m % 12 + 1
    last = [31, 29 if y % 4 == 0 else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    return dt.date(y, m, min(d.day, last))


def month_end(d):
    return add_months(dt.date(d.year, d.month, 1), 1) - dt.timedelta(days=1)


def fold(s):
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch)).lower()


def squash(s):
    return re.sub(r"[^a-z0-9]", "", fold(s))


# =========================================================================== the writer
class Plain:
    """One answer's formatting choices; records computed values, ratios and dates for ``vet``."""

    def __init__(self, r: R, today):
        self.r = r
        self.today = D(today)
        self.wd = r.random() < 0.5            # weekday before absolute dates
        self.bullets = r.random() < 0.45      # a "Here's what this means for you:" list
        self.bold_left = 1 if r.random() < 0.5 else 0
        self.asked = False
        self.approx_word = r.choice(["about", "about", "around", "roughly"])
        self.calc, self.calc_dates, self.ratios = set(), set(), set()
        self.refs = {}

    # ---------------------------------------------------------------- bookkeeping
    def declare(self, v):
        if isinstance(v, (dt.date, dt.datetime)):
            self.calc_dates.add(D(v))
        else:
            self.calc.add(round(abs(float(v)), 6))

    def ratio(self, a, b):
        self.ratios.add(round(a / b, 6))

    def cite(self, text, raw):
        self.refs[text] = raw
        return text

    def fake_id(self, raw, r: R):
        return mutate_id(raw, r)

    def bold(self, s):
        """At most one bold fact per answer."""
        if self.bold_left:
            self.bold_left = 0
            return f"**{s}**"
        return s

    # ---------------------------------------------------------------- figures
    def usd(self, x, calc=False):
        x = round(float(x), 2)
        if calc:
            self.declare(x)
        return f"${x:,.0f}" if x == int(x) else f"${x:,.2f}"

    def cents(self, x):
        """0.3 -> '30 cents'."""
        return f"{round(x * 100):d} cents"

    def num(self, n, calc=False):
        """Small whole numbers as words, others as digits."""
        if calc:
            self.declare(n)
        n = float(n)
        if n == int(n) and 0 <= n <= 10:
            return WORDS[int(n)]
        return f"{int(n):,}" if n == int(n) else f"{n:g}"

    def rounded(self, x, mode=None):
        """(word, value) of a rounding that stays true: 'about' two-sided, 'almost' from below, 'a little over'
        from above. None when x is too small to round."""
        x = float(x)
        if x < 50:
            return None
        unit = 100 if x >= 1000 else (10 if x >= 100 else 5)
        near = round(x / unit) * unit
        down, up = (x // unit) * unit, -(-x // unit) * unit
        mode = mode or self.r.choice(["about", "about", "under", "over"])
        if mode == "about" and near != x and abs(near - x) <= 0.05 * x:
            return self.approx_word, near
        if mode == "under" and up > x and (up - x) <= 0.08 * up:
            return self.r.choice(["almost", "just under", "nearly"]), up
        if mode == "over" and down < x and (x - down) <= 0.08 * down and down > 0:
            return self.r.choice(["a little over", "just over"]), down
        if near != x and abs(near - x) <= 0.05 * x:
            return self.approx_word, near
        return None

    def approx_usd(self, x, mode=None):
        """'about $1,200' (or the exact amount when it does not round)."""
        got = self.rounded(x, mode)
        if not got:
            return self.usd(x)
        word, v = got
        return f"{word} {self.usd(v)}"

    def past_usd(self, x):
        """A rounding that goes past the truth: 'about $1,500' for 1,180."""
        f = self.r.choice([0.7, 0.75, 1.3, 1.35, 1.45])
        v = x * f
        unit = 100 if v >= 1000 else (10 if v >= 100 else 5)
        v = max(unit, round(v / unit) * unit)
        return f"{self.approx_word} {self.usd(v)}"

    FRACS = [(0.5, "half"), (1 / 3, "a third"), (2 / 3, "two thirds"), (0.25, "a quarter"), (0.75, "three quarters"),
             (0.2, "a fifth"), (0.1, "a tenth")]

    def fraction(self, a, b):
        """'about half', 'a little over a third', 'roughly 2 in 5' for a/b (declared)."""
        p = a / b
        self.ratio(a, b)
        for f, name in sorted(self.FRACS, key=lambda fn: abs(p - fn[0])):
            if abs(p - f) < 1e-9:
                return name
            if 0 < p - f <= 0.06:
                return "a little over " + name
            if 0 < f - p <= 0.06:
                return "just under " + name
            if abs(p - f) <= 0.03:
                return "about " + name
        for den in (4, 5, 10):
            k = round(p * den)
            if 0 < k < den and abs(p - k / den) <= 0.04:
                return f"roughly {k} in {den}"
        return None

    # ---------------------------------------------------------------- dates and times
    def date(self, x, wd=None, calc=False):
        d = D(x)
        if calc:
            self.calc_dates.add(d)
        wd = self.wd if wd is None else wd
        s = f"{MONTHS[d.month - 1]} {d.day}"
        if d.year != self.today.year:
            s += f", {d.year}"
        return (f"{WEEKDAYS[d.weekday()]}, " + s) if wd else s

    def rels(self, x):
        """Every relative phrase this writer may use for a date (relative to the as_of date)."""
        d, t = D(x), self.today
        k = (d - t).days
        wk = (d - dt.timedelta(days=d.weekday()) - (t - dt.timedelta(days=t.weekday()))).days // 7
        out = []
        if k == 0:
            out.append("today")
        if k == 1:
            out.append("tomorrow")
        if k == -1:
            out.append("yesterday")
        if wk == 0 and k >= 2:
            out.append(f"this {WEEKDAYS[d.weekday()]}")
        if wk == 1 and k >= 2:
            out.append(f"next {WEEKDAYS[d.weekday()]}")
        if wk == -1 and k <= -2:
            out.append(f"last {WEEKDAYS[d.weekday()]}")
        if 2 <= k <= 45:
            out.append(f"in {self.num(k)} days")
        if 7 <= k <= 60 and k % 7 == 0:
            out.append(f"{self.num(k // 7) if k > 7 else 'one'} week{'s' if k > 7 else ''} from today")
        n = round(k / 7)
        if 14 <= k <= 70 and 0 < abs(k - 7 * n) <= 2:
            out.append(f"in about {self.num(n)} weeks")
        n = -(-k // 7)
        if 11 <= k <= 70 and 1 <= 7 * n - k <= 3:
            out.append(f"almost {self.num(n)} weeks from now")
        if k >= 55:
            n = round(k / 30.4)
            if abs(k - 30.4 * n) <= 5:
                out.append(f"in about {self.num(n)} months")
        if -45 <= k <= -2:
            out.append(f"{self.num(-k)} days ago")
        n = round(-k / 7)
        if -70 <= k <= -12 and abs(-k - 7 * n) <= 2 and n >= 2:
            out.append(f"about {self.num(n)} weeks ago")
        if k <= -55:
            n = round(-k / 30.4)
            if abs(-k - 30.4 * n) <= 5:
                out.append(f"about {self.num(n)} months ago")
        if d == month_end(t) and k >= 2:
            out.append("by the end of the month")
        if d.year == t.year and d.month == t.month and k >= 3 and d != month_end(t):
            out.append("later this month")
        nm = add_months(dt.date(t.year, t.month, 1), 1)
        if (d.year, d.month) == (nm.year, nm.month) and d.day <= 10:
            out.append("early next month")
        return out

    def when(self, x, calc=False, form=None, lead="on"):
        """A date as the customer would say it, with its preposition: 'on Tuesday, June 9', 'next Tuesday (June 9)',
        'by June 30 — that's about three weeks from now', 'three days ago (June 2)'. lead is 'on' (an event) or 'by'
        (a deadline). Returns (text, form)."""
        d = D(x)
        if calc:
            self.calc_dates.add(d)
        rs = self.rels(d)
        if lead == "by":
            first = [x_ for x_ in rs if x_ in ("tomorrow", "by the end of the month") or x_.split(" ")[0] in ("this", "next")]
        else:
            first = list(rs)
        forms = ["abs", "abs"] + (["abs_rel"] if rs else []) + (["rel_abs", "rel_abs", "rel"] if first else [])
        form = form or self.r.choice(forms)
        if form in ("rel_abs", "rel") and not first:
            form = "abs_rel" if rs else "abs"
        if form == "abs_rel" and not rs:
            form = "abs"
        if form == "abs":
            return f"{lead} {self.date(d)}", form
        if form == "abs_rel":
            return f"{lead} {self.date(d, wd=False)} — that's {self.r.choice(rs)}", form
        rel = self.r.choice(first)
        if lead == "by" and not rel.startswith("by "):
            rel = "by " + rel
        if form == "rel":
            return rel, form
        return f"{rel} ({self.date(d, wd=False)})", form

    def when_pair(self, x, shift, calc=False, lead="on"):
        """(clean text, shifted text in the same form) for a temporal edit."""
        txt, form = self.when(x, calc, lead=lead)
        d2 = D(x) + dt.timedelta(days=shift)
        state = self.r.getstate()
        alt, _ = self.when(d2, False, form, lead=lead)
        self.r.setstate(state)
        return txt, alt

    def time(self, stamp):
        h, m = int(stamp[11:13]), int(stamp[14:16])
        if h == 12 and m == 0:
            return "noon"
        return f"{h % 12 or 12}" + (f":{m:02d}" if m else "") + (" AM" if h < 12 else " PM")

    def window(self, s1, s2):
        a, b = self.time(s1), self.time(s2)
        if a[-2:] == b[-2:] and a != "noon" and self.r.random() < 0.5:
            a = a[:-3]
        return f"between {a} and {b}"

    def zone_word(self, zone):
        return ZONES[zone][2] + " time"

    def ask(self, q):
        """At most one friendly follow-up question."""
        if self.asked:
            return ""
        self.asked = True
        return q


class B(A):
    """The answer builder of this style: inserted sentences after a sentence, a paragraph or as a "•" bullet; an
    inserted clause goes before the period that ends a sentence (", because …")."""

    def p(self):
        self.points.append((len(self.parts), "s"))
        self.points.append((len(self.parts), "clause"))
        return self

    def pb(self):
        self.points.append((len(self.parts), "bullet"))
        self.points.append((len(self.parts), "clause"))
        return self

    def apply(self, chosen, r: R):
        repl, ins_at, used_idx, used_pos = {}, {}, set(), set()
        records = []
        for typ in chosen:
            if typ in INSERT_TYPES:
                opts = self.inserts.get(typ, [])
                r.shuffle(opts)
                done = False
                for text, clause in opts:
                    kinds = ["clause"] if clause else ["s", "para", "bullet"]
                    pts = [(p, k) for p, k in self.points if k in kinds and p not in used_pos]
                    if not pts:
                        continue
                    pos, kind = r.choice(pts)
                    used_pos.add(pos)
                    rec = {"type": typ, "category": EDIT_CATEGORY[typ], "original": None, "replacement": text}
                    ins_at.setdefault(pos, []).append((kind, text, rec))
                    records.append(rec)
                    done = True
                    break
                if not done:
                    return None
            else:
                cands = [c for c in self.cands if c["type"] == typ and c["idx"] not in used_idx]
                if not cands:
                    return None
                c = r.choice(cands)
                used_idx.add(c["idx"])
                rec = {"type": typ, "category": c["category"], "original": c["original"], "replacement": c["replacement"]}
                repl[c["idx"]] = (c["replacement"], rec)
                records.append(rec)
        out, spans, pos = [], [], 0
        for i in range(len(self.parts) + 1):
            for kind, text, rec in ins_at.get(i, []):
                if kind == "clause":
                    if not out or not out[-1].endswith(".") or (i - 1) in repl:
                        return None
                    out[-1] = out[-1][:-1]
                    pos -= 1
                    out.append(", ")
                    pos += 2
                    spans.append({"start": pos, "end": pos + len(text), "category": rec["category"], "text": text})
                    out.append(text + ".")
                    pos += len(text) + 1
                    continue
                sep = {"s": " ", "para": "\n\n", "bullet": "\n• "}[kind]
                out.append(sep)
                pos += len(sep)
                spans.append({"start": pos, "end": pos + len(text), "category": rec["category"], "text": text})
                out.append(text)
                pos += len(text)
            if i < len(self.parts):
                if i in repl:
                    s, rec = repl[i]
                    spans.append({"start": pos, "end": pos + len(s), "category": rec["category"], "text": s})
                else:
                    s = self.parts[i]
                out.append(s)
                pos += len(s)
        answer = "".join(out)
        spans.sort(key=lambda s: s["start"])
        edits = [{"type": e["type"], "category": e["category"], "original": e["original"],
                  "replacement": e["replacement"]} for e in records]
        return answer, spans, edits


OPENERS = ["Thanks for checking in!", "Good question!", "Happy to help.", "Thanks for your patience.",
           "Here's where things stand.", "I looked this up for you."]
CLOSERS = ["You're all set for now.", "You don't need to do anything else right now.",
           "We'll keep you posted.", "We're here if you need us."]


def opener(a: A, w: Plain):
    if w.r.random() < 0.55:
        a.t(w.r.choice(OPENERS) + " ")


def means_list(a: A, w: Plain, items):
    """items: list of callables that write one bullet's text (without the mark). Writes either a short
    'Here's what this means for you:' list or the same sentences as a paragraph."""
    if w.bullets:
        a.t("\n\n" + w.r.choice(["Here's what this means for you:", "What this means for you:", "In short:"]))
        for f in items:
            a.t("\n• ")
            f()
            a.pb()
    else:
        a.t("\n\n")
        for i, f in enumerate(items):
            if i:
                a.t(" ")
            f()
            a.p()


def closing(a: A, w: Plain, phone=None, question=None):
    a.t("\n\n")
    bits = []
    if question and w.r.random() < 0.5:
        bits.append(w.ask(question))
    if phone and w.r.random() < 0.5:
        bits.append(w.r.choice([f"If you have questions, call us at {phone}.", f"You can also call us at {phone} any time."]))
    bits.append(w.r.choice(CLOSERS))
    a.t(" ".join(b for b in bits if b))


# =========================================================================== the reader (independent of the writer)
_MON = "|".join(MONTHS)
_WD = "|".join(WEEKDAYS)
_MONN = {m: i + 1 for i, m in enumerate(MONTHS)}
_WDN = {w: i for i, w in enumerate(WEEKDAYS)}
_NUMW = {w: i for i, w in enumerate(WORDS)}
_NUMW.update({"once": 1, "twice": 2})
_NTOK = r"(?:\d{1,3}(?:,\d{3})+|\d+|" + "|".join(WORDS) + r"|a|an|one)"
_QUAL = r"(?:(about|around|roughly|approximately|almost|nearly|just under|a little under|just over|a little over|more than|less than) )?"
_DATE = re.compile(r"(?<![\w])(?:(" + _WD + r"), )?(" + _MON + r") (\d{1,2})(?:st|nd|rd|th)?(?:, (\d{4}))?(?![\d:])")
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}")
_H24 = re.compile(r"(?<![\d:])([01]\d|2[0-3]):[0-5]\d(?!\d| ?[AP]M)")
_TIME = re.compile(r"(?<![\w:])(\d{1,2})(?::(\d{2}))? ?(AM|PM)\b|\bnoon\b|\bmidnight\b")
_TRNG = re.compile(r"\bbetween (\d{1,2})(?::(\d{2}))?(?: ?(AM|PM))? and (\d{1,2})(?::(\d{2}))? ?(AM|PM)\b")
_PHONE = re.compile(r"(?<![\d-])(?:1-)?(?:\d{3}-)?\d{3}-\d{4}(?![\d-])")
_URL = re.compile(r"https?://[^\s)\]>,;\"]+")
_PATH = re.compile(r"(?<![\w:/.])/[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+")
_ID = re.compile(r"(?<![\w-])(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]+(?:-[A-Z0-9]+)*(?![\w-])|(?<![\w,.$])\d{6,}(?![\w,])")
_CODE = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
_SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_SEC = re.compile(r"\b(?:[Ss]ection|[Rr]ule|[Pp]art|[Ii]tem) (\d+(?:\.\d+)+)\b")
_QUOTE = re.compile(r"\"([^\"\n]{2,60})\"")
_ENDING = re.compile(r"\b(?:ending|ends) in (\d{3,6})\b")
_ZONEW = re.compile(r"\b(Eastern|Central|Mountain|Pacific|Atlantic|Arizona|Saskatchewan) time\b")
_MONEY = re.compile(_QUAL + r"\$(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?(?![\d,]\d)")
_CENTS = re.compile(r"(?<![\w.])" + _QUAL + r"(\d{1,2}) cents\b")
_PCT = re.compile(r"(?<![\w.])" + _QUAL + r"(\d+(?:\.\d+)?)%")
_HALFH = re.compile(_QUAL + r"\b(an hour and a half|half an hour)\b")
_NUM = re.compile(r"(?<![\w.$])" + _QUAL + r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:st|nd|rd|th)?(?![\w]|\.\d)")
_WNUM = re.compile(r"(?<![\w-])" + _QUAL + r"(" + "|".join(WORDS + ["once", "twice"]) + r")(?![\w-])", re.I)
_FRAC = re.compile(r"(?<![\w])" + _QUAL + r"(half|a third|two thirds|a quarter|three quarters|a fifth|a tenth|"
                   r"(\d+) in (\d+))(?![\w])(?! of \$)")
_FRACV = {"half": 0.5, "a third": 1 / 3, "two thirds": 2 / 3, "a quarter": 0.25, "three quarters": 0.75,
          "a fifth": 0.2, "a tenth": 0.1}
_RELW = re.compile(r"\b(today|tomorrow|yesterday|tonight)\b")
_RELWD = re.compile(r"\b(this|next|last) (" + _WD + r")\b")
_RELN = re.compile(r"\b(in )?" + _QUAL + r"(" + _NTOK + r") (days?|weeks?|months?)( from (?:today|now)| ago)?\b")
_RELM = re.compile(r"\b(later this month|early next month|by the end of the month|by the end of next month)\b")
JARGON = {"pursuant", "aforementioned", "adjudication", "adjudicated", "remittance", "remit", "accrued", "accrual",
          "forbearance", "capitalized", "capitalization", "disbursement", "indemnity", "liability", "herein",
          "thereof", "whereas", "remedy", "non-compliance", "deferral", "escrow", "arrears", "status code",
          "reason code", "null", "true", "false"}


def _val(whole, frac):
    return float(whole.replace(",", "") + ("." + frac if frac else ""))


def _wval(tok):
    t = tok.lower()
    if t in ("a", "an"):
        return 1.0
    if t in _NUMW:
        return float(_NUMW[t])
    return float(t.replace(",", ""))


def _mask(text, spans, ch=" "):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            if t[i] != "\n":
                t[i] = ch
    return "".join(t)


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


def _walk(v, out, key=""):
    if isinstance(v, dict):
        for k, x in v.items():
            _walk(x, out, k)
    elif isinstance(v, list):
        for x in v:
            _walk(x, out, key)
    elif isinstance(v, bool) or v is None:
        pass
    elif isinstance(v, (int, float)):
        out.append(("n", float(v)))
    else:
        out.append(("s", str(v)))


class Ev:
    """What the reader knows about the evidence of one run."""

    def __init__(self, scn, plan):
        nums, dates, times, docs, zones, asof = set(), set(), set(), [], set(), []
        items = [("s", u) for u in [plan.request] + [m["text"] for m in plan.history if m["role"] == "user"]]
        for c in results(plan):
            if isinstance(c.result, str):
                docs.append(c.result)
                items.append(("d", c.result))
            else:
                _walk(c.result, items)
                for k, v in _flat(c.result):
                    if k == "as_of":
                        asof.append(D(v))
        for kind, v in items:
            if kind == "n":
                nums.add(round(abs(v), 6))
                continue
            if v in ZONES:
                zones.add(ZONES[v][2])
            for m in re.finditer(r"(\d{4})-(\d{2})-(\d{2})", v):
                try:
                    dates.add(dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
                except ValueError:
                    pass
            for m in re.finditer(r"T(\d{2}):(\d{2})", v):
                times.add(f"{m.group(1)}:{m.group(2)}")
            for m in re.finditer(r"(?<![\d:])(\d{1,2})(?::(\d{2}))? ?(AM|PM)\b", v):
                hh = int(m.group(1)) % 12 + (12 if m.group(3) == "PM" else 0)
                times.add(f"{hh:02d}:{int(m.group(2) or 0):02d}")
            s = re.sub(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)?)?", " ", v)
            s = re.sub(r"\d{1,2}(?::\d{2})? ?(?:AM|PM)\b", " ", s)
            s = _URL.sub(" ", s)
            s = _PATH.sub(" ", s)
            s = _PHONE.sub(" ", s)
            s = re.sub(r"(?<![\w-])(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]+(?:-[A-Z0-9]+)+(?![\w-])", " ", s)
            if kind == "d":
                s = re.sub(r"(?m)^\s*(#+ )?\d+(\.\d+)*\.?(?=\s)", " ", s)
            for m in re.finditer(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?", s):
                nums.add(round(_val(m.group(1), m.group(2)), 6))
        self.nums, self.dates, self.times, self.docs, self.zones = nums, dates, times, docs, zones
        assert asof, "no as_of date in the evidence"
        self.today = max(asof)
        self.blob = evidence_text(scn, plan)
        self.fb = fold(self.blob)
        self.sq = squash(self.blob)
        self.keys = set()
        for d in docs:
            self.keys |= doc_keys(d)
        self.tokens = set(re.findall(r"[A-Za-z0-9]+", self.blob))


def _flat(v, key=""):
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _flat(x, k)
    elif isinstance(v, list):
        for x in v:
            yield from _flat(x, key)
    else:
        yield key, v


def evidence_text(scn, plan):
    chunks = [plan.request, scn.system]
    for m in plan.history:
        if m["role"] in ("user", "assistant") and m.get("text"):
            chunks.append(m["text"])
        elif m["role"] == "tool":
            c = m["call"]
            chunks += [json.dumps(c.args, ensure_ascii=False),
                       c.result if isinstance(c.result, str) else json.dumps(c.result, ensure_ascii=False)]
    for turn in plan.turns:
        if turn.text:
            chunks.append(turn.text)
        for c in turn.calls:
            chunks += [json.dumps(c.args, ensure_ascii=False),
                       c.result if isinstance(c.result, str) else json.dumps(c.result, ensure_ascii=False)]
    for tool in scn.tools:
        chunks += [tool.name, tool.description, json.dumps(tool.params, ensure_ascii=False)]
    return "\n".join(chunks)


def doc_keys(doc):
    """Numbered items of a fetched document: '4.2'."""
    keys = set()
    for ln in doc.split("\n"):
        m = re.match(r"(?:#+ )?(\d+(?:\.\d+)+|\d+)\.?\s", ln.strip())
        if m:
            keys.add(m.group(1))
    return keys


# ---------------------------------------------------------------- tolerances
def _qual_ok(x, qual, v):
    """Is the displayed figure x with its rounding word a true statement of the value v?"""
    if qual is None:
        return abs(x - v) <= 1e-6
    if qual in ("about", "around", "roughly", "approximately"):
        return abs(x - v) <= max(0.06 * max(x, v), 0.5 if x < 10 else 0)
    if qual in ("almost", "nearly", "just under", "a little under"):
        return v < x and x - v <= 0.1 * x
    if qual in ("just over", "a little over"):
        return v > x and v - x <= 0.1 * x
    if qual == "more than":
        return v > x and v - x <= 0.3 * x
    if qual == "less than":
        return v < x and x - v <= 0.3 * x
    raise AssertionError(qual)


def _any_ok(x, qual, allowed):
    return any(_qual_ok(x, qual, v) for v in allowed)


def _frac_ok(f, qual, ratios):
    for p in ratios:
        if qual is None and abs(p - f) <= 0.01:
            return True
        if qual in ("about", "around", "roughly", "approximately") and abs(p - f) <= 0.045:
            return True
        if qual in ("just under", "a little under", "almost", "nearly") and 0 < f - p <= 0.07:
            return True
        if qual in ("just over", "a little over") and 0 < p - f <= 0.07:
            return True
        if qual == "more than" and p > f:
            return True
        if qual == "less than" and p < f:
            return True
    return False


# ---------------------------------------------------------------- dates
def _resolve(mo, day, yy, today, pool):
    if yy is not None:
        return [dt.date(yy, mo, day)]
    out = []
    for y in (today.year, today.year + 1, today.year - 1):
        try:
            out.append(dt.date(y, mo, day))
        except ValueError:
            pass
    hit = [d for d in out if d in pool]
    return hit or out


def read_dates(text, today, pool):
    out = []
    for m in _DATE.finditer(text):
        mo, day = _MONN[m.group(2)], int(m.group(3))
        yy = int(m.group(4)) if m.group(4) else None
        assert 1 <= day <= 31, f"not a date: {m.group(0)!r}"
        cands = _resolve(mo, day, yy, today, pool)
        if m.group(1):
            ok = [d for d in cands if WEEKDAYS[d.weekday()] == m.group(1)]
            assert ok, f"wrong weekday in {m.group(0)!r}"
            cands = ok
        out.append((m.start(), m.end(), cands[0]))
    return out


def _week(d):
    return d - dt.timedelta(days=d.weekday())


def rel_ok(kind, m, d, today):
    """Does the relative phrase (regex match of kind) describe date d, as seen from today?"""
    k = (d - today).days
    if kind == "w":
        return {"today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1}[m.group(1)] == k
    if kind == "wd":
        if WEEKDAYS[d.weekday()] != m.group(2):
            return False
        wk = (_week(d) - _week(today)).days // 7
        return {"this": wk == 0 and k >= 1, "next": wk == 1, "last": wk == -1 and k <= -1}[m.group(1)]
    if kind == "n":
        n, unit, tail, qual = _wval(m.group(3)), m.group(4), m.group(5) or "", m.group(2)
        sign = -1 if "ago" in tail else 1
        kk = sign * k
        if kk <= 0:
            return False
        if unit.startswith("day"):
            return _qual_ok(n, qual, kk) if qual else kk == n
        if unit.startswith("week"):
            if qual is None:
                return kk == 7 * n
            if qual in ("about", "around", "roughly", "approximately"):
                return abs(kk - 7 * n) <= 2
            if qual in ("almost", "nearly", "just under", "a little under"):
                return 7 * n - 3 <= kk < 7 * n
            if qual in ("just over", "a little over"):
                return 7 * n < kk <= 7 * n + 3
            return False
        if qual in ("about", "around", "roughly", "approximately"):
            return abs(kk - 30.4 * n) <= 5
        return qual is None and (add_months(today, int(sign * n)) == d)
    if kind == "m":
        ph = m.group(1)
        nm = add_months(dt.date(today.year, today.month, 1), 1)
        if ph == "by the end of the month":
            return d == month_end(today) and k >= 0
        if ph == "by the end of next month":
            return d == month_end(nm)
        if ph == "later this month":
            return (d.year, d.month) == (today.year, today.month) and k >= 1
        if ph == "early next month":
            return (d.year, d.month) == (nm.year, nm.month) and d.day <= 10
    raise AssertionError(kind)


def read_rel(text):
    """(start, end, kind, match) for every relative date phrase."""
    out = []
    for kind, rx in (("w", _RELW), ("wd", _RELWD), ("m", _RELM)):
        for m in rx.finditer(text):
            out.append((m.start(), m.end(), kind, m))
    for m in _RELN.finditer(text):
        if m.group(1) or m.group(5):
            out.append((m.start(), m.end(), "n", m))
    return sorted(out, key=lambda x: x[0])


# ---------------------------------------------------------------- times
def _hour(h, mnt, mer):
    h, mnt = int(h), int(mnt or 0)
    assert 1 <= h <= 12 and 0 <= mnt < 60, f"bad 12-hour time {h}:{mnt}"
    return h % 12 + (12 if mer == "PM" else 0), mnt


def read_times(text):
    out, taken = [], []
    for m in _TRNG.finditer(text):
        h2, m2 = _hour(m.group(4), m.group(5), m.group(6))
        h1, m1 = _hour(m.group(1), m.group(2), m.group(3) or m.group(6))
        out.append((m.start(), m.end(), [f"{h1:02d}:{m1:02d}", f"{h2:02d}:{m2:02d}"]))
        taken.append((m.start(), m.end()))
    for m in _TIME.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        g = m.group(0)
        if g == "noon":
            hm = "12:00"
        elif g == "midnight":
            hm = "00:00"
        else:
            h, mi = _hour(m.group(1), m.group(2), m.group(3))
            hm = f"{h:02d}:{mi:02d}"
        out.append((m.start(), m.end(), [hm]))
    return sorted(out)


# ---------------------------------------------------------------- figures
def read_terms(text):
    """(start, end, kind, value, qual, vstart) for money, cents, percentages, durations, digits and number words;
    vstart is where the figure itself starts (after its rounding word)."""
    terms, taken = [], []

    def free(s, e):
        return not any(a < e and s < b for a, b in taken)

    def add(m, kind, v, g):
        terms.append((m.start(), m.end(), kind, v, m.group(1), m.start(g)))
        taken.append((m.start(), m.end()))

    for m in _MONEY.finditer(text):
        whole = m.group(2)
        assert "," in whole or len(whole) <= 3, f"amount {m.group(0)!r} without thousands separator"
        assert m.group(3) != "00", f"zero cents shown in {m.group(0)!r}"
        add(m, "money", _val(whole, m.group(3)), 2)
    for m in _CENTS.finditer(text):
        if free(m.start(), m.end()):
            add(m, "money", int(m.group(2)) / 100, 2)
    for m in _PCT.finditer(text):
        if free(m.start(), m.end()):
            add(m, "pct", float(m.group(2)), 2)
    for m in _HALFH.finditer(text):
        if free(m.start(), m.end()):
            add(m, "hours", 1.5 if m.group(2).startswith("an hour") else 0.5, 2)
    for m in _NUM.finditer(text):
        if free(m.start(), m.end()):
            add(m, "num", _val(m.group(2), m.group(3)), 2)
    for m in _WNUM.finditer(text):
        if free(m.start(), m.end()):
            add(m, "num", _wval(m.group(2)), 2)
    return sorted(terms)


def term_ok(kind, v, qual, allowed):
    if kind == "pct":
        return _any_ok(v, qual, allowed) or _any_ok(v / 100, qual, allowed)
    if kind == "hours":
        return _any_ok(v, qual, allowed) or _any_ok(v * 60, qual, allowed)
    if kind == "num":
        return _any_ok(v, qual, allowed) or _any_ok(v * 60, qual, allowed) or _any_ok(v / 60, qual, allowed)
    return _any_ok(v, qual, allowed)


# ---------------------------------------------------------------- workings
_OPW = {"plus": "+", "minus": "-", "less": "-", "times": "*", "multiplied by": "*", "divided by": "/"}
_GAP_OP = re.compile(r"^(?: [a-z'’]+){0,5}? (plus|minus|less|times|multiplied by|divided by)(?: the| your| a)? $")
_GAP_OF = re.compile(r"^ [a-z-]+(?: [a-z-]+)? (?:of|at) $")
_GAP_RES = re.compile(r"^(?: [a-z'’]+){0,7}? (leaves|leaves you with|is|are|comes to|come to|makes|brings (?:it|that|the total|"
                      r"your balance|you) to|adds up to|add up to|equals|works out to|gives you|that's)"
                      r"(?: about| roughly| around)?(?: a| an)? $")
_CNT = re.compile(r"(?<![\w$.])(" + _NTOK + r") of (?:your |the |their |its |all )?(" + _NTOK + r")\b([^.\n•?!]{0,70}?)\b"
                  r"(so|which leaves|that leaves|leaving)\b([^.\n•?!]{0,30}?)\b(" + _NTOK + r") (?:[a-z]+ )?(?:is |are )?"
                  r"(left|remaining|to go|more|still to use|unused|still open)\b", re.I)
_DW = re.compile(r"(?<![\w$.])(" + _NTOK + r") (days|business days|weeks|months) (after|from|before) ((?:(?:" + _WD + r"), )?(?:"
                 + _MON + r") \d{1,2}(?:, \d{4})?)(?: is|, which is|, so that's| lands on| falls on|, that's| comes to| would be)"
                 r" ((?:(?:" + _WD + r"), )?(?:" + _MON + r") \d{1,2}(?:, \d{4})?)")
_HALF_OF = re.compile(r"\b[Hh]alf of (\$[\d,]+(?:\.\d\d)?)(?: [a-z'’]+){0,5}? (?:is|comes to|would be|that's|makes) (?:about )?"
                      r"(\$[\d,]+(?:\.\d\d)?)")


def _money_v(s):
    return float(s.replace("$", "").replace(",", ""))


def check_workings(text, today, pool):
    """Recompute the workings in words from their displayed operands; returns how many were checked."""
    n = 0
    flat = re.sub(r" {2,}", " ", text)
    for m in _CNT.finditer(flat):
        a, b, c = _wval(m.group(1)), _wval(m.group(2)), _wval(m.group(6))
        assert b - a == c, f"count working does not add up: {m.group(0)!r}"
        n += 1
    for m in _DW.finditer(flat):
        k, unit, rel = int(_wval(m.group(1))), m.group(2), m.group(3)
        d1 = read_dates(m.group(4), today, pool)[0][2]
        d2s = read_dates(m.group(5), today, pool)
        k = -k if rel == "before" else k
        if unit == "business days":
            got = add_bdays(d1, k)
        elif unit == "weeks":
            got = d1 + dt.timedelta(days=7 * k)
        elif unit == "months":
            got = add_months(d1, k)
        else:
            got = d1 + dt.timedelta(days=k)
        mo, dd = got.month, got.day
        assert (d2s[0][2].month, d2s[0][2].day) == (mo, dd), f"date working does not add up: {m.group(0)!r} (got {got})"
        n += 1
    for m in _HALF_OF.finditer(flat):
        a, b = _money_v(m.group(1)), _money_v(m.group(2))
        assert abs(a / 2 - b) <= (0.06 * b if "about" in m.group(0) else 0.0051), f"half does not add up: {m.group(0)!r}"
        n += 1
    terms = read_terms(text)
    i = 0
    while i < len(terms) - 1:
        chain, ops, j = [terms[i]], [], i
        while j < len(terms) - 1:
            gap = re.sub(r"\s+", " ", text[terms[j][1]:terms[j + 1][0]])
            mo_ = _GAP_OP.match(gap)
            op = _OPW[mo_.group(1)] if mo_ else None
            if op is None and _GAP_OF.match(gap) and terms[j][2] == "num" and terms[j + 1][2] == "money":
                op = "*"
            if op is None and gap == " of " and terms[j][2] == "pct":
                op = "%"
            if op is None:
                break
            ops.append(op)
            chain.append(terms[j + 1])
            j += 1
        if not ops:
            i += 1
            continue
        assert j < len(terms) - 1, f"working without a result: {text[chain[0][0]:terms[j][1] + 30]!r}"
        gap = re.sub(r"\s+", " ", text[terms[j][1]:terms[j + 1][0]])
        mres = _GAP_RES.match(gap)
        assert mres, f"working without a result: {text[chain[0][0]:terms[j + 1][1]]!r}"
        res = terms[j + 1]
        vals = [t[3] for t in chain]
        got = vals[0]
        # left to right with * and / first
        sums, signs = [vals[0]], []
        for op, v in zip(ops, vals[1:]):
            if op == "*":
                sums[-1] *= v
            elif op == "%":
                sums[-1] = sums[-1] / 100 * v
            elif op == "/":
                sums[-1] /= v
            else:
                signs.append(op)
                sums.append(v)
        got = sums[0]
        for sg, v in zip(signs, sums[1:]):
            got = got + v if sg == "+" else got - v
        approx = bool(re.search(r" (about|roughly|around)(?: a| an)? $", gap)) or res[4] is not None
        if approx:
            assert _qual_ok(res[3], res[4] or "about", got), f"working does not add up: {text[chain[0][0]:res[1]]!r} (got {got})"
        else:
            assert abs(got - res[3]) <= 0.0051, f"working does not add up: {text[chain[0][0]:res[1]]!r} (got {got})"
        n += 1
        i = j + 1
    return n


# ---------------------------------------------------------------- names
STYLE_WORDS = set("""A About Actually After Again All Also Although An And Any Anything Are As At Because Before Being
Best But By Can Can't Check Come Could Couldn't Did Didn't Do Does Don't Each Either Even Every Everything First For From
Go Good Great Happy Has Have Haven't Having Here Here's How However I I'm I've If In In short Is It It's Its Just Keep
Let Let's Look Luckily Make Many Meanwhile More Most Much My Next No None Not Nothing Now Of Okay On Once One Only Or Our
Please Plus Quick Right Since So Some Sorry Still Sure That That's The Then There There's These They This Those Thanks
Thank To Today Tomorrow Unfortunately Until Us We We'll We're We've What What's When Where Which While Who Why Will With
Without Yes Yesterday You You'd You'll You're You've Your Yours Once Otherwise Also Note Tip Heads Remember Don't Bring
Call Send Reply Tap Visit Log Open Pick Choose Ask Wait Just Start Once Either Two Three Four Five Six Seven Eight Nine
Ten Got Online Hi Hello Would Welcome Great Done Sadly Yes Nope Eastern Central Mountain Pacific Atlantic Arizona Saskatchewan AM PM OK Good news Bad Any In Short What This Means""".split())


_CAPSEQ = re.compile(r"(?<![\w#&'’-])[A-Z][A-Za-z'’-]*(?: (?:of |and |the |de |la )*[A-Z][A-Za-z'’-]*)*")


def check_names(text, ev, where, ctx):
    for m in _CAPSEQ.finditer(text):
        words = m.group(0).split(" ")
        while words and (words[0] in STYLE_WORDS or re.sub(r"['’]s$", "", words[0]) in STYLE_WORDS):
            words = words[1:]
        if not words:
            continue
        name = re.sub(r"['’]s$", "", " ".join(words))
        if fold(name) in ev.fb:
            continue
        for part in re.split(r" (?:of|and|the) ", name):
            for wd in part.split(" "):
                wd2 = re.sub(r"['’]s$", "", wd)
                assert wd2 in STYLE_WORDS or fold(wd2) in ev.fb, f"{where}: name {part!r} not in the evidence{ctx}"


# ---------------------------------------------------------------- the whole answer
def read_answer(text, ev: Ev, w: Plain, where="?"):
    """Raises AssertionError when the answer says something the evidence (or a declared computation) does not."""
    ctx = f"\n---\n{text}\n---"
    today = ev.today
    assert today == w.today, f"{where}: the writer's date {w.today} is not the record's as_of {today}"
    allowed = ev.nums | w.calc
    pool = ev.dates | w.calc_dates
    # register
    assert not _ISO.search(text), f"{where}: ISO date{ctx}"
    assert not re.search(r"[`|]|^#|^- |^\d+\. ", text, re.M), f"{where}: table, code, heading or non-• list{ctx}"
    assert text.count("**") in (0, 2), f"{where}: more than one bold fact{ctx}"
    assert text.count("?") <= 1, f"{where}: more than one question{ctx}"
    assert "  " not in text and " ," not in text and "\n\n\n" not in text, f"{where}: spacing{ctx}"
    assert not re.search("[\U0001F300-\U0001FAFF\u2600-\u27BF]", text), f"{where}: emoji{ctx}"
    low = text.lower()
    for j in JARGON:
        assert not re.search(r"\b" + re.escape(j) + r"\b", low), f"{where}: jargon {j!r}{ctx}"
    sents = [s for s in re.split(r"(?<=[.!?:])\s+|\n+", text.replace("**", "")) if s.strip()]
    wc = [len(s.split()) for s in sents]
    assert max(wc) <= 34 and sum(wc) / len(wc) <= 17, f"{where}: sentences too long for the register ({max(wc)}, {sum(wc) / len(wc):.1f}){ctx}"
    t = text.replace("**", "  ")
    masks = []

    def mask_all():
        return _mask(t, masks)

    for m in _CODE.finditer(t):
        raise AssertionError(f"{where}: a code shown verbatim {m.group(0)!r}{ctx}")
    for m in _SNAKE.finditer(t):
        raise AssertionError(f"{where}: a raw field value shown {m.group(0)!r}{ctx}")
    for rx in (_URL, _PATH):
        for m in rx.finditer(t):
            tok = m.group(0).rstrip(".")
            assert tok in ev.blob, f"{where}: {tok!r} not in the evidence{ctx}"
            masks.append((m.start(), m.start() + len(tok)))
    for m in _PHONE.finditer(mask_all()):
        assert m.group(0) in ev.blob, f"{where}: phone number {m.group(0)!r} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    for m in _QUOTE.finditer(mask_all()):
        assert fold(m.group(1)) in ev.fb, f"{where}: quoted label {m.group(1)!r} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    for m in _ENDING.finditer(mask_all()):
        assert re.search(re.escape(m.group(1)) + r"\"", ev.blob), f"{where}: no identifier ends in {m.group(1)}{ctx}"
        masks.append((m.start(1), m.end(1)))
    for m in _SEC.finditer(mask_all()):
        assert m.group(1) in ev.keys, f"{where}: {m.group(0)!r} is not in a fetched document{ctx}"
        masks.append((m.start(1), m.end(1)))
    for m in _ID.finditer(mask_all()):
        assert fold(m.group(0)) in ev.fb, f"{where}: identifier {m.group(0)!r} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    for m in _ZONEW.finditer(mask_all()):
        assert m.group(1) in ev.zones, f"{where}: {m.group(0)!r} is not the record's time zone{ctx}"
    # dates
    t1 = mask_all()
    dates = read_dates(t1, today, pool)
    for s, e, d in dates:
        assert d in pool, f"{where}: date {t[s:e]!r} is neither in the evidence nor computed{ctx}"
        masks.append((s, e))
    for s, e, kind, m in read_rel(t1):
        if kind == "w" and m.group(1) in ("today", "tonight"):
            continue
        near = []
        after = re.match(r" \(", t[e:])
        if after:
            near = [d for s2, e2, d in dates if s2 == e + 2]
        before = re.search(r"(?:, | — that's | — )$", t[:s])
        if before and not near:
            near = [d for s2, e2, d in dates if e2 == before.start()]
        if near:
            assert rel_ok(kind, m, near[0], today), f"{where}: {t[s:e]!r} does not describe {near[0]} (as of {today}){ctx}"
        else:
            assert any(rel_ok(kind, m, d, today) for d in pool), f"{where}: {t[s:e]!r} matches no date (as of {today}){ctx}"
        masks.append((s, e))
    # times
    for s, e, hms in read_times(mask_all()):
        for x in hms:
            assert x in ev.times, f"{where}: time {t[s:e]!r} is not a local time of the evidence{ctx}"
        masks.append((s, e))
    t3 = mask_all()
    assert not _H24.search(t3), f"{where}: 24-hour time{ctx}"
    check_names(t3, ev, where, ctx)
    # fractions (against two figures of the same sentence or a declared ratio)
    hh = [(m.start(), m.end()) for m in _HALFH.finditer(t3)]
    for m in _FRAC.finditer(t3):
        if m.group(2) == "half" and re.match(r" (an hour|of \$)", t3[m.end():]):
            continue
        if any(a_ < m.end() and m.start() < b_ for a_, b_ in hh):
            continue
        f = _FRACV.get(m.group(2)) or int(m.group(3)) / int(m.group(4))
        s0 = max(t3.rfind(".", 0, m.start()), t3.rfind("\n", 0, m.start())) + 1
        e0 = min([x for x in (t3.find(".", m.end()), t3.find("\n", m.end())) if x >= 0] or [len(t3)])
        sent = _mask(t3, [(m.start(), m.end())])[s0:e0]
        vals = [x[3] for x in read_terms(sent)]
        ratios = {a / b for a in vals for b in vals if 0 < a < b} | w.ratios
        assert _frac_ok(f, m.group(1), ratios), f"{where}: {m.group(0)!r} fits no ratio of the evidence{ctx}"
        masks.append((m.start(), m.end()))
    t4 = mask_all()
    for s, e, kind, v, qual, vs in read_terms(t4):
        assert term_ok(kind, v, qual, allowed), f"{where}: {t[s:e]!r} is not an evidence or computed value{ctx}"
    left = _mask(t4, [(s, e) for s, e, *_ in read_terms(t4)])
    assert not re.search(r"\d", left), f"{where}: stray digit in {left!r}{ctx}"
    # workings: dates stay visible, identifiers, phones, sections and labels are masked
    keep = [(s, e) for s, e in masks if not (_DATE.fullmatch(t[s:e]))]
    wt = _mask(t, [(s, e) for s, e in keep if not _DATE.fullmatch(t[s:e])])
    wt = _mask(wt, [(s, e) for s, e, *_ in read_times(wt)])
    wt = _mask(wt, [(s, e, ) for s, e, k, m in read_rel(wt) if k != "n"])
    return check_workings(wt, today, pool)


def _trim(a: A):
    """Keep insertion points after a finished sentence, or before a sentence-final period."""
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
        if k == "clause" and not (p > 0 and a.parts[p - 1].endswith(".") and (prev[-2:-1].isalnum() or prev[-2:-1] in (")", "\"", "*"))
                                  and nxt in ("", " ", "\n")):
            continue
        if k == "clause":
            sent = re.split(r"(?<=[.!?:])\s|\n", prev[:-1])[-1]
            if '"' in sent or "number is" in sent or len(sent.split()) < 6 or sent.startswith(("Hi ", "Your account", "Your bag file")):
                continue
        if k == "s" and not (prev.endswith((".", "!")) and nxt in ("", " ", "\n")):
            continue
        if k == "para" and not (prev.endswith((".", "!")) and nxt in ("", "\n")):
            continue
        if k == "bullet" and not (prev.endswith((".", "!")) and nxt in ("", "\n")):
            continue
        keep.append((p, k))
    a.points = keep


def _edited(a: A, idx, rep):
    return "".join(rep if i == idx else p for i, p in enumerate(a.parts))


def _figs(s, ev, w):
    try:
        ts_ = _mask(s, [(x, y) for x, y, _ in read_dates(s, ev.today, ev.dates | w.calc_dates)])
        return ({round(t[3], 6) for t in read_terms(ts_)}, {d for _, _, d in read_dates(s, ev.today, ev.dates)},
                {m.group(0) for *_, m in read_rel(s)}, {tuple(x[2]) for x in read_times(s)})
    except AssertionError:
        return None


STATS = {"clean": 0, "workings": 0, "dropped": 0, "kept": 0}


def vet(scn, plan, w: Plain):
    """Evidence guard (module docstring). Returns the plan."""
    _trim(plan.answer)
    where = f"{scn.name}/{plan.intent or '?'}"
    ev = Ev(scn, plan)
    STATS["workings"] += read_answer(plan.answer.text, ev, w, where)
    STATS["clean"] += 1
    a = plan.answer
    keep = []
    for c in a.cands:
        rep, orig, typ, cat = c["replacement"], c["original"], c["type"], c["category"]
        core = rep.strip("'\"` ")
        if not core or rep == orig:
            continue
        if typ in ("entity", "fabricated_attribute"):
            if fold(core) in ev.fb or (len(squash(core)) >= 3 and squash(core) in ev.sq):
                STATS["dropped"] += 1
                continue
        if typ == "fabricated_id":
            if squash(core) in ev.sq or squash(core) == squash(orig):
                STATS["dropped"] += 1
                continue
        if typ == "fabricated_section":
            ks = re.findall(r"\d+(?:\.\d+)+", rep)
            if not ks or any(k in ev.keys for k in ks):
                STATS["dropped"] += 1
                continue
        if typ in ("numeric", "temporal") or (typ == "conflation" and cat in ("contradiction/numerical",
                                                                           "contradiction/temporal")):
            fo, fr = _figs(orig, ev, w), _figs(rep, ev, w)
            if fo is None or fr is None or fo == fr:
                STATS["dropped"] += 1
                continue
            if typ != "conflation":
                try:
                    read_answer(_edited(a, c["idx"], rep), ev, w, where)
                    STATS["dropped"] += 1
                    continue             # the edited answer can be read off the evidence: not a hallucination
                except AssertionError:
                    pass
        keep.append(c)
        STATS["kept"] += 1
    a.cands = keep
    for typ in list(a.inserts):
        ok = []
        for t, clause in a.inserts[typ]:
            if typ == "fabricated_citation":
                raw = w.refs.get(t)
                if not raw or fold(raw) in ev.fb or squash(raw) in ev.sq:
                    continue
            elif fold(t.rstrip(".")) in ev.fb:
                continue
            ok.append((t, clause))
        a.inserts[typ] = ok
    return plan
