"""Set h writer: a British/European customer-facing agent that answers in flowing prose.

Per answer, ``Quill`` picks a date style (``24 March 2026``, ``24/03/2026``, ``Tue 24 Mar``, ``Tuesday 24 March``,
``24 Mar``), a time style (``14:05`` or ``14h05``), whether small counts are spelled out ("three bookings"), a voice
(warm, formal or chatty openers, sign-offs and offers), how it walks through its working ("That comes to …", "I worked
this out from …", "so, all told, …"), hedges for rounded figures ("roughly", "just under", "a touch over", chosen so
that they are true of the exact value), parenthetical asides and, now and then, a short dash list instead of a
paragraph. Money is pounds (``£1,234.50``) or euros with the symbol first (``€1,234.50``); one scenario (the
translation agency) writes euros continental-style throughout (``1.234,50 €``).

``guard`` is the evidence guard: before a run is used it drops entity, identifier and attribute replacements that can
be found anywhere in the run's evidence (user turns, assistant history, tool arguments and results) or in the tool
schemas, descriptions and system prompt; section replacements that a fetched document or result does contain; and
inserted references (URLs, reference numbers) that occur in the evidence. Every remaining edit is unsupported.
"""
from __future__ import annotations

import datetime as dt
import json
import re

from .common import A, R

_WD = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
_WDL = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_MO = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
_MOL = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December"]
_NUM = ["nil", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
_ORD = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]


def as_date(x):
    if isinstance(x, dt.datetime):
        return x.date()
    if isinstance(x, dt.date):
        return x
    return dt.date.fromisoformat(str(x)[:10])


def as_dt(x):
    if isinstance(x, dt.datetime):
        return x
    return dt.datetime.fromisoformat(str(x).replace("Z", "+00:00"))


OPEN = {
    "warm": ["Thanks for getting in touch!", "Lovely, I've pulled that up for you.", "Happy to help with that.",
             "Thanks for bearing with me while I checked."],
    "formal": ["Thank you for your message.", "Certainly.", "I've looked into this for you.",
               "Thank you for your patience."],
    "chatty": ["Right, I've had a look.", "Okay, here's where things stand.", "Good news and a bit of detail below.",
               "Right then —"],
}
FOLLOW = ["Following on from my last message:", "Picking up where we left off.", "Carrying on with the same one.",
          "Right, on to your next question."]
SIGN = {
    "warm": ["I hope that helps!", "Any other questions, just give me a shout.", "Have a lovely rest of your day."],
    "formal": ["Please let me know if I can assist further.", "Kind regards.", "I hope this is helpful."],
    "chatty": ["Shout if anything's unclear.", "Hope that's useful.", "That's the lot, I think."],
}
WORKING = {
    "comes": ["That comes to", "That works out at", "All told, that's", "Adding it up, that's"],
    "from": ["I worked this out from", "I've based that on", "That's calculated from", "I took that from"],
    "so": ["so, all told,", "which means", "so, in short,", "so"],
}


class Quill:
    """Per-answer style choices (see module docstring)."""

    def __init__(self, r: R, today, euro_comma=False):
        self.r = r
        self.today = as_date(today)
        self.ds = r.choice(["long", "slash", "wd", "wdlong", "short", "long"])
        self.ts = r.choice(["colon", "colon", "h"])
        self.spell = r.random() < 0.65
        self.voice = r.choice(["warm", "formal", "chatty"])
        self.listy = r.random() < 0.22
        self.dash = r.choice(["– ", "- ", "• "])
        self.aside = r.random() < 0.6
        self.euro_comma = euro_comma
        self.hedges_up = r.choice([["just under"], ["roughly"], ["about"], ["around", "just under"]])
        self.hedges_dn = r.choice([["a touch over"], ["roughly"], ["about"], ["just over", "a little over"]])

    # ---------------------------------------------------------------- dates and times
    def d(self, x):
        d = as_date(x)
        if self.ds == "long":
            return f"{d.day} {_MOL[d.month - 1]} {d.year}"
        if self.ds == "slash":
            return f"{d.day:02d}/{d.month:02d}/{d.year}"
        if self.ds == "wd":
            return f"{_WD[d.weekday()]} {d.day} {_MO[d.month - 1]}"
        if self.ds == "wdlong":
            return f"{_WDL[d.weekday()]} {d.day} {_MOL[d.month - 1]}"
        return f"{d.day} {_MO[d.month - 1]}" + ("" if d.year == self.today.year else f" {d.year}")

    def dy(self, x):
        """A date that always carries its year."""
        d = as_date(x)
        if self.ds == "slash":
            return f"{d.day:02d}/{d.month:02d}/{d.year}"
        return f"{d.day} {_MOL[d.month - 1]} {d.year}"

    def t(self, x):
        t = as_dt(x) if not isinstance(x, dt.time) else x
        return f"{t.hour:02d}h{t.minute:02d}" if self.ts == "h" else f"{t.hour:02d}:{t.minute:02d}"

    def hm(self, h, m=0):
        return self.t(dt.time(h % 24, m))

    def rel(self, x):
        """Relative date, always with the date itself."""
        d = as_date(x)
        n = (d - self.today).days
        if n == 0:
            return f"today ({self.d(d)})"
        if n == 1:
            return f"tomorrow, {self.d(d)}"
        if n == -1:
            return f"yesterday ({self.d(d)})"
        if 1 < n <= 12:
            return f"in {self.n(n)} days' time, on {self.d(d)}"
        if n > 12:
            return f"on {self.d(d)}, {n} days from now"
        return f"on {self.d(d)}, {self.n(-n)} days ago"

    # ---------------------------------------------------------------- numbers and money
    def n(self, k):
        return _NUM[k] if self.spell and 0 < k < len(_NUM) else str(k)

    def cnt(self, k, word, pl=None):
        return f"{self.n(k)} {word if k == 1 else (pl or word + 's')}"

    @staticmethod
    def ordw(k):
        return _ORD[k] if k < len(_ORD) else f"{k}th"

    def gbp(self, x, dec=2):
        return ("-" if x < 0 else "") + f"£{abs(x):,.{dec}f}"

    def eur(self, x, dec=2):
        if self.euro_comma:
            s = f"{abs(x):,.{dec}f}".replace(",", " ").replace(".", ",").replace(" ", ".")
            return ("-" if x < 0 else "") + f"{s} €"
        return ("-" if x < 0 else "") + f"€{abs(x):,.{dec}f}"

    def about(self, x, step, fmt=None):
        """Hedged rounded figure whose hedge is true of ``x``."""
        fmt = fmt or (lambda v: f"{v:,.0f}" if step >= 1 else f"{v:,.{len(str(step).split('.')[1])}f}")
        v = round(round(x / step) * step, 6)
        if abs(v - x) < 1e-9:
            return fmt(v)
        pre = self.r.choice(self.hedges_up if v > x else self.hedges_dn)
        return f"{pre} {fmt(v)}"

    # ---------------------------------------------------------------- prose furniture
    def work(self, kind):
        return self.r.choice(WORKING[kind])

    def opener(self, a: A, followup=False, p=0.55):
        if followup and self.r.random() < 0.7:
            a(self.r.choice(FOLLOW) + " ")
        elif self.r.random() < p:
            a(self.r.choice(OPEN[self.voice]) + " ")

    def lead_break(self, a: A):
        """After the first sentence: a paragraph break (most of the time) or a plain space."""
        a("\n\n" if self.r.random() < 0.7 else " ")

    def par(self, a: A):
        a("\n\n")

    def side(self, text):
        """A parenthetical aside or nothing."""
        return f" ({text})" if self.aside else ""

    def closer(self, a: A, offers=(), p=0.8):
        if self.r.random() >= p:
            return
        bits = []
        if offers and self.r.random() < 0.75:
            bits.append(self.r.choice(list(offers)))
        if self.r.random() < 0.5 or not bits:
            bits.append(self.r.choice(SIGN[self.voice]))
        a("\n\n" + " ".join(bits))


def pc_(x, dec=0):
    return f"{x:.{dec}f}%"


# --------------------------------------------------------------------------- evidence guard
_REFS = re.compile(r"https?://[^\s)]+|\b[A-Z][A-Z0-9]{1,}[-/][A-Z0-9][A-Z0-9/-]{2,}\b|\b\d{6,}\b")


def _norm(s):
    return s.lower().replace("_", " ").replace("`", "")


def evidence_blob(scn, plan):
    parts = [plan.request, scn.system]
    for m in plan.history:
        if m["role"] in ("user", "assistant") and m.get("text"):
            parts.append(m["text"])
        if m["role"] == "tool":
            parts.append(json.dumps(m["call"].args))
            parts.append(m["call"].result_text())
    for turn in plan.turns:
        if turn.text:
            parts.append(turn.text)
        for c in turn.calls:
            parts.append(json.dumps(c.args))
            parts.append(c.result_text())
    for tool in scn.tools:
        parts.append(tool.name)
        parts.append(tool.description)
        parts.append(json.dumps(tool.params))
    return "\n".join(parts)


def guard(scn, plan):
    """Evidence guard (see module docstring). Returns the plan."""
    blob = evidence_blob(scn, plan)
    nb = _norm(blob)
    a = plan.answer
    kept = []
    for c in a.cands:
        rep = c["replacement"].strip("`*'\" ")
        if not rep or c["replacement"] == c["original"]:
            continue
        if c["type"] in ("entity", "fabricated_id", "fabricated_attribute") and _norm(rep) in nb:
            continue
        if c["type"] == "fabricated_id":
            core = re.sub(r"[^A-Za-z0-9]", "", rep).lower()
            if core and core in re.sub(r"[^a-z0-9]", "", blob.lower()):
                continue
        if c["type"] == "fabricated_section":
            num = re.escape(re.sub(r"^[^\dA-Za-z]+", "", rep).rstrip("."))
            if (re.search(r"(?m)^[ \t]*(?:#+[ \t]*)?(?:§[ \t]*|section[ \t]+|clause[ \t]+)?" + num + r"(?:[.)]?[ \t]|[.)]$)",
                          blob, re.I)
                    or re.search(r"(?i)(?:section|clause|§|para(?:graph)?\.?)[ \t]*" + num + r"(?![\w]|\.\d)", blob)
                    or re.search(r'"' + num + r'"', blob)):
                continue
        kept.append(c)
    a.cands = kept
    for typ in list(a.inserts):
        keep = []
        for text, clause in a.inserts[typ]:
            if typ == "fabricated_citation":
                refs = [x.rstrip(".,;:") for x in _REFS.findall(text)]
                if not refs or any(x in blob for x in refs):
                    continue
            elif text.rstrip(".") in blob:
                continue
            keep.append((text, clause))
        a.inserts[typ] = keep
    return plan
