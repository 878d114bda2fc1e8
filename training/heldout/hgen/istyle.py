"""Set i writer: a US operations-console / support-desk agent.

Per answer, ``Desk`` picks how it writes: a date style (``3/14``, ``Sat 3/14``, ``Mar 14``, ``2026-03-14``,
``Sat, Mar 14``), a 12-hour time style (``9:15 AM``, ``9:15a``, ``9:15 AM CT`` with the service's zone label), whether it
abbreviates (``hrs``, ``mins``, ``qty``, ``avg``, ``ea``) or spells units out, one hedge word for rounded figures
(``about``, ``roughly``, ``approx.``, ``~``; only used when the rounded figure differs from the exact one), a status-line
tag (``Status:``, ``[status]``, ``STATUS —``, ``>>``), a list marker and a field separator (`` · ``, `` | ``, `` — ``), and
a voice for the short opener and the closing offer. Answers are short status lines and lists with the working shown
inline ("$1,740.00 (avg $435.00/lot)", "@ 25%", "= 3 × $18.00"), relative dates always paired with the date and
computed from an ``as_of`` timestamp in the evidence ("in 3 days (3/17)", "yesterday (3/13)", "next Tue (3/17)"),
ranges ("between 4 and 6 business days"), percentages, per-unit rates, simple fractions ("a third of", only when
exact or hedged), comparisons ("twice as many as the prior 30 days", only when exact or hedged) and copied ISO-8601
timestamps with their offsets.

``screen`` is the evidence guard. Before a run is used it removes every edit candidate that could turn out to be
supported: entity, identifier and attribute replacements found anywhere in the evidence (user turns, assistant
history, tool arguments and results) or in the system prompt and tool definitions (identifiers are also compared
with punctuation removed), section replacements that a document in the evidence has as a numbered line, heading or
cross-reference, and inserted sentences whose reference (URL, code, long number) appears in the evidence or that
repeat evidence text verbatim.
"""
from __future__ import annotations

import datetime as dt
import json
import re
from fractions import Fraction

from .common import A, R

WK = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MO = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
SMALL = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def day_of(x):
    if isinstance(x, dt.datetime):
        return x.date()
    if isinstance(x, dt.date):
        return x
    return dt.date.fromisoformat(str(x)[:10])


def moment(x):
    if isinstance(x, dt.datetime):
        return x
    return dt.datetime.fromisoformat(str(x).replace("Z", "+00:00"))


# --------------------------------------------------------------------------- time zones (US, 2026)
DST_START = dt.date(2026, 3, 8)
DST_END = dt.date(2026, 11, 1)


def utc_offset(day, std_hours):
    """UTC offset in hours for a US zone with standard offset ``std_hours`` on ``day`` (2026 rules)."""
    return std_hours + (1 if DST_START <= day_of(day) < DST_END else 0)


def stamp(day, hh, mm, std_hours, ss=0):
    """ISO-8601 local timestamp with offset, e.g. 2026-03-14T09:15:00-05:00."""
    off = utc_offset(day, std_hours)
    d = day_of(day)
    return f"{d.isoformat()}T{hh:02d}:{mm:02d}:{ss:02d}{'-' if off < 0 else '+'}{abs(off):02d}:00"


# --------------------------------------------------------------------------- per-answer writer
OPEN = {
    "desk": ["Pulled this up:", "Here's where it stands.", "Checked the account:", "OK, here's the picture:",
             "Looked into it."],
    "terse": ["Summary:", "Quick status:", "Rundown:", "Result:"],
    "friendly": ["Thanks for the ping — here you go.", "On it. Here's what the system shows:",
                 "Good timing, this just updated.", "Alright, here's the breakdown:"],
}
OPEN_FOLLOW = ["Same one as above.", "Picking that back up:", "Using the list from before:",
               "Continuing from the last lookup:", "Going off the earlier results:"]
CLOSE = {
    "desk": ["Reply here if anything looks off.", "Want me to dig into any line?", "Holler if you need the details."],
    "terse": ["Anything else?", "Need more?", "That's all for now."],
    "friendly": ["Happy to run it again later if you'd like.", "Just reply and I'll pick it up.",
                 "Let me know what you'd like to do next."],
}
TAGS = {"plain": "Status: ", "bracket": "[status] ", "caps": "STATUS — ", "arrow": ">> "}


class Desk:
    """One answer's writing choices (see module docstring)."""

    def __init__(self, r: R, today, zone="ET"):
        self.r = r
        self.today = day_of(today)
        self.zone = zone
        self.dstyle = r.choice(["slash", "wkslash", "mon", "iso", "wk_mon"])
        self.tstyle = r.choice(["ampm", "ampm", "short", "zone"])
        self.abbr = r.random() < 0.6
        self.hedge = r.choice(["about", "roughly", "approx.", "~"])
        self.mark = r.choice(["-", "-", "•", "*"])
        self.sep = r.choice([" · ", " | ", " — "])
        self.tagstyle = r.choice(list(TAGS))
        self.voice = r.choice(list(OPEN))
        self.words = r.random() < 0.35       # small counts as words ("three lots")

    # ---------------------------------------------------------------- dates and times
    def d(self, x, with_wk=True):
        d = day_of(x)
        s = self.dstyle if with_wk else {"wkslash": "slash", "wk_mon": "mon"}.get(self.dstyle, self.dstyle)
        if s == "slash":
            return f"{d.month}/{d.day}"
        if s == "wkslash":
            return f"{WK[d.weekday()]} {d.month}/{d.day}"
        if s == "mon":
            return f"{MO[d.month - 1]} {d.day}"
        if s == "iso":
            return d.isoformat()
        return f"{WK[d.weekday()]}, {MO[d.month - 1]} {d.day}"

    def dy(self, x):
        """Date with the year (for dates outside the current year or far out)."""
        d = day_of(x)
        if self.dstyle == "iso":
            return d.isoformat()
        if self.dstyle in ("slash", "wkslash"):
            return f"{d.month}/{d.day}/{d.year}"
        return f"{MO[d.month - 1]} {d.day}, {d.year}"

    def rel(self, x):
        """Relative phrase plus the date: 'tomorrow (3/14)', 'in 5 days (3/18)', 'next Tue (3/17)'."""
        d = day_of(x)
        n = (d - self.today).days
        if n == 0:
            return f"today ({self.d(d)})"
        if n == 1:
            return f"tomorrow ({self.d(d)})"
        if n == -1:
            return f"yesterday ({self.d(d)})"
        if 2 <= n <= 6:
            return f"{self._this_next(d)} {WK[d.weekday()]} ({self.d(d, with_wk=False)})"
        if n > 6:
            return f"in {n} days ({self.d(d)})"
        return f"{-n} days ago ({self.d(d)})"

    def _this_next(self, d):
        """US weeks run Sunday to Saturday: a later day of the same week is 'this', otherwise 'next'."""
        return "this" if (d.weekday() + 1) % 7 > (self.today.weekday() + 1) % 7 else "next"

    def relp(self, x):
        """Relative words only: 'tomorrow', 'in 8 days', 'next Tue', '3 days ago'."""
        d = day_of(x)
        n = (d - self.today).days
        if n == 0:
            return "today"
        if n == 1:
            return "tomorrow"
        if n == -1:
            return "yesterday"
        if 2 <= n <= 6:
            return f"{self._this_next(d)} {WK[d.weekday()]}"
        return f"in {n} days" if n > 0 else f"{-n} days ago"

    def when(self, x):
        """Date first, relative words after: '5/3 (in 8 days)'."""
        return f"{self.d(x)} ({self.relp(x)})"

    def days(self, n):
        return f"{n} day" if n == 1 else f"{n} days"

    def t(self, x):
        m = moment(x)
        h = m.hour % 12 or 12
        ap = "AM" if m.hour < 12 else "PM"
        if self.tstyle == "short":
            return f"{h}:{m.minute:02d}{ap[0].lower()}"
        if self.tstyle == "zone":
            return f"{h}:{m.minute:02d} {ap} {self.zone}"
        return f"{h}:{m.minute:02d} {ap}"

    def hm(self, hour, minute=0):
        return self.t(dt.datetime(2026, 1, 1, hour % 24, minute))

    def trange(self, h1, m1, h2, m2):
        """Time range with the zone label once: '8:00 AM–12:00 PM CT'."""
        a = self.t(dt.datetime(2026, 1, 1, h1 % 24, m1))
        b = self.t(dt.datetime(2026, 1, 1, h2 % 24, m2))
        if self.tstyle == "zone":
            a = a[: -len(self.zone) - 1]
        return f"{a}–{b}"

    def tspan(self, a_dt, b_dt):
        """Range between two datetimes with the zone label once."""
        a, b = moment(a_dt), moment(b_dt)
        return self.trange(a.hour, a.minute, b.hour, b.minute)

    def span(self, minutes):
        """Duration: '2 hrs 15 mins' / '2 hours 15 minutes'."""
        h, m = divmod(int(round(minutes)), 60)
        hu, mu = ("hr", "min") if self.abbr else ("hour", "minute")
        parts = []
        if h:
            parts.append(f"{h} {hu}{'' if h == 1 else 's'}")
        if m or not h:
            parts.append(f"{m} {mu}{'' if m == 1 else 's'}")
        return " ".join(parts)

    def mins(self, n):
        return f"{n} min{'' if n == 1 else 's'}" if self.abbr else f"{n} minute{'' if n == 1 else 's'}"

    def hrs(self, n):
        v = f"{n:g}"
        return f"{v} hr{'' if n == 1 else 's'}" if self.abbr else f"{v} hour{'' if n == 1 else 's'}"

    # ---------------------------------------------------------------- numbers
    def n(self, k):
        return SMALL[k] if self.words and 0 <= k < len(SMALL) else str(k)

    def cnt(self, k, word, pl=None):
        return f"{self.n(k)} {word if k == 1 else (pl or word + 's')}"

    def qty(self, k):
        return f"qty {k}" if self.abbr else f"quantity {k}"

    def avg(self):
        return "avg" if self.abbr else "average"

    def approx(self):
        return self.hedge

    @staticmethod
    def usd(x, dec=2):
        s = f"${abs(x):,.{dec}f}"
        return "-" + s if x < 0 else s

    def about(self, x, step, fmt=None):
        """Rounded figure, hedged only when rounding changed it."""
        fmt = fmt or (lambda v: f"{v:g}")
        v = round(x / step) * step
        v = round(v, 6)
        if abs(v - x) < 1e-9:
            return fmt(v)
        h = self.hedge
        return f"~{fmt(v)}" if h == "~" else f"{h} {fmt(v)}"

    def pct(self, part, whole, dec=0):
        v = 100 * part / whole
        if abs(round(v, dec) - v) < 1e-9:
            return f"{v:.{dec}f}%"
        return self.about(v, 10 ** -dec, lambda q: f"{q:.{dec}f}%")

    def frac(self, part, whole):
        """'a third of' style share, exact or hedged; otherwise 'N of M'."""
        names = {Fraction(1, 2): "half", Fraction(1, 3): "a third", Fraction(2, 3): "two-thirds",
                 Fraction(1, 4): "a quarter", Fraction(3, 4): "three-quarters", Fraction(1, 5): "a fifth",
                 Fraction(2, 5): "two-fifths", Fraction(3, 5): "three-fifths", Fraction(4, 5): "four-fifths"}
        if whole:
            f = Fraction(part).limit_denominator(10 ** 6) / Fraction(whole).limit_denominator(10 ** 6)
            if f in names:
                return names[f]
        q = part / whole
        for f, nm in names.items():
            if abs(q - float(f)) <= 0.02:
                return f"{'~' if self.hedge == '~' else self.hedge + ' '}{nm}"
        return None

    def times(self, a, b):
        """Comparison of a to b: 'twice as many as', 'half as many as', '1.5x', hedged when inexact."""
        if b == 0:
            return None
        q = Fraction(a).limit_denominator(1000) / Fraction(b).limit_denominator(1000)
        exact = {Fraction(2): "twice", Fraction(3): "three times", Fraction(4): "four times",
                 Fraction(1, 2): "half", Fraction(3, 2): "1.5 times"}
        if q in exact:
            return exact[q]
        v = float(q)
        rv = round(v, 1)
        if abs(rv - v) < 1e-9:
            return f"{rv:g}x"
        return f"{'~' if self.hedge == '~' else self.hedge + ' '}{rv:g}x"

    def rng(self, lo, hi, unit):
        if self.r.random() < 0.5:
            return f"between {lo} and {hi} {unit}"
        return f"{lo}–{hi} {unit}"

    # ---------------------------------------------------------------- layout
    def tag(self, a: A):
        a.t(TAGS[self.tagstyle])

    def li(self, a: A):
        """Start a list line (no blank line when the previous part already ended one)."""
        if a.parts and a.parts[-1].endswith("\n"):
            a.t(f"{self.mark} ")
        else:
            a.t(f"\n{self.mark} ")

    def nl(self, a: A):
        a.t("\n")

    def blank(self, a: A):
        a.t("\n\n")

    def pt(self, a: A):
        """Insertion point at the end of a list line: a new '- ' item, so only in '-' lists."""
        if self.mark == "-":
            a.pb()

    def opener(self, a: A, followup=False, p=0.6):
        if followup and self.r.random() < 0.75:
            a.t(self.r.choice(OPEN_FOLLOW) + "\n")
        elif self.r.random() < p:
            a.t(self.r.choice(OPEN[self.voice]) + "\n")

    def closer(self, a: A, offers=(), p=0.75):
        if self.r.random() >= p:
            return
        pool = list(offers) * 2 + CLOSE[self.voice]
        a.t("\n\n" + self.r.choice(pool))


# --------------------------------------------------------------------------- evidence guard
_REF = re.compile(r"https?://[^\s)\]]+|\b[A-Z]{1,5}-?[A-Z0-9]*\d[A-Z0-9-]{2,}\b|\b\d{5,}\b|\b[a-z0-9-]+/[a-z0-9./-]+\b")


def _flat(s):
    return s.lower().replace("`", "").replace("_", " ")


def _squash(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


def evidence_text(scn, plan):
    chunks = [plan.request, scn.system]
    docs = []
    for m in plan.history:
        if m["role"] in ("user", "assistant") and m.get("text"):
            chunks.append(m["text"])
        elif m["role"] == "tool":
            c = m["call"]
            chunks += [json.dumps(c.args), c.result_text()]
            if isinstance(c.result, str):
                docs.append(c.result)
    for turn in plan.turns:
        if turn.text:
            chunks.append(turn.text)
        for c in turn.calls:
            chunks += [json.dumps(c.args), c.result_text()]
            if isinstance(c.result, str):
                docs.append(c.result)
            elif isinstance(c.result, dict):
                docs += [v for v in c.result.values() if isinstance(v, str) and "\n" in v]
    for tool in scn.tools:
        chunks += [tool.name, tool.description, json.dumps(tool.params)]
    return "\n".join(chunks), docs


def _section_known(token, blob, docs):
    tok = re.escape(token.strip().lstrip("§").strip().rstrip(".)"))
    if not tok:
        return True
    line = r"(?im)^[ \t]*(?:#+[ \t]*)?(?:§[ \t]*|section[ \t]+|sec\.[ \t]*|rule[ \t]+|item[ \t]+|art(?:icle)?\.?[ \t]+)?\(?" + tok + r"(?:[.):]?[ \t]|[.):]?$)"
    ref = r"(?i)(?:§|section|sec\.|rule|item|article|art\.|para(?:graph)?\.?|clause)[ \t]*" + tok + r"(?![\w]|\.\d)"
    bare = r"(?<![\w.])" + tok + r"(?![\w]|\.\d)"
    if re.search(line, blob) or re.search(ref, blob) or re.search(r'"' + tok + r'"', blob):
        return True
    return any(re.search(bare, d) for d in docs)


def screen(scn, plan):
    """Evidence guard (see module docstring). Returns the plan."""
    blob, docs = evidence_text(scn, plan)
    flat, sq = _flat(blob), _squash(blob)
    a = plan.answer
    keep = []
    for c in a.cands:
        rep = c["replacement"]
        core = rep.strip("`*'\" ")
        if not core or rep == c["original"]:
            continue
        if c["type"] in ("entity", "fabricated_id", "fabricated_attribute") and _flat(core) in flat:
            continue
        if c["type"] == "fabricated_id" and _squash(core) and _squash(core) in sq:
            continue
        if c["type"] == "fabricated_section" and _section_known(core, blob, docs):
            continue
        keep.append(c)
    a.cands = keep
    for typ in list(a.inserts):
        ok = []
        for text, clause in a.inserts[typ]:
            if typ == "fabricated_citation":
                refs = [x.rstrip(".,;:") for x in _REF.findall(text)]
                if not refs or any(x in blob or (_squash(x) and _squash(x) in sq) for x in refs):
                    continue
            elif text.rstrip(".").lower() in blob.lower():
                continue
            ok.append((text, clause))
        a.inserts[typ] = ok
    return plan
