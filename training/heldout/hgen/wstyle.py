"""Set w writer: terse mobile-notification / SMS-style replies.

The agent is the texting assistant of a small consumer or field-service business (an escape-room venue, a handyman
service, a pottery studio, a shoe-repair shop, a public golf course, a tire shop). It looks up the customer's own
record, reads the business's numbered house rules (fetched by path or by URL) and sometimes takes one write action that
the system may refuse by design with a reason code and an alternative. The final answer reads like a push notification
or a text message: very short lines instead of sentences, line breaks, abbreviations (qty, approx., est., mo., yr, hrs,
mins, w/, w/o, b/c, re:, acct, bal., amt, pmt, appt, ref), symbols (→ ~ ≈ × @ # + / ✓ ✗), ranges ("3–5 days",
"$40-60"), relative dates ("tmrw", "in 3 days", "last Tue", "by EOD Fri"), fractions and shares ("½", "⅓", "2 of 5"),
figures rounded in the text ("~$1.2k", "≈ 40 mins") and workings shown tersely ("$18 × 3 = $54", "6 of 10 used → 4
left", "Jun 3 + 14 days = Jun 17"), a one-line call to action ("Reply Y to confirm").

``Terse`` holds one answer's formatting choices and records the values, ratios and dates the template computed.

``vet`` is the evidence guard. It (1) drops edit candidates that could be supported by the evidence: entity, identifier
and attribute replacements found anywhere in the run's evidence, system prompt or tool definitions (also after folding
accents and punctuation); section references that a fetched document has; numeric and temporal replacements that do
not change a figure or whose edited answer the independent reader accepts (the new figure, rounded figure, range end,
date or relative date could be read off the evidence, a declared computation, or a rounding at the precision written);
inserted sentences whose fabricated reference or text occurs in the evidence; and (2) reads the clean answer back with
an independent reader written for this register (``read_answer``: its own parsers for money with and without "k",
ranges, percentages, digits with units, rounding marks and the precision of the written figure, fractions and "N of M"
shares, abbreviated dates with weekday and year, relative dates against the record's ``as_of`` date, 12-hour times and
windows, zone abbreviations, phone numbers, identifiers, quoted labels, "§" references and capitalised names; not the
writer's helpers) and recomputes every working ("A × B + C = D", "A − B → C", "N of M … → K left", "½ of $X = $Y",
"Jun 3 + 5 biz days = Jun 10"). A clean answer that fails raises ``AssertionError``.
"""
from __future__ import annotations

import datetime as dt
import json
import re
import unicodedata

from .common import EDIT_CATEGORY, INSERT_TYPES, A, R, mutate_id

WD3 = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MON3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
# zone -> (standard UTC offset, abbreviation); every zone here keeps daylight saving time (2nd Sun Mar - 1st Sun Nov)
ZONES = {"America/New_York": (-5, "ET"), "America/Toronto": (-5, "ET"), "America/Chicago": (-6, "CT"),
         "America/Winnipeg": (-6, "CT"), "America/Denver": (-7, "MT"), "America/Edmonton": (-7, "MT"),
         "America/Los_Angeles": (-8, "PT"), "America/Vancouver": (-8, "PT"), "America/Halifax": (-4, "AT")}


# =========================================================================== dates and zones
def D(x):
    if isinstance(x, dt.datetime):
        return x.date()
    if isinstance(x, dt.date):
        return x
    return dt.date.fromisoformat(str(x)[:10])


def _sunday(y, m, n):
    d = dt.date(y, m, 1)
    d += dt.timedelta(days=(6 - d.weekday()) % 7)
    return d + dt.timedelta(days=7 * (n - 1))


def offset(zone, day):
    base, _ = ZONES[zone]
    day = D(day)
    return base + 1 if _sunday(day.year, 3, 2) <= day < _sunday(day.year, 11, 1) else base


def ts(day, hh, mm, zone):
    """Local timestamp with its UTC offset: 2026-05-12T14:30:00-05:00."""
    off = offset(zone, day)
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
    last = [31, 29 if (y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)) else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    return dt.date(y, m, min(d.day, last))


def month_end(d):
    d = D(d)
    return add_months(dt.date(d.year, d.month, 1), 1) - dt.timedelta(days=1)


def fold(s):
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch)).lower()


def squash(s):
    return re.sub(r"[^a-z0-9]", "", fold(s))


# =========================================================================== the writer
class Terse:
    """One answer's formatting choices; records computed values, ratios and dates for ``vet``."""

    FR = [(1 / 2, "½"), (1 / 3, "⅓"), (2 / 3, "⅔"), (1 / 4, "¼"), (3 / 4, "¾")]

    def __init__(self, r: R, today):
        self.r = r
        self.today = D(today)
        self.wd = r.random() < 0.55             # weekday before absolute dates
        self.mark = r.choice(["", "", "• ", "- "])   # list-line mark
        self.apx = r.choice(["~", "~", "≈ ", "approx. "])
        self.asked = False
        self.calc, self.calc_dates, self.ratios = set(), set(), set()
        self.refs = {}

    # ---------------------------------------------------------------- bookkeeping
    def declare(self, v):
        if isinstance(v, (dt.date, dt.datetime)):
            self.calc_dates.add(D(v))
        else:
            self.calc.add(round(abs(float(v)), 6))
        return v

    def ratio(self, a, b):
        self.ratios.add(round(a / b, 6))

    def cite(self, text, raw):
        self.refs[text] = raw
        return text

    def fake_id(self, raw, r: R):
        return mutate_id(raw, r)

    def ask(self, q):
        if self.asked:
            return ""
        self.asked = True
        return q

    # ---------------------------------------------------------------- figures
    def usd(self, x, calc=False):
        x = round(float(x), 2)
        if calc:
            self.declare(x)
        return f"${x:,.0f}" if x == int(x) else f"${x:,.2f}"

    def num(self, n, calc=False):
        if calc:
            self.declare(n)
        n = float(n)
        return f"{int(n):,}" if n == int(n) else f"{n:g}"

    def kusd(self, x):
        s = f"{float(x) / 1000:.1f}"
        if s.endswith(".0"):
            s = s[:-2]
        return f"${s}k"

    @staticmethod
    def _unit(x):
        if x >= 1000:
            return 100
        if x >= 100:
            return 10
        if x >= 20:
            return 5
        return None

    def rounded(self, x):
        """The rounded value when it differs from x and stays within 8 %; else None."""
        x = float(x)
        unit = self._unit(x)
        if not unit:
            return None
        near = round(x / unit) * unit
        if near == x or abs(near - x) > 0.08 * near:
            return None
        return near

    def approx_usd(self, x):
        """'~$45', '≈ $1,200', '~$1.2k' (or the exact amount when it does not round)."""
        near = self.rounded(x)
        if near is None:
            return self.usd(x)
        if x >= 1000 and self.r.random() < 0.5:
            return "~" + self.kusd(x)
        return self.apx + self.usd(near)

    def past_usd(self, x):
        """A rounded amount 25-50 % off the truth, in the same form."""
        f = self.r.choice([0.6, 0.65, 1.35, 1.4, 1.5])
        v = float(x) * f
        unit = self._unit(v) or 1
        v = max(unit, round(v / unit) * unit)
        return self.apx + self.usd(v)

    def approx_mins(self, m):
        near = self.rounded(m)
        if near is None:
            return f"{int(m)} mins"
        return f"{self.apx}{int(near)} mins"

    def dur(self, mins):
        mins = int(mins)
        if mins < 60 or (mins % 30):
            return f"{mins} mins"
        h = mins / 60
        return f"{h:g} hr" if h == 1 else f"{h:g} hrs"

    def frac(self, a, b):
        """'½', '~⅓' for a/b (declared as a ratio), else None."""
        p = a / b
        self.ratio(a, b)
        f, sym = min(self.FR, key=lambda t: abs(p - t[0]))
        if abs(p - f) < 1e-9:
            return sym
        if abs(p - f) <= 0.04:
            return "~" + sym
        return None

    def half_rel(self, a, b):
        """('>½' or '<½', the reversed form) for a/b not equal to a half; None when too far off."""
        p = a / b
        if p == 0.5 or abs(p - 0.5) > 0.25:
            return None
        self.ratio(a, b)
        return (">½", "<½") if p > 0.5 else ("<½", ">½")

    # ---------------------------------------------------------------- dates and times
    def date(self, x, wd=None, calc=False):
        d = D(x)
        if calc:
            self.calc_dates.add(d)
        wd = self.wd if wd is None else wd
        s = f"{MON3[d.month - 1]} {d.day}"
        if d.year != self.today.year:
            s += f", {d.year}"
        return f"{WD3[d.weekday()]} {s}" if wd else s

    def rels(self, x):
        """Relative phrases this writer may use for a date, as seen from the record's as_of date."""
        d, t = D(x), self.today
        k = (d - t).days
        w = WD3[d.weekday()]
        out = []
        if k == 0:
            out.append("today")
        if k == 1:
            out.append("tmrw")
        if k == -1:
            out.append("yday")
        if 2 <= k <= 6:
            out += [w, f"this {w}"]
        if 2 <= k <= 45:
            out.append(f"in {k} days")
        if -7 <= k <= -2:
            out.append(f"last {w}")
        if -45 <= k <= -2:
            out.append(f"{-k} days ago")
        if 7 <= k <= 63 and k % 7 == 0:
            out.append(f"in {k // 7} wk" + ("s" if k > 7 else ""))
        n = round(k / 7)
        if 12 <= k <= 70 and n >= 2 and 0 < abs(k - 7 * n) <= 2:
            out.append(f"in ~{n} wks")
        n = round(-k / 7)
        if 12 <= -k <= 70 and n >= 2 and 0 < abs(-k - 7 * n) <= 2:
            out.append(f"~{n} wks ago")
        return out

    def when(self, x, calc=False, form=None, lead="", forms=None):
        """A date as a text message writes it: 'Fri Jun 12', 'Fri Jun 12 (in 3 days)', 'tmrw (Jun 10)', 'tmrw';
        lead 'by' makes it a deadline ('by EOD Fri', 'by Jun 12'). Returns (text, form)."""
        d = D(x)
        if calc:
            self.calc_dates.add(d)
        rs = self.rels(d)
        lead_rs = rs
        if lead == "by":
            lead_rs = [p for p in rs if p in ("today", "tmrw") or p in WD3]
            lead_rs = [("EOD " + p) if p in WD3 or p == "today" else p for p in lead_rs]
            if d == month_end(self.today) and (d - self.today).days >= 2:
                lead_rs.append("end of mo.")
        opts = ["abs", "abs"] + (["abs_rel"] if rs else []) + (["rel_abs", "rel"] if lead_rs else [])
        if forms:
            opts = [f for f in opts if f in forms] or ["abs"]
        form = form or self.r.choice(opts)
        if form == "abs_rel" and not rs or form in ("rel_abs", "rel") and not lead_rs:
            form = "abs"
        pre = (lead + " ") if lead else ""
        if form == "abs":
            return pre + self.date(d), form
        if form == "abs_rel":
            return f"{pre}{self.date(d)} ({self.r.choice(rs)})", form
        rel = self.r.choice(lead_rs)
        if form == "rel_abs":
            return f"{pre}{rel} ({self.date(d, wd=False)})", form
        return pre + rel, form

    def when_pair(self, x, shift, calc=False, lead="", forms=None):
        """(clean text, text for the date shifted by ``shift`` days in the same form) for a temporal edit."""
        txt, form = self.when(x, calc, lead=lead, forms=forms)
        state = self.r.getstate()
        alt, _ = self.when(D(x) + dt.timedelta(days=shift), False, form, lead=lead)
        self.r.setstate(state)
        return txt, alt

    def time(self, stamp):
        h, m = int(stamp[11:13]), int(stamp[14:16])
        if h == 12 and m == 0:
            return "noon"
        return f"{h % 12 or 12}" + (f":{m:02d}" if m else "") + ("am" if h < 12 else "pm")

    def window(self, s1, s2):
        a, b = self.time(s1), self.time(s2)
        if a != "noon" and b != "noon" and a[-2:] == b[-2:] and self.r.random() < 0.6:
            a = a[:-2]
        return f"{a}–{b}"

    def zone(self, zone):
        return ZONES[zone][1]


# =========================================================================== the builder
class B(A):
    """Answer builder of this register: an inserted line goes after a line (as a new line, or as a new list line with
    the answer's list mark); an inserted clause goes at the end of a line (", b/c …")."""

    def __init__(self):
        super().__init__()
        self.mark = ""

    def nl(self):
        self.points.append((len(self.parts), "line"))
        return self

    def nb(self):
        self.points.append((len(self.parts), "bullet"))
        return self

    def pc(self):
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
                    kinds = ["clause"] if clause else ["line", "bullet"]
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
                sep = {"line": "\n", "bullet": "\n" + self.mark, "clause": ", "}[kind]
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


def li(a: B, w: Terse):
    """Start a list line."""
    a.t("\n" + w.mark)
    return a


def end_li(a: B, w: Terse):
    """End a list line: an inserted line may follow (as a list line when the answer uses a mark)."""
    if w.mark:
        a.nb()
    else:
        a.nl()
    return a


HELLO = ["Hi {n}!", "Hey {n} —", "{n}:", "Hi {n},"]


def hello(a: B, w: Terse, first, fake):
    """An optional first-name greeting on its own (editable for the entity swap)."""
    h = w.r.choice(HELLO)
    pre, post = h.split("{n}")
    a.t(pre).x(first, ent=fake).t(post + " ")


def sign(a: B, w: Terse, phone=None, extra=()):
    """A closing call-to-action line."""
    opts = list(extra)
    if phone:
        opts += [f"Q's → call {phone}", f"Questions: {phone}", f"Call/txt {phone} w/ Q's"]
    opts += ["Reply HELP for help", "Txt STOP to opt out"]
    a.t("\n" + w.r.choice(opts))
    a.nl()


# =========================================================================== the reader (independent of the writer)
_MONRX = "|".join(MON3)
_WDRX = "|".join(WD3)
_MONN = {m: i + 1 for i, m in enumerate(MON3)}
_DATE = re.compile(r"(?<![\w])(?:(" + _WDRX + r") )?(" + _MONRX + r") (\d{1,2})(?:, (\d{4}))?(?![\w:])")
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}")
_H24 = re.compile(r"(?<![\d:])([01]?\d|2[0-3]):[0-5]\d(?![\d]|am|pm)")
_TW = re.compile(r"(?<![\w:])(noon|(\d{1,2})(?::(\d{2}))?(am|pm)?)[–-](noon|(\d{1,2})(?::(\d{2}))?(am|pm))(?![\w])")
_TM = re.compile(r"(?<![\w:])(\d{1,2})(?::(\d{2}))?(am|pm)(?![\w])|\bnoon\b|\bmidnight\b")
_PHONE = re.compile(r"(?<![\d-])1-\d{3}-\d{3}-\d{4}(?![\d-])")
_URL = re.compile(r"https?://[^\s)\]>,;\"]+")
_PATH = re.compile(r"(?<![\w:/.])/[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+")
_ID = re.compile(r"(?<![\w-])#?(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]+(?:-[A-Z0-9]+)*(?![\w-])"
                 r"|(?<![\w])#\d{3,}(?![\w])|(?<![\w,.$#])\d{6,}(?![\w,])")
_CODE = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
_SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_SEC = re.compile(r"§ ?(\d+(?:\.\d+)+)|\b(?:sec\.|rule) (\d+(?:\.\d+)+)")
_QUOTE = re.compile(r"\"([^\"\n]{2,40})\"")
_ZONE = re.compile(r"\b(ET|CT|MT|PT|AT)\b")
_RW = re.compile(r"(?<![\w])(today|tonight|tmrw|tomorrow|yday|yesterday)(?![\w])")
_RWD = re.compile(r"(?<![\w])(?:(last|this|next|EOD) )?(" + _WDRX + r")(?![\w])")
_RN = re.compile(r"(?<![\w~≈])(in )?(~|≈ ?)?(\d+) (days?|wks?|weeks?)( ago)?(?![\w])")
_RM = re.compile(r"(?<![\w])(end of mo\.|end of month|EOM)")
_FR = re.compile(r"(?<![\w])(~|≈|>|<|just over |over |under |almost )?(½|⅓|⅔|¼|¾|half)(?![\w])")
_FRV = {"½": 0.5, "half": 0.5, "⅓": 1 / 3, "⅔": 2 / 3, "¼": 0.25, "¾": 0.75}
_QL = r"(~ ?|≈ ?|approx\. |abt\. |about |around )?"
_MRNG = re.compile(r"(?<![\w$])\$(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d\d))?(k?)[–-]\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d\d))?(k?)(?![\w])")
_NRNG = re.compile(r"(?<![\w.$,–-])(\d+(?:\.\d+)?)[–-](\d+(?:\.\d+)?)(?![\w–-]|\.\d)")
_MONEY = re.compile(r"(?<![\w$])" + _QL + r"\$(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(k)?(?![\d])")
_PCT = re.compile(r"(?<![\w.])" + _QL + r"(\d+(?:\.\d+)?)%")
_NUM = re.compile(r"(?<![\w.$,])" + _QL + r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(k)?(?![\w]|[.,]\d)")
_NW = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
_WNUM = re.compile(r"(?<![\w-])(one|" + "|".join(_NW) + r"|once|twice|both|dozen)(?![\w-])", re.I)
_WNV = {w: i + 2 for i, w in enumerate(_NW)}
_WNV.update({"one": 1, "once": 1, "twice": 2, "both": 2, "dozen": 12})
MARKS = ["→", "~", "≈", "×", "@", "#", "+", "/", "w/", "w/o", "b/c", "re:", "qty", "approx.", "est.", "appt", "ref",
         "bal.", "amt", "pmt", "acct", "hrs", "hr", "mins", "tmrw", "EOD", "mo.", "yr", "✓", "✗", "–", "½", "⅓", "¼"]
FORMAL = ["dear ", "sincerely", "kind regards", "please note", "kindly", "furthermore", "pursuant", "hereby",
          "we are pleased", "do not hesitate"]


def _v(whole, frac):
    return float(whole.replace(",", "") + ("." + frac if frac else ""))


def _prec(whole, frac, k):
    """The precision a written figure claims: '1,200' -> 100, '45' -> 5, '1.2' -> 0.1 (x 1000 with 'k')."""
    if frac:
        p = 10.0 ** -len(frac)
    else:
        digits = whole.replace(",", "")
        z = len(digits) - len(digits.rstrip("0")) if digits.strip("0") else 0
        p = 10.0 ** z if z else (5.0 if digits.endswith("5") else 1.0)
    return p * (1000 if k else 1)


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


def _leaves(v, key=""):
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _leaves(x, k)
    elif isinstance(v, list):
        for x in v:
            yield from _leaves(x, key)
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
    keys = set()
    for ln in doc.split("\n"):
        m = re.match(r"(?:#+ )?(\d+(?:\.\d+)+)\.?\s", ln.strip() + " ")
        if m:
            keys.add(m.group(1))
    return keys


class Ev:
    """What the reader knows about the evidence of one run."""

    def __init__(self, scn, plan):
        nums, dates, times, zones, asof, docs = set(), set(), set(), set(), [], []
        strings = [plan.request] + [m["text"] for m in plan.history if m["role"] == "user"]
        for c in results(plan):
            if isinstance(c.result, str):
                docs.append(c.result)
                strings.append(c.result)
                continue
            for k, v in _leaves(c.result):
                if isinstance(v, bool) or v is None:
                    continue
                if isinstance(v, (int, float)):
                    nums.add(round(abs(float(v)), 6))
                    continue
                if k == "as_of":
                    asof.append(D(v))
                strings.append(str(v))
        for s in strings:
            if s in ZONES:
                zones.add(ZONES[s][1])
            for m in re.finditer(r"(\d{4})-(\d{2})-(\d{2})", s):
                try:
                    dates.add(dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
                except ValueError:
                    pass
            for m in re.finditer(r"T(\d{2}):(\d{2})", s):
                times.add(f"{m.group(1)}:{m.group(2)}")
            for m in re.finditer(r"(?<![\d:])(\d{1,2})(?::(\d{2}))? ?([AaPp])\.?[Mm]\b", s):
                hh = int(m.group(1)) % 12 + (12 if m.group(3) in "Pp" else 0)
                times.add(f"{hh:02d}:{int(m.group(2) or 0):02d}")
            x = re.sub(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)?)?", " ", s)
            x = re.sub(r"\d{1,2}(?::\d{2})? ?[AaPp]\.?[Mm]\b", " ", x)
            x = _URL.sub(" ", x)
            x = _PATH.sub(" ", x)
            x = _PHONE.sub(" ", x)
            x = re.sub(r"(?<![\w-])(?=[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Z])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+(?![\w-])", " ", x)
            x = re.sub(r"(?m)^\s*(#+ )?\d+(\.\d+)+\.?(?=\s)", " ", x)
            for m in re.finditer(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?", x):
                nums.add(round(_v(m.group(1), m.group(2)), 6))
        assert asof, "no as_of date in the evidence"
        self.nums, self.dates, self.times, self.zones, self.docs = nums, dates, times, zones, docs
        self.today = max(asof)
        self.blob = evidence_text(scn, plan)
        self.fb = fold(self.blob)
        self.sq = squash(self.blob)
        self.keys = set()
        for d in docs:
            self.keys |= doc_keys(d)


# ---------------------------------------------------------------- figures
def _fits(x, p, rounded, v):
    if not rounded:
        return abs(x - v) <= 1e-6
    return abs(x - v) <= p / 2 + 1e-6 and abs(x - v) <= 0.1 * x + 1e-6


def _fits_any(kind, x, p, rounded, allowed):
    for v in allowed:
        if _fits(x, p, rounded, v):
            return True
        if kind == "num" and (_fits(x * 60, p * 60, rounded, v) or _fits(x / 60, p / 60, rounded, v)):
            return True
        if kind == "pct" and _fits(x / 100, p / 100, rounded, v):
            return True
    return False


def read_terms(text):
    """(start, end, kind, value, precision, rounded) for money, percentages, digits and number words."""
    terms, taken = [], []

    def free(s, e):
        return not any(a < e and s < b for a, b in taken)

    for m in _MONEY.finditer(text):
        whole, frac, k = m.group(2), m.group(3), m.group(4)
        assert "," in whole or len(whole) <= 3, f"amount {m.group(0)!r} without a thousands separator"
        assert k or not frac or len(frac) == 2, f"amount {m.group(0)!r} with one decimal"
        assert frac != "00", f"zero cents shown in {m.group(0)!r}"
        x = _v(whole, frac) * (1000 if k else 1)
        terms.append((m.start(), m.end(), "money", x, _prec(whole, frac, k), bool(m.group(1) or k)))
        taken.append((m.start(), m.end()))
    for m in _PCT.finditer(text):
        if free(m.start(), m.end()):
            whole, _, frac = m.group(2).partition(".")
            terms.append((m.start(), m.end(), "pct", float(m.group(2)), _prec(whole, frac, None), bool(m.group(1))))
            taken.append((m.start(), m.end()))
    for m in _NUM.finditer(text):
        if free(m.start(), m.end()):
            whole, frac, k = m.group(2), m.group(3), m.group(4)
            x = _v(whole, frac) * (1000 if k else 1)
            terms.append((m.start(), m.end(), "num", x, _prec(whole, frac, k), bool(m.group(1) or k)))
            taken.append((m.start(), m.end()))
    for m in _WNUM.finditer(text):
        if free(m.start(), m.end()):
            terms.append((m.start(), m.end(), "num", float(_WNV[m.group(1).lower()]), 1.0, False))
            taken.append((m.start(), m.end()))
    return sorted(terms)


# ---------------------------------------------------------------- dates and relative dates
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
        assert 1 <= day <= 31, f"not a date: {m.group(0)!r}"
        try:
            cands = _resolve(mo, day, int(m.group(4)) if m.group(4) else None, today, pool)
        except ValueError:
            cands = []
        assert cands, f"not a date: {m.group(0)!r}"
        if m.group(1):
            ok = [d for d in cands if WD3[d.weekday()] == m.group(1)]
            assert ok, f"wrong weekday in {m.group(0)!r}"
            cands = ok
        out.append((m.start(), m.end(), cands[0]))
    return out


def read_rel(text):
    out = []
    for m in _RW.finditer(text):
        out.append((m.start(), m.end(), "w", m))
    for m in _RWD.finditer(text):
        out.append((m.start(), m.end(), "wd", m))
    for m in _RM.finditer(text):
        out.append((m.start(), m.end(), "m", m))
    for m in _RN.finditer(text):
        if m.group(1) or m.group(5):
            out.append((m.start(), m.end(), "n", m))
    return sorted(out, key=lambda x: x[0])


def _monday(d):
    return d - dt.timedelta(days=d.weekday())


def rel_ok(kind, m, d, today):
    """Does the relative phrase describe date d, as seen from today?"""
    k = (d - today).days
    if kind == "w":
        return {"today": 0, "tonight": 0, "tmrw": 1, "tomorrow": 1, "yday": -1, "yesterday": -1}[m.group(1)] == k
    if kind == "wd":
        if WD3[d.weekday()] != m.group(2):
            return False
        pre = m.group(1)
        if pre == "last":
            return -7 <= k <= -1
        if pre == "next":
            return (_monday(d) - _monday(today)).days == 7
        return 1 <= k <= 6            # bare weekday, "this" and "EOD": the coming one
    if kind == "m":
        return d == month_end(today) and k >= 0
    n, unit, qual = int(m.group(3)), m.group(4), m.group(2)
    kk = -k if m.group(5) else k
    if kk <= 0:
        return False
    days = n * (7 if unit.startswith("w") else 1)
    if qual:
        return abs(kk - days) <= (2 if unit.startswith("w") else max(1, round(0.1 * days)))
    return kk == days


# ---------------------------------------------------------------- times
def _hm(h, mi, mer):
    h, mi = int(h), int(mi or 0)
    assert 1 <= h <= 12 and 0 <= mi < 60, f"bad 12-hour time {h}:{mi}"
    return f"{h % 12 + (12 if mer == 'pm' else 0):02d}:{mi:02d}"


def read_times(text):
    out, taken = [], []
    for m in _TW.finditer(text):
        if m.group(5) == "noon":
            b = "12:00"
        else:
            b = _hm(m.group(6), m.group(7), m.group(8))
        if m.group(1) == "noon":
            a = "12:00"
        else:
            a = _hm(m.group(2), m.group(3), m.group(4) or m.group(8))
        assert a < b, f"window runs backwards: {m.group(0)!r}"
        out.append((m.start(), m.end(), [a, b]))
        taken.append((m.start(), m.end()))
    for m in _TM.finditer(text):
        if any(s <= m.start() < e for s, e in taken):
            continue
        g = m.group(0)
        hm = "12:00" if g == "noon" else "00:00" if g == "midnight" else _hm(m.group(1), m.group(2), m.group(3))
        out.append((m.start(), m.end(), [hm]))
    return sorted(out)


# ---------------------------------------------------------------- workings
_GOP = re.compile(r"^(?:/[a-z]+\.?)?(?: [A-Za-z.'’]+){0,3}? ?(×|\+|−|÷) ?$")
_GAT = re.compile(r"^ × [^=→\n$\d]{1,40}? @ $")
_GRES = re.compile(r"^(?:/[a-z]+\.?)?(?: [A-Za-z.'’()]+){0,3}? ?(=|→) ?(?:[A-Za-z.'’:]+ ){0,3}$")
_CNTW = re.compile(r"(?<![\w.$])(\d+) of (\d+)((?: [A-Za-z.'’]+){0,3}) (→|=) (\d+)(?: [A-Za-z.'’]+){1,3}")
_DW = re.compile(r"((?:(?:" + _WDRX + r") )?(?:" + _MONRX + r") \d{1,2}(?:, \d{4})?) (\+|−) (\d+) (days?|biz days|business days|wks?) "
                 r"(=|→) ((?:(?:" + _WDRX + r") )?(?:" + _MONRX + r") \d{1,2}(?:, \d{4})?)")
_FOF = re.compile(r"(?<![\w])(½|⅓|¼|¾|⅔|half) of \$([\d,]+(?:\.\d\d)?) (=|→) (~ ?|≈ ?)?\$([\d,]+(?:\.\d\d)?)")


def check_workings(text, today, pool):
    """Recompute every working from its displayed operands; returns how many were checked."""
    n = 0
    for m in _CNTW.finditer(text):
        a, b, c = int(m.group(1)), int(m.group(2)), int(m.group(5))
        assert a <= b and b - a == c, f"count working does not add up: {m.group(0)!r}"
        n += 1
    for m in _DW.finditer(text):
        d1 = read_dates(m.group(1), today, pool)[0][2]
        k = int(m.group(3)) * (1 if m.group(2) == "+" else -1)
        unit = m.group(4)
        if unit.startswith("biz") or unit.startswith("business"):
            got = add_bdays(d1, k)
        elif unit.startswith("wk"):
            got = d1 + dt.timedelta(days=7 * k)
        else:
            got = d1 + dt.timedelta(days=k)
        d2 = read_dates(m.group(6), today, pool | {got})[0][2]
        assert (d2.month, d2.day) == (got.month, got.day), f"date working does not add up: {m.group(0)!r} (got {got})"
        n += 1
    for m in _FOF.finditer(text):
        f = _FRV[m.group(1)]
        x, y = _v(m.group(2), None), _v(m.group(5), None)
        tol = 0.1 * y if m.group(4) else 0.0051
        assert abs(f * x - y) <= tol, f"fraction working does not add up: {m.group(0)!r}"
        n += 1
    # arithmetic chains: dates, times, relative dates, fractions and fraction workings are masked
    spans = [(s, e) for s, e, _ in read_dates(text, today, pool)]
    spans += [(m.start(), m.end()) for m in _DW.finditer(text)] + [(m.start(), m.end()) for m in _FOF.finditer(text)]
    t = _mask(text, spans)
    t = _mask(t, [(s, e) for s, e, _ in read_times(t)])
    t = _mask(t, [(s, e) for s, e, _, _ in read_rel(t)])
    t = _mask(t, [(m.start(), m.end()) for m in _FR.finditer(t)])
    t = _mask(t, [(m.start(), m.end()) for m in _MRNG.finditer(t)] + [(m.start(), m.end()) for m in _NRNG.finditer(t)])
    terms = read_terms(t)
    i = 0
    while i < len(terms) - 1:
        chain, ops, j = [terms[i]], [], i
        while j < len(terms) - 1:
            gap = t[terms[j][1]:terms[j + 1][0]]
            if "\n" in gap:
                break
            mo = _GOP.match(gap)
            op = mo.group(1) if mo else None
            if op is None and _GAT.match(gap):
                op = "×"
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
        assert j < len(terms) - 1, f"working without a result: {t[chain[0][0]:terms[j][1] + 20]!r}"
        gap = t[terms[j][1]:terms[j + 1][0]]
        assert "\n" not in gap and _GRES.match(gap), f"working without a result: {t[chain[0][0]:terms[j + 1][1]]!r}"
        res = terms[j + 1]
        sums, signs = [chain[0][3]], []
        for op, term in zip(ops, chain[1:]):
            v = term[3]
            if op == "×":
                sums[-1] *= v
            elif op == "÷":
                sums[-1] /= v
            elif op == "%":
                sums[-1] = sums[-1] / 100 * v
            else:
                signs.append(op)
                sums.append(v)
        got = sums[0]
        for sg, v in zip(signs, sums[1:]):
            got = got + v if sg == "+" else got - v
        if res[5]:
            assert _fits(res[3], res[4], True, got), f"working does not add up: {t[chain[0][0]:res[1]]!r} (got {got})"
        else:
            assert abs(got - res[3]) <= 0.0051, f"working does not add up: {t[chain[0][0]:res[1]]!r} (got {got})"
        n += 1
        i = j + 1
    return n


# ---------------------------------------------------------------- names
STYLE_WORDS = set("""A Acct Add Added All Also Amt And Any Appt Approx Arrive At Avail Bal Be Balance Bill Billed Book
Booked Booking But By Call Can Can't Card Cash Change Changed Check Check-in Checked Conf Confirmed Couldn't Credit Cost
Current Date Day Days Dep Deposit Details Did Didn't Do Done Don't Due EOD EOM ETA Each Est FYI Fee Fees First Fits For
Free From Full Good Got HELP Heads Hey Hi Hold Hours Hrs If In Incl Info It It's Items Just Last Late Left Let Link Max
Min Mins More Moved Msg New News Next No Nope Not Note Nothing Now OK Of Ok On Only Open Option Options Or Our Paid Parts
Pay Pick Pickup Pls Plus Pmt Price Q's Qty Re Ready Ref Reply Request Requested STOP Same Sat Sent Set So Sorry Status
Still Sun Sure Thanks Thx The Then This Time Tip To Today Tonight Total Tmrw Txt Update Updated Via W We We'll We're
We've Will With Y N You You'll You're Your Yours Yes ET CT MT PT AT Mon Tue Wed Thu Fri Jan Feb Mar Apr May Jun Jul Aug
Sep Oct Nov Dec Questions Tap Text Show Shows See Bring Get Wait Waitlist Up Unpaid Unchanged Alt Alternatively Est'd
Job Tech Visit Work Booked Rain Shoe Shoes Tires Tire Appt Class Classes Piece Pieces Pack Room Rooms Players Group Ticket
Tkt Order Rush Repair Repairs Tee Course Cart Carts Green Round Holes Visit Studio Shop Kiln That That's Keeping Someone
Moved Conf Can't Hey Move Keep Switch Same Parts Want Member Booked Sorry Firing Pack Pickup Fee Tread Std Earliest Held Dropped Rush Work Mount Balance Disposal
Alignment Storage Vehicle Cancelled Cancel Refund Refunded Check-in Players Tee Costs Both""".split())
_CAPSEQ = re.compile(r"(?<![\w#&'’/-])[A-Z][A-Za-z'’-]*\.?(?: (?:of |and |the |de |la )*[A-Z][A-Za-z'’-]*\.?)*")


def check_names(text, ev, where, ctx):
    for m in _CAPSEQ.finditer(text):
        words = [w.rstrip(".") for w in m.group(0).split(" ")]
        while words and (words[0] in STYLE_WORDS or re.sub(r"['’]s$", "", words[0]) in STYLE_WORDS):
            words = words[1:]
        if not words:
            continue
        name = re.sub(r"['’]s$", "", " ".join(words))
        if fold(name) in ev.fb:
            continue
        for wd in name.split(" "):
            wd2 = re.sub(r"['’]s$", "", wd)
            if wd2 in ("of", "and", "the", "de", "la"):
                continue
            assert wd2 in STYLE_WORDS or fold(wd2) in ev.fb, f"{where}: name {wd2!r} of {name!r} not in the evidence{ctx}"


# ---------------------------------------------------------------- the whole answer
def read_answer(text, ev: Ev, w: Terse, where="?"):
    """Raises AssertionError when the answer says something the evidence (or a declared computation) does not;
    returns the number of workings recomputed."""
    ctx = f"\n---\n{text}\n---"
    today = ev.today
    assert today == w.today, f"{where}: the writer's date {w.today} is not the record's as_of {today}"
    allowed = ev.nums | w.calc
    pool = ev.dates | w.calc_dates
    # register
    assert text.strip() and len(text) <= 640, f"{where}: length {len(text)} does not fit a text message{ctx}"
    assert not _ISO.search(text), f"{where}: ISO date{ctx}"
    assert not re.search(r"[`|*]|^#+ |^\d+\. ", text, re.M), f"{where}: Markdown, table or numbered list{ctx}"
    assert text.count("?") <= 1, f"{where}: more than one question{ctx}"
    assert "  " not in text and " ," not in text and "\n\n\n" not in text, f"{where}: spacing{ctx}"
    assert not re.search("[\U0001F300-\U0001FAFF\u2600-\u2712\u2714-\u2716\u2718-\u27BF]", text), f"{where}: emoji{ctx}"
    low = text.lower()
    for f_ in FORMAL:
        assert f_ not in low, f"{where}: formal wording {f_!r}{ctx}"
    lines = [ln for ln in text.split("\n") if ln.strip()]
    wc = [len(ln.split()) for ln in lines]
    assert max(wc) <= 16 and sum(wc) / len(wc) <= 10, f"{where}: lines too long for a text ({max(wc)}, {sum(wc) / len(wc):.1f}){ctx}"
    marks = sum(1 for mk in MARKS if mk in text)
    assert marks >= 3, f"{where}: not terse enough ({marks} marks){ctx}"
    t = text
    masks = []

    def masked():
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
    for m in _PHONE.finditer(masked()):
        assert m.group(0) in ev.blob, f"{where}: phone number {m.group(0)!r} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    for m in _QUOTE.finditer(masked()):
        assert fold(m.group(1)) in ev.fb, f"{where}: quoted label {m.group(1)!r} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    for m in _SEC.finditer(masked()):
        key = m.group(1) or m.group(2)
        assert key in ev.keys, f"{where}: {m.group(0)!r} is not in a fetched document{ctx}"
        masks.append((m.start(), m.end()))
    for m in _ID.finditer(masked()):
        tok = m.group(0).lstrip("#")
        assert fold(tok) in ev.fb, f"{where}: identifier {m.group(0)!r} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    for m in _ZONE.finditer(masked()):
        assert m.group(1) in ev.zones, f"{where}: {m.group(0)!r} is not the record's time zone{ctx}"
        masks.append((m.start(), m.end()))
    # dates and relative dates
    t1 = masked()
    dates = read_dates(t1, today, pool)
    for s, e, d in dates:
        assert d in pool, f"{where}: date {t[s:e]!r} is neither in the evidence nor computed{ctx}"
        masks.append((s, e))
    for s, e, kind, m in read_rel(masked()):
        if kind == "w" and m.group(1) in ("today", "tonight"):
            masks.append((s, e))
            continue
        near = []
        if t[e:e + 2] == " (":
            near = [d for s2, e2, d in dates if s2 == e + 2]
        if not near and t[max(0, s - 2):s] == " (" and t[e:e + 1] == ")":
            near = [d for s2, e2, d in dates if e2 == s - 2]
        if near:
            assert rel_ok(kind, m, near[0], today), f"{where}: {t[s:e]!r} does not describe {near[0]} (as of {today}){ctx}"
        else:
            assert any(rel_ok(kind, m, d, today) for d in pool), f"{where}: {t[s:e]!r} matches no date (as of {today}){ctx}"
        masks.append((s, e))
    for s, e, hms in read_times(masked()):
        for x in hms:
            assert x in ev.times, f"{where}: time {t[s:e]!r} is not a local time of the evidence{ctx}"
        masks.append((s, e))
    t3 = masked()
    assert not _H24.search(t3), f"{where}: 24-hour time{ctx}"
    check_names(t3, ev, where, ctx)
    # fraction workings are checked with the workings; other fractions against two figures of the line or a ratio
    fof = [(m.start(), m.end()) for m in _FOF.finditer(t3)]
    for m in _FR.finditer(t3):
        if any(a_ <= m.start() < b_ for a_, b_ in fof):
            continue
        f, qual = _FRV[m.group(2)], (m.group(1) or "").strip()
        s0 = t3.rfind("\n", 0, m.start()) + 1
        e0 = t3.find("\n", m.end())
        line = _mask(t3, [(m.start(), m.end())])[s0:(e0 if e0 >= 0 else len(t3))]
        vals = [x[3] for x in read_terms(line)]
        ratios = {a / b for a in vals for b in vals if 0 < a < b} | w.ratios
        ok = False
        for p in ratios:
            if (not qual and abs(p - f) <= 0.005) or (qual in ("~", "≈") and abs(p - f) <= 0.045) \
                    or (qual in (">", "over", "just over") and 0 < p - f <= 0.25) \
                    or (qual in ("<", "under", "almost") and 0 < f - p <= 0.25):
                ok = True
        assert ok, f"{where}: {m.group(0)!r} fits no ratio of the evidence{ctx}"
        masks.append((m.start(), m.end()))
    # ranges: both ends exact
    t4 = masked()
    for m in _MRNG.finditer(t4):
        for whole, frac, k in ((m.group(1), m.group(2), m.group(3)), (m.group(4), m.group(5), m.group(6))):
            x = _v(whole, frac) * (1000 if k else 1)
            assert _fits_any("money", x, _prec(whole, frac, k), bool(k), allowed), f"{where}: range {m.group(0)!r} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    t4 = masked()
    for m in _NRNG.finditer(t4):
        for g in (m.group(1), m.group(2)):
            whole, _, frac = g.partition(".")
            assert _fits_any("num", float(g), _prec(whole, frac, None), False, allowed), f"{where}: range {m.group(0)!r} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    t5 = masked()
    for s, e, kind, x, p, rnd in read_terms(t5):
        assert _fits_any(kind, x, p, rnd, allowed), f"{where}: {t[s:e]!r} is not an evidence or computed value{ctx}"
    left = _mask(t5, [(s, e) for s, e, *_ in read_terms(t5)])
    assert not re.search(r"\d", left), f"{where}: stray digit in {left!r}{ctx}"
    # workings: identifiers, phones, labels, sections and zones masked; dates visible
    keep = [(s, e) for s, e in masks if not _DATE.fullmatch(t[s:e]) and not read_times(t[s:e])
            and not read_rel(t[s:e]) and not _FR.fullmatch(t[s:e]) and not _MRNG.fullmatch(t[s:e]) and not _NRNG.fullmatch(t[s:e])]
    return check_workings(_mask(t, keep), today, pool)


# =========================================================================== the guard
def _trim(a: B):
    """Keep insertion points at the end of a line; clause points only after a word of a line of four words or more."""
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
        if nxt not in ("", "\n") or not prev or prev.endswith("\n"):
            continue
        if k == "clause":
            line = prev.split("\n")[-1]
            if not (prev[-1].isalnum() or prev[-1] == ")") or len(line.split()) < 4 or '"' in line:
                continue
        keep.append((p, k))
    a.points = keep


def _edited(a: A, idx, rep):
    return "".join(rep if i == idx else p for i, p in enumerate(a.parts))


def _figs(s, ev, w):
    try:
        pool = ev.dates | w.calc_dates
        dates = read_dates(s, ev.today, pool)
        s2 = _mask(s, [(x, y) for x, y, _ in dates])
        s2 = _mask(s2, [(x, y) for x, y, _ in read_times(s2)])
        return ({(round(t[3], 6), t[5]) for t in read_terms(s2)}, {d for _, _, d in dates},
                {m.group(0) for *_, m in read_rel(s)}, {tuple(x[2]) for x in read_times(s)},
                {m.group(0) for m in _FR.finditer(s)})
    except AssertionError:
        return None


STATS = {"clean": 0, "workings": 0, "dropped": 0, "kept": 0}


def vet(scn, plan, w: Terse):
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
        core = rep.strip("'\"` #")
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
    a.mark = w.mark
    return plan
