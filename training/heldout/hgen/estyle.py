"""Set e writer: per-answer style of current assistants (Claude-, GPT-4o-, Gemini-class), date/number helpers,
and the evidence guard that drops edit candidates which would accidentally be supported by the evidence."""
from __future__ import annotations

import datetime as dt
import json
import re

from .common import A, D, R, T, bump

WEEKDAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def fm(x, dec=2):
    """$1,234.56 (no sign games: negatives as -$12.00)."""
    s = f"${abs(x):,.{dec}f}"
    return ("-" if x < 0 else "") + s


def fm0(x):
    return fm(round(x), 0)


def num(x, dec=0):
    return f"{x:,.{dec}f}"


def pc(x, dec=1):
    s = f"{x:.{dec}f}"
    if dec and s.endswith("." + "0" * dec):
        s = s[: -dec - 1]
    return s + "%"


def about_money(x):
    """Rounded amount for approximate statements: 18342.77 -> 'about $18,300'; 842.1 -> 'about $840'."""
    ax = abs(x)
    if ax >= 10000:
        v = round(ax, -2)
    elif ax >= 1000:
        v = round(ax, -1)
    elif ax >= 100:
        v = round(ax / 5) * 5
    else:
        v = round(ax)
    return fm(v, 0)


def bump_pct(p, r: R, lo=4, hi=15):
    """A clearly different percentage (points)."""
    for _ in range(20):
        q = p + r.randint(lo, hi) * r.choice([-1, 1])
        if 0 < q < 100 and abs(q - p) >= lo:
            return q
    return p + lo if p + lo < 100 else p - lo


def shift_days(r: R, choices=(1, 2, 3, 7)):
    return r.choice(choices) * r.choice([-1, 1])


def nice_num(x, unit=""):
    return f"{x:,}{unit}"


class W:
    """One answer's writer: voice, layout, date and time style, identifier formatting."""

    def __init__(self, r: R, today, voice=None, layouts=("prose", "bullets", "headings", "table")):
        self.r = r
        self.today = today
        self.voice = voice or r.choice(["claude", "gpt", "gemini"])
        self.layout = r.choice(list(layouts))
        self.dstyle = r.choice(["wd", "med", "long", "uk", "full", "med"])
        self.tstyle = r.choice(["12", "12", "24"])
        self.code = r.random() < 0.6
        self.bold = r.random() < 0.6

    # ---------------------------------------------------------------- formatting
    def d(self, d):
        d = D(d) if isinstance(d, str) else d
        st = self.dstyle
        if st == "wd":
            s = f"{d.strftime('%a')}, {d.strftime('%b')} {d.day}"
        elif st == "med":
            s = f"{d.strftime('%B')} {d.day}"
        elif st == "long":
            s = f"{WEEKDAY[d.weekday()]}, {d.strftime('%B')} {d.day}"
        elif st == "uk":
            s = f"{d.day} {d.strftime('%B')}"
        else:
            return f"{d.strftime('%B')} {d.day}, {d.year}"
        if d.year != self.today.year:
            s += f" {d.year}" if st == "uk" else f", {d.year}"
        return s

    def dshort(self, d):
        d = D(d) if isinstance(d, str) else d
        s = f"{d.strftime('%b')} {d.day}"
        if d.year != self.today.year:
            s += f", {d.year}"
        return s

    def t(self, ts):
        t = T(ts) if isinstance(ts, str) else ts
        if self.tstyle == "24":
            return f"{t.hour:02d}:{t.minute:02d}"
        h = t.hour % 12 or 12
        ap = "AM" if t.hour < 12 else "PM"
        return f"{h}:{t.minute:02d} {ap}" if t.minute else f"{h} {ap}"

    def rel(self, d):
        """Relative phrase for a date, or None when none fits well."""
        d = D(d) if isinstance(d, str) else d
        n = (d - self.today).days
        if n == 0:
            return "today"
        if n == 1:
            return "tomorrow"
        if n == -1:
            return "yesterday"
        wd = WEEKDAY[d.weekday()]
        if 2 <= n <= 6 and d.weekday() > self.today.weekday():
            return f"this {wd}"
        if 2 <= n <= 13 and d.isocalendar()[1] == (self.today + dt.timedelta(days=7)).isocalendar()[1]:
            return f"next {wd}"
        if 2 <= n <= 45:
            return f"in {n} days"
        if -45 <= n <= -2:
            return f"{-n} days ago"
        return None

    def when(self, d):
        """'tomorrow (Mar 17)', 'next Tuesday (March 17)', 'March 17 (in 12 days)' or just the date."""
        d = D(d) if isinstance(d, str) else d
        rel = self.rel(d)
        if rel is None:
            return self.d(d)
        if rel.startswith("in ") or rel.endswith(" ago"):
            return f"{self.d(d)} ({rel})"
        return f"{rel} ({self.dshort(d)})"

    def b(self, s):
        return f"**{s}**" if self.bold else s

    def h(self, s):
        """A short heading line (with trailing blank line)."""
        return {"claude": f"**{s}**\n\n", "gpt": f"### {s}\n\n", "gemini": f"**{s}**\n\n"}[self.voice]

    def idt(self, a: A, value, fid=None, force_code=None):
        """Identifier, in inline code when the writer uses it; the editable part excludes the backticks."""
        code = self.code if force_code is None else force_code
        if code:
            a("`").x(value, fid=fid).t("`")
        else:
            a.x(value, fid=fid)
        return a

    def opener(self, a: A, subject, p=0.6):
        """A current-assistant style lead-in (no facts)."""
        if self.r.random() >= p:
            return False
        pool = {"claude": [f"I pulled up {subject}. Here's where things stand.", f"I checked {subject} — here's what I found.",
                           f"Here's what I found for {subject}."],
                "gpt": [f"Sure — here's a breakdown of {subject}.", f"Great question! Here's a quick look at {subject}.",
                        f"Here's a quick summary of {subject}."],
                "gemini": [f"Here's an overview of {subject}.", f"I've looked into {subject}. Here's a summary.",
                           f"Okay, let's look at {subject}."]}[self.voice]
        a(self.r.choice(pool) + "\n\n")
        return True

    def closer(self, a: A, offers, p=0.65, sep="\n\n"):
        """An offer or question back to the user (never a claim of an action taken)."""
        if not offers or self.r.random() >= p:
            return False
        o = self.r.choice(offers)
        form = self.r.choice(["Would you like me to {o}?", "If it helps, I can {o}.", "Want me to {o}?",
                              "Let me know if you'd like me to {o}.", "I can also {o} if that would be useful."])
        a(sep + form.format(o=o))
        return True


# ------------------------------------------------------------------------ evidence guard
_FAB = ("entity", "fabricated_id", "fabricated_attribute")


def evidence_blob(plan, scn):
    ev = [plan.request]
    for m in plan.history:
        if m["role"] == "user":
            ev.append(m["text"])
        elif m["role"] == "tool":
            ev.append(m["call"].result_text())
    for t in plan.turns:
        for c in t.calls:
            if not c.error:
                ev.append(c.result_text())
    ev.append(json.dumps([t.params for t in scn.tools]))
    return "\n".join(ev)


def seal(plan, scn, ids=()):
    """Drop replacement candidates that the evidence would support (entity names, identifiers, attribute names and
    section numbers that do occur in a tool result), and check that inserted references are absent."""
    blob = evidence_blob(plan, scn)
    low = blob.lower()
    keep = []
    for c in plan.answer.cands:
        rep = c["replacement"].strip("`").lower()
        if c["type"] in _FAB and rep in low:
            continue
        if c["type"] == "fabricated_section":
            bare = re.sub(r"^(section|clause|§|article|sec\.)\s*", "", rep).strip()
            if re.search(r"(?<![\w.])" + re.escape(bare) + r"(?![\w])", low):
                continue
        keep.append(c)
    plan.answer.cands = keep
    for typ, opts in list(plan.answer.inserts.items()):
        if typ == "fabricated_citation":
            plan.answer.inserts[typ] = [o for o in opts if not any(tok.lower() in low for tok in re.findall(r"[A-Z]{2,}-[\w-]+", o[0]))]
    return plan


def money_edit(x, r: R):
    return fm(bump(x, r))
