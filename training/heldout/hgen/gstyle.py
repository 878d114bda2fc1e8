"""Set g writer: a compact, table-and-citation-heavy tool-using assistant.

Per answer (``Pen``) it picks a date style, a time style, a way of citing where a number came from (inline
"per the …" asides, footnote markers with a closing source line, bracketed tool tags or nothing), a lead-in
("Short answer:" / "TL;DR" / none), a hedge word for estimates, a heading and bullet style and whether identifiers
go in inline code. ``vet`` is the evidence guard: it drops replacement candidates whose new value can be found in the
run's evidence or in the tool schemas/descriptions, section replacements that exist in a fetched document and
inserted references that occur in the evidence, so that every remaining edit really is unsupported.
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


def asdate(x):
    if isinstance(x, dt.datetime):
        return x.date()
    if isinstance(x, dt.date):
        return x
    return dt.date.fromisoformat(str(x)[:10])


def astime(x):
    if isinstance(x, (dt.datetime, dt.time)):
        return x
    s = str(x)
    if len(s) <= 5:
        return dt.time(int(s[:2]), int(s[3:5]))
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


DATES = {
    "iso_wd": lambda d: f"{d.isoformat()} ({_WD[d.weekday()]})",
    "mon_d": lambda d: f"{_MO[d.month - 1]} {d.day}",
    "wd_long": lambda d: f"{_WDL[d.weekday()]}, {_MOL[d.month - 1]} {d.day}",
    "dmy": lambda d: f"{d.day:02d}-{_MO[d.month - 1]}-{d.year}",
    "us_short": lambda d: f"{d.month}/{d.day}/{d.year % 100:02d}",
}
TIMES = {
    "h24": lambda t: f"{t.hour:02d}:{t.minute:02d}",
    "ampm": lambda t: f"{t.hour % 12 or 12}:{t.minute:02d} {'AM' if t.hour < 12 else 'PM'}",
    "ampm_tight": lambda t: f"{t.hour % 12 or 12}:{t.minute:02d}{'am' if t.hour < 12 else 'pm'}",
}
LEADS = ["Short answer: ", "TL;DR — ", "Bottom line: ", "Quick read: ", "", "", ""]
HEDGES = ["about", "roughly", "~", "≈", "approx."]
SUPERS = "¹²³⁴⁵⁶⁷⁸⁹"
OPENERS = ["Checked.", "Pulled it up.", "Looked it up —", "Done — here's the readout.", "Here's the picture.",
           "Ran the lookup."]
FOLLOW_OPENERS = ["Continuing from your last question:", "Same record as before —", "Building on the lookup above:",
                  "Re: your follow-up —"]
CLOSERS = ["Want a breakdown by line?", "Say the word if you want this exported.", "Happy to dig into any row.",
           "Ping me if a number looks off.", "Can re-run this for a different date if useful."]


class Pen:
    """Per-answer choices of the set-g writer."""

    def __init__(self, r: R, as_of=None):
        self.r = r
        self.as_of = asdate(as_of) if as_of is not None else None
        self.dstyle = r.choice(list(DATES))
        self.tstyle = r.choice(list(TIMES))
        self.cite = r.choice(["paren", "paren", "foot", "bracket", "none"])
        self.lead_txt = r.choice(LEADS)
        self.hedge = r.choice(HEDGES)
        self.code = r.random() < 0.55
        self.head = r.choice(["bold", "h3", "caps"])
        self.bullet = r.choice(["- ", "- ", "* ", "• "])
        self.align = r.choice(["|---|", "|:--|"])
        self.tab = r.random() < 0.6          # prefer tables for record lists
        self.notes = []
        self.opened = False

    # dates and times
    def d(self, x):
        return DATES[self.dstyle](asdate(x))

    def t(self, x):
        return TIMES[self.tstyle](astime(x))

    def dt(self, x):
        v = astime(x)
        return f"{self.d(v)} {self.t(v)}"

    def rel(self, x):
        d = asdate(x)
        if self.as_of is None:
            return self.d(d)
        n = (d - self.as_of).days
        if n == 0:
            return f"today ({self.d(d)})"
        if n == 1:
            return f"tomorrow ({self.d(d)})"
        if n == -1:
            return f"yesterday ({self.d(d)})"
        if 1 < n <= 45:
            return f"{self.d(d)}, {n} days out"
        if -45 <= n < -1:
            return f"{self.d(d)}, {-n} days ago"
        return self.d(d)

    # identifiers / fields
    def idf(self, v):
        return f"`{v}`" if self.code else v

    def fld(self, name):
        return f"`{name}`"

    def est(self, s):
        h = self.hedge
        return f"{h}{s}" if h in ("~", "≈") else f"{h} {s}"

    # structure
    def h(self, title):
        if self.head == "bold":
            return f"**{title}**\n"
        if self.head == "h3":
            return f"### {title}\n"
        return f"{title.upper()}\n"

    def thead(self, a: A, cols):
        a("| " + " | ".join(cols) + " |\n")
        a(self.align + "".join("---|" for _ in cols[1:]) + "\n")

    def src(self, a: A, label, tool=None):
        """A footnote-like source mention for the sentence just written."""
        if self.cite == "paren":
            a(self.r.choice([f" (per {label})", f" (from {label})", f" — per {label}"]))
        elif self.cite == "foot":
            if label not in self.notes:
                self.notes.append(label)
            a(SUPERS[self.notes.index(label)])
        elif self.cite == "bracket":
            a(f" [{tool or label}]")
        return a

    def sources(self, a: A):
        if self.cite == "foot" and self.notes:
            a("\n\n" + "Sources: " + " · ".join(f"{SUPERS[i]} {n}" for i, n in enumerate(self.notes)))
        return a

    def lead(self, a: A):
        if not self.opened:
            a(self.lead_txt)
        return a

    def opener(self, a: A, followup=False, p=0.4):
        if followup and self.r.random() < 0.7:
            a(self.r.choice(FOLLOW_OPENERS) + " ")
            self.opened = True
        elif self.r.random() < p:
            a(self.r.choice(OPENERS) + " ")
            self.opened = True
        return a

    def closer(self, a: A, offers=(), p=0.55):
        pool = list(offers) * 2 + CLOSERS
        if self.r.random() < p:
            a("\n\n" + self.r.choice(pool))
        return a

    def finish(self, a: A, offers=()):
        self.sources(a)
        return self.closer(a, offers)


# --------------------------------------------------------------------------- numbers
def usd(x, dec=2):
    s = f"${abs(x):,.{dec}f}"
    return "-" + s if x < 0 else s


def pct(x, dec=0):
    return f"{x:.{dec}f}%"


def hrs(minutes):
    h, mm = divmod(int(round(minutes)), 60)
    return f"{h} h {mm:02d} min" if h else f"{mm} min"


def n1(x):
    return f"{x:,.1f}"


# --------------------------------------------------------------------------- evidence guard
_REF = re.compile(r"https?://[^\s)]+|[A-Z][A-Z0-9]{1,}-[A-Z0-9-]{3,}|#\d{4,}")


def blob_of(scn, plan):
    parts = [plan.request]
    for msg in plan.history:
        if msg["role"] == "user" or (msg["role"] == "assistant" and msg.get("text")):
            parts.append(msg["text"])
        elif msg["role"] == "tool":
            parts.append(msg["call"].result_text())
            parts.append(json.dumps(msg["call"].args))
    for turn in plan.turns:
        for c in turn.calls:
            parts.append(c.result_text())
            parts.append(json.dumps(c.args))
    for tool in scn.tools:
        parts.append(json.dumps(tool.params))
        parts.append(tool.description)
    parts.append(scn.system)
    return "\n".join(parts)


def vet(scn, plan):
    """Evidence guard (see module docstring). Returns the plan."""
    blob = blob_of(scn, plan)
    low = blob.lower()
    a = plan.answer
    keep = []
    for c in a.cands:
        rep = c["replacement"].strip("`*_ ")
        if not rep or c["replacement"] == c["original"]:
            continue
        if c["type"] in ("entity", "fabricated_id", "fabricated_attribute"):
            if rep.lower() in low or rep.lower().replace("_", " ") in low.replace("_", " "):
                continue
        if c["type"] == "fabricated_section":
            if re.search(r"(?<![\w.])" + re.escape(rep) + r"(?![\w])", blob):
                continue
        keep.append(c)
    a.cands = keep
    for typ in list(a.inserts):
        opts = []
        for text, clause in a.inserts[typ]:
            if typ == "fabricated_citation":
                refs = _REF.findall(text)
                if not refs or any(x.rstrip(".,;") in blob for x in refs):
                    continue
            opts.append((text, clause))
        a.inserts[typ] = opts
    return plan
