"""Set f writer: per-answer voice, date/time styles, layout helpers and the evidence guard (``guard``)."""
from __future__ import annotations

import datetime as dt
import json
import re

from .common import A, R

WD = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
WDL = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
MONL = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December"]


def _d(x):
    if isinstance(x, dt.datetime):
        return x.date()
    if isinstance(x, str):
        return dt.date.fromisoformat(x[:10])
    return x


def _t(x):
    if isinstance(x, str):
        return dt.datetime.fromisoformat(x.replace("Z", "+00:00"))
    return x


def ordinal(n):
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


DATE_STYLES = {
    "dm_wd": lambda d: f"{WD[d.weekday()]} {d.day} {MON[d.month - 1]}",            # Tue 14 Apr
    "md_ord": lambda d: f"{MONL[d.month - 1]} {ordinal(d.day)}",                    # April 14th
    "wd_md": lambda d: f"{WDL[d.weekday()]} {MON[d.month - 1]} {d.day}",            # Tuesday Apr 14
    "numeric": lambda d: f"{d.month}/{d.day}",                                       # 4/14
    "dmy": lambda d: f"{d.day} {MONL[d.month - 1]} {d.year}",                       # 14 April 2026
}
TIME_STYLES = {
    "ampm_dots": lambda t: f"{t.hour % 12 or 12}:{t.minute:02d} {'a.m.' if t.hour < 12 else 'p.m.'}",
    "ampm_tight": lambda t: f"{t.hour % 12 or 12}:{t.minute:02d}{'am' if t.hour < 12 else 'pm'}",
    "h24": lambda t: f"{t.hour:02d}:{t.minute:02d}",
}

OPEN = {
    "brisk": ["Quick answer first:", "Short version:", "Checked it.", "Pulled it up.", "Done looking."],
    "warm": ["Okay, I've pulled everything up.", "Thanks for bearing with me.", "Good news on this one, mostly.",
             "Right, here's where things stand.", "I took a look for you."],
    "analyst": ["Here's the picture from the latest data.", "Summary below, details after.",
                "I went through the records.", "Numbers first, then context."],
}
CLOSE = {
    "brisk": ["Shout if anything looks off.", "Want the raw numbers?", "Anything else on this?"],
    "warm": ["If it's useful, I can walk through any line in more detail.", "Happy to keep digging if you need more.",
             "Let me know how you'd like to proceed."],
    "analyst": ["I can break this down further by any field you like.", "If you want, I can export this as a table.",
                "Tell me which part you want to drill into."],
}
FOLLOW = ["Following up on what you asked a moment ago:", "On the one you mentioned earlier:", "Picking up from before:",
          "Sticking with the same record as before:"]


class St:
    """Per-answer style: voice, date/time style, heading style, bullet marker, code formatting of identifiers."""

    def __init__(self, r: R, as_of=None):
        self.r = r
        self.as_of = _d(as_of) if as_of is not None else None
        self.voice = r.choice(list(OPEN))
        self.dstyle = r.choice(list(DATE_STYLES))
        self.tstyle = r.choice(list(TIME_STYLES))
        self.code = r.random() < 0.55
        self.bullet = r.choice(["- ", "- ", "* "])
        self.head = r.choice(["h3", "bold", "colon"])

    def d(self, x):
        return DATE_STYLES[self.dstyle](_d(x))

    def t(self, x):
        return TIME_STYLES[self.tstyle](_t(x))

    def dt_(self, x):
        return f"{self.d(x)}, {self.t(x)}"

    def rel(self, x):
        """Relative phrase with the date, consistent with the as-of date; plain date when far away."""
        d = _d(x)
        if self.as_of is None:
            return self.d(d)
        n = (d - self.as_of).days
        word = {0: "today", 1: "tomorrow", -1: "yesterday"}.get(n)
        if word is None and 2 <= n <= 13:
            word = f"in {n} days"
        if word is None and -13 <= n <= -2:
            word = f"{-n} days ago"
        return f"{word} ({self.d(d)})" if word else self.d(d)

    def when(self, x):
        """'in 3 days (Tue 14 Apr)' / 'yesterday (…)' or 'on Tue 14 Apr' when not near the as-of date."""
        out = self.rel(x)
        return out if "(" in out else f"on {out}"

    def h(self, title):
        return {"h3": f"### {title}\n", "bold": f"**{title}**\n", "colon": f"{title}:\n"}[self.head]

    def opener(self, a: A, p=0.6, followup=False):
        if followup and self.r.random() < 0.6:
            a(self.r.choice(FOLLOW) + " ")
        elif self.r.random() < p:
            a(self.r.choice(OPEN[self.voice]) + ("\n\n" if self.r.random() < 0.3 else " "))

    def closer(self, a: A, offers=(), p=0.6):
        if self.r.random() < p:
            pool = list(CLOSE[self.voice]) + list(offers) * 2
            a(("\n" if a.parts and a.parts[-1].endswith("\n") else "\n\n") + self.r.choice(pool))

    def idx(self, a: A, value, **kw):
        """Identifier, in backticks when the style uses inline code (backticks stay outside the editable part)."""
        if self.code:
            a("`").x(value, **kw).t("`")
        else:
            a.x(value, **kw)
        return a

    def lead(self, a: A, text):
        """Bold lead-in label or plain."""
        a(f"**{text}** " if self.head != "colon" else f"{text} ")
        return a


def m(x, sym="$"):
    return f"{'-' if x < 0 else ''}{sym}{abs(x):,.2f}"


def m0(x, sym="$"):
    return f"{sym}{round(x):,}"


def hm(minutes):
    h, mm = divmod(int(round(minutes)), 60)
    if h and mm:
        return f"{h} h {mm} min"
    return f"{h} h" if h else f"{mm} min"


def hm_long(minutes):
    h, mm = divmod(int(round(minutes)), 60)
    parts = []
    if h:
        parts.append(f"{h} hour{'s' if h != 1 else ''}")
    if mm:
        parts.append(f"{mm} minute{'s' if mm != 1 else ''}")
    return " and ".join(parts) or "0 minutes"


def pc(x, dec=0):
    return f"{x:.{dec}f}%"


# --------------------------------------------------------------------------- evidence guard
_REF = re.compile(r"https?://\S+|[A-Z][A-Z0-9]{1,}-[A-Z0-9-]{3,}|#\d{4,}")


def evidence_blob(scn, plan):
    ev = [plan.request]
    for mm in plan.history:
        if mm["role"] == "user":
            ev.append(mm["text"])
        elif mm["role"] == "tool":
            ev.append(mm["call"].result_text())
        elif mm.get("text"):
            ev.append(mm["text"])
    for t in plan.turns:
        for c in t.calls:
            ev.append(c.result_text())
            ev.append(json.dumps(c.args))
    ev.append(json.dumps([t.params for t in scn.tools]))
    ev.append(" ".join(t.description for t in scn.tools))
    return "\n".join(ev)


def guard(scn, plan):
    """Drop edit candidates whose replacement is supported somewhere in the run (so labels stay correct):
    entity / identifier / attribute replacements found in the evidence or tool schemas, section numbers that exist
    in a fetched document, inserted references that occur in the evidence, and replacements equal to the original."""
    blob = evidence_blob(scn, plan)
    low = blob.lower()
    a = plan.answer
    keep = []
    for c in a.cands:
        rep = c["replacement"].strip("`* ")
        if not rep or rep == c["original"]:
            continue
        if c["type"] in ("entity", "fabricated_id", "fabricated_attribute") and rep.lower() in low:
            continue
        if c["type"] == "fabricated_attribute" and rep.lower().replace("_", " ") in low:
            continue
        if c["type"] == "fabricated_section" and re.search(r"(?<![\w.])" + re.escape(rep) + r"(?![\w])", blob):
            continue
        keep.append(c)
    a.cands = keep
    for typ in list(a.inserts):
        opts = []
        for text, clause in a.inserts[typ]:
            refs = _REF.findall(text)
            if typ == "fabricated_citation" and (not refs or any(x.rstrip(".,)") in blob for x in refs)):
                continue
            opts.append((text, clause))
        a.inserts[typ] = opts
    return plan
