"""Style helpers for set c (its own openers, closers, number and time phrasing).

Set c's answers deliberately do not reuse the opener/closer pools of sets A and b.
"""
from __future__ import annotations

import datetime as dt
import math

from .common import CUR_SYM, A, R, money

OPEN = ["Okay, here's where things stand.", "I had a look.", "Found it.", "Here's the short version.", "All right.",
        "I've pulled that up.", "Took a look at that for you.", "Thanks for the details.",
        "Here's what the system shows."]

CLOSE = ["Shout if you want the full details.", "Anything else you'd like me to check?",
         "If something looks off, tell me and I'll take another look.", "Want me to dig into anything else here?"]


def lead(a: A, r: R, p=0.35, pool=None):
    if r.random() < p:
        a(r.choice(pool or OPEN) + " ")


def tail(a: A, r: R, p=0.5, own=(), sep=" ", generic=True):
    """Optional closing line: an offer, question or stated intention (own lines preferred)."""
    pool = (list(CLOSE) if generic else []) + list(own) * 3
    if pool and r.random() < p:
        a(sep + r.choice(pool))


# --------------------------------------------------------------------------- numbers
def nudge(x, r: R, lo=0.06, hi=0.32, dec=2):
    """A plausible wrong value: a few to ~30 % away, never equal after rounding, keeps the decimals."""
    for _ in range(40):
        y = round(x * (1 + r.uniform(lo, hi) * r.choice([-1, 1])), dec)
        if dec == 0:
            y = int(y)
        if y != x and y > 0 and (dec > 0 or abs(y - x) >= 1):
            return y
    return x + (3 if dec == 0 else 2.35)


def nudge_int(n, r: R, choices=(1, 2, 3)):
    for _ in range(20):
        y = n + r.choice(choices) * r.choice([-1, 1])
        if y != n and y > 0:
            return y
    return n + 2


def about_money(x, cur="USD"):
    """'about $48' / 'just under $48' / 'a little over $47' — all true of x (no decimals shown)."""
    n = round(x)
    sym = CUR_SYM.get(cur)
    fmt = (lambda v: f"{sym}{v:,}") if sym else (lambda v: f"{v:,} {cur}")
    if abs(x - n) < 0.005:
        return fmt(n)
    if n > x and n - x <= 0.5:
        return f"just under {fmt(n)}"
    if x > n and x - n < 0.5:
        return f"a little over {fmt(n)}"
    return f"about {fmt(n)}"


def roughly(x, step=5):
    """'roughly 40' for 41.3 with step 5."""
    return f"roughly {int(step * round(x / step)):,}"


def pct1(x):
    s = f"{x:.1f}"
    return (s[:-2] if s.endswith(".0") else s) + "%"


def pct_exact(x):
    """8.875 -> '8.875%', 6.0 -> '6%' (no rounding beyond three decimals)."""
    s = f"{x:.3f}".rstrip("0").rstrip(".")
    return s + "%"


def a_an(amount_text):
    """Article for a spoken amount: 'an' before $8.09, $11.25, $18, $80; 'a' otherwise."""
    digits = amount_text.lstrip("$€£¥ACDNRSUX").split(".")[0]
    lead = digits.split(",")[0]
    return "an" if lead.startswith("8") or lead in ("11", "18") else "a"


# --------------------------------------------------------------------------- dates / times
def ordinal(n):
    suf = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def day_of(d):          # Thu 9 Apr
    return f"{d.strftime('%a')} {d.day} {d.strftime('%b')}"


def day_ord(d):         # Thursday the 9th
    return f"{d.strftime('%A')} the {ordinal(d.day)}"


def month_ord(d):       # April 9th
    return f"{d.strftime('%B')} {ordinal(d.day)}"


def mdy(d):             # Apr 9, 2026
    return f"{d.strftime('%b')} {d.day}, {d.year}"


def hm12(t):            # 7:05pm / 11am
    h = t.hour % 12 or 12
    suf = "am" if t.hour < 12 else "pm"
    return f"{h}{suf}" if t.minute == 0 else f"{h}:{t.minute:02d}{suf}"


def hm24(t):            # 19:05
    return f"{t.hour:02d}:{t.minute:02d}"


def stamp(d, h, m, off="-05:00", s=0):
    return f"{d.isoformat()}T{h:02d}:{m:02d}:{s:02d}{off}"


def P(s):
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


def mins_between(a, b):
    return int(round((P(b) - P(a)).total_seconds() / 60))


def dur_words(minutes):
    """85 -> '1 hr 25 min', 60 -> '1 hr', 45 -> '45 min'."""
    h, m = divmod(int(minutes), 60)
    if h and m:
        return f"{h} hr {m} min"
    if h:
        return f"{h} hr"
    return f"{m} min"


def hours_phrase(minutes):
    """Rounded duration: 'about 3 hours' / 'about 40 minutes' (true to the nearest unit)."""
    if minutes < 90:
        return f"about {int(5 * round(minutes / 5))} minutes"
    h = minutes / 60
    hh = round(h * 2) / 2
    s = f"{hh:g}"
    return f"about {s} hours"


def ceil_div(a, b):
    return -(-a // b)


def add_months(d, k):
    y, m = d.year, d.month + k
    while m > 12:
        m -= 12
        y += 1
    while m < 1:
        m += 12
        y -= 1
    import calendar
    return dt.date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def floor2(x):
    return math.floor(x * 100) / 100
