"""Phrasing helpers of set d (its own openers, closers, headings, date/time styles and small arithmetic).

Written for set d only: none of the openers, closers or answer layouts of the earlier sets is reused. The helpers
keep every clean answer consistent with the evidence (dates are reformatted from ISO strings, times from HH:MM,
numbers rounded with stated precision) so that only the localized edits of generate.py are hallucinations.
"""
from __future__ import annotations

import datetime as dt

from .common import A, R, D

# --------------------------------------------------------------------------- openers / closers
HELLO = [
    "Thanks for reaching out!",
    "Here's a quick rundown.",
    "I took a look — here's what I see.",
    "Great question!",
    "Sure, I can help with that.",
    "Okay, here's where things stand.",
    "Thanks for the details.",
    "Let's take a look.",
    "Happy to walk you through it.",
    "Good timing — I just checked.",
    "Alright!",
    "Thanks for your question.",
]
BYE = [
    "Let me know if you'd like me to dig into anything else!",
    "Happy to help with anything else!",
    "Feel free to ask if anything here is unclear.",
    "Is there anything else you'd like me to check?",
    "Hope this clears things up!",
    "If you have other questions, just ask.",
    "Anything else I can look into for you?",
    "Just say the word if you need more detail.",
]


def hello(a: A, r: R, p=0.5, sep=None, pool=None):
    """Optional friendly opener. ``sep`` defaults to a space (prose) or a blank line (Markdown layouts)."""
    if r.random() < p:
        a(r.choice(pool or HELLO) + (sep if sep is not None else r.choice([" ", "\n\n"])))


def bye(a: A, r: R, p=0.55, offers=(), sep="\n\n"):
    """Optional closing line; scenario-specific offers are twice as likely as the generic closers."""
    pool = list(BYE) + list(offers) * 2
    if r.random() < p:
        a(sep + r.choice(pool))


def head(r: R, text, styles=("##", "###", "**")):
    st = r.choice(styles)
    if st == "**":
        return f"**{text}**\n\n"
    return f"{st} {text}\n\n"


def lab(name):
    return f"**{name}:** "


# --------------------------------------------------------------------------- dates and times
def _d(d):
    return D(d) if isinstance(d, str) else d


def ordinal(n):
    if 10 <= n % 100 <= 20:
        suf = "th"
    else:
        suf = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


DATE_STYLES = {
    "long": lambda d: f"{d.strftime('%A')}, {d.strftime('%B')} {d.day}",          # Tuesday, March 3
    "med": lambda d: f"{d.strftime('%B')} {d.day}",                                # March 3
    "full": lambda d: f"{d.strftime('%B')} {d.day}, {d.year}",                     # March 3, 2026
    "abbr": lambda d: f"{d.strftime('%b')} {d.day}, {d.year}",                     # Mar 3, 2026
    "wd": lambda d: f"{d.strftime('%a')} {d.strftime('%b')} {d.day}",              # Tue Mar 3
    "uk": lambda d: f"{d.day} {d.strftime('%B')}",                                 # 3 March
    "ukfull": lambda d: f"{d.day} {d.strftime('%b')} {d.year}",                    # 3 Mar 2026
}


def datefmt(r: R, styles=None):
    """One date style per answer: returns a function date|ISO string -> text."""
    key = r.choice(list(styles or DATE_STYLES))
    f = DATE_STYLES[key]
    return lambda d: f(_d(d))


def hm(s):
    """'HH:MM' or an ISO timestamp -> datetime.time."""
    if isinstance(s, dt.time):
        return s
    if isinstance(s, dt.datetime):
        return s.time()
    if "T" in s:
        s = s.split("T", 1)[1]
    return dt.time(int(s[:2]), int(s[3:5]))


TIME_STYLES = {
    "12": lambda t: f"{t.hour % 12 or 12}:{t.minute:02d} {'AM' if t.hour < 12 else 'PM'}",
    "12l": lambda t: f"{t.hour % 12 or 12}:{t.minute:02d} {'a.m.' if t.hour < 12 else 'p.m.'}",
    "12c": lambda t: (f"{t.hour % 12 or 12}{'' if t.minute == 0 else ':%02d' % t.minute}{'am' if t.hour < 12 else 'pm'}"),
    "24": lambda t: f"{t.hour:02d}:{t.minute:02d}",
}


def timefmt(r: R, styles=None):
    key = r.choice(list(styles or TIME_STYLES))
    f = TIME_STYLES[key]
    return lambda s: f(hm(s))


def shift_time(s, minutes):
    t = hm(s)
    x = dt.datetime(2026, 1, 1, t.hour, t.minute) + dt.timedelta(minutes=minutes)
    return x.time()


def days_between(a, b):
    return (_d(b) - _d(a)).days


def in_days(n):
    """Relative phrase for a day count (n >= 0)."""
    if n == 0:
        return "today"
    if n == 1:
        return "tomorrow"
    return f"in {n} days"


# --------------------------------------------------------------------------- numbers
def usd(x, cents=True):
    x = float(x)
    if cents:
        return f"${x:,.2f}" if x >= 0 else f"-${-x:,.2f}"
    return f"${round(x):,}" if x >= 0 else f"-${round(-x):,}"


def about_usd(x):
    """Rounded dollar phrase: 1843.2 -> 'about $1,840'; 287412 -> 'about $287,000'."""
    x = float(x)
    if x >= 100000:
        return f"about ${round(x, -3):,.0f}"
    if x >= 1000:
        return f"about ${round(x, -1):,.0f}"
    return f"about ${round(x):,}"


def num(x, dec=1):
    s = f"{x:,.{dec}f}"
    return s


def pct_of(part, whole, dec=0):
    v = 100.0 * part / whole
    return f"{v:.{dec}f}%"


def pct_change(old, new, dec=1):
    return 100.0 * (new - old) / old


def listing(items, conj="and"):
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        return f"{items[0]} {conj} {items[1]}"
    return ", ".join(items[:-1]) + f", {conj} {items[-1]}"


def fake_section(r: R, real, doc_text, pool):
    """A section number of the same shape that the document does not contain."""
    cands = [s for s in pool if s != real and s not in doc_text]
    return r.choice(cands) if cands else None


def fake_attr(r: R, real, blob, pool):
    """A field or constant name that does not appear in the evidence."""
    cands = [s for s in pool if s != real and s.lower() not in blob.lower()]
    return r.choice(cands) if cands else None
