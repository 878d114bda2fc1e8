"""Set j writer: the friendly chat assistant of an Australian company.

Per answer, ``Yarn`` picks how it writes: a day-month date style (``3 Feb``, ``Tue 3 Feb``, ``Tuesday 3rd``, ``14/3``,
``3 February``; the month is added to ``Tuesday 3rd`` when it is not the current month), a 24-hour time style
(``14:30``, ``1430`` as in "at 0915", or the Australian ``2.30pm``), metric units written tight or spaced (``12km`` /
``12 km``, ``4.5L`` / ``4.5 L``, ``38.2t`` / ``38.2 t``), money with a symbol or a code (``$86.50``, ``AUD 86.50``,
``A$86.50``), whether key facts are bold (``**$85.20**``), a list marker (``-``, ``•``, ``–``), whether small counts are
spelled out, a duration style (``1h 20m`` or ``1 hour 20 minutes``) and a voice for the opener and the sign-off
(breezy, warm or brisk). Answers are short conversational paragraphs mixed with compact bullet points: a lead line
with the key fact in bold, a few bullets, a line with the working or a conversion in parentheses ("(4 × $142.00 =
$568.00)", "(just under 430km)"), and an emoji-free offer or sign-off ("Want me to book Biscuit in?", "Cheers!"). Approximate
language is always chosen to be true of the exact value: "just under" / "just over" only when the rounded figure is
within 3 % and on the right side of it, otherwise "about", "roughly" or "around"; shares are named fractions ("about a
third", "just under half") only within two points ("just under" / "just over" within one). Relative dates always carry the date and are computed from an
``as_of`` timestamp in the evidence; weeks run Monday to Sunday ("this Fri" is later in the same week, "next Fri" is in
the following one), and 14 days is "a fortnight".

Times are Australian local times with their offsets, daylight saving included (NSW, Victoria and Tasmania: AEDT +11:00
until 5 April 2026 and from 4 October 2026, AEST +10:00 between; South Australia ACDT +10:30 / ACST +09:30; Queensland
AEST +10:00 and Western Australia AWST +08:00 all year).

``check`` is the evidence guard. Before a run is used it removes every edit candidate that could turn out to be
supported: entity, identifier and attribute replacements found anywhere in the evidence (user turns, assistant
history, tool arguments and results) or in the system prompt and tool definitions (identifiers are also compared with
punctuation removed), section replacements that a document in the evidence has as a numbered line, heading or
cross-reference, and inserted sentences whose reference (URL, code, long number) appears in the evidence or that repeat
evidence text verbatim.
"""
from __future__ import annotations

import datetime as dt
import json
import re
from fractions import Fraction

from .common import A, R

WK = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
WKL = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MO = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
MOL = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
       "December"]
SMALL = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


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


def ordinal(n):
    if 10 <= n % 100 <= 20:
        suf = "th"
    else:
        suf = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


# --------------------------------------------------------------------------- Australian time zones
# zone -> (standard offset in minutes, observes daylight saving, standard label, daylight label)
ZONES = {"QLD": (600, False, "AEST", "AEST"), "NSW": (600, True, "AEST", "AEDT"), "VIC": (600, True, "AEST", "AEDT"),
         "TAS": (600, True, "AEST", "AEDT"), "SA": (570, True, "ACST", "ACDT"), "WA": (480, False, "AWST", "AWST")}


def _first_sunday(year, month):
    d = dt.date(year, month, 1)
    return d + dt.timedelta(days=(6 - d.weekday()) % 7)


def in_dst(day):
    """Daylight saving (south-eastern states): first Sunday of October to the first Sunday of April."""
    d = day_of(day)
    return d < _first_sunday(d.year, 4) or d >= _first_sunday(d.year, 10)


def offset_min(day, zone):
    std, dst, _, _ = ZONES[zone]
    return std + (60 if dst and in_dst(day) else 0)


def zone_label(day, zone):
    _, dst, sl, dl = ZONES[zone]
    return dl if dst and in_dst(day) else sl


def tzinfo(day, zone):
    return dt.timezone(dt.timedelta(minutes=offset_min(day, zone)))


def at(day, hh, mm, zone):
    d = day_of(day)
    return dt.datetime(d.year, d.month, d.day, hh, mm, tzinfo=tzinfo(d, zone))


def stamp(day, hh, mm, zone, ss=0):
    """ISO-8601 local timestamp with offset, e.g. 2026-03-14T09:15:00+11:00 (Adelaide: +10:30)."""
    d = day_of(day)
    off = offset_min(d, zone)
    sign = "+" if off >= 0 else "-"
    return f"{d.isoformat()}T{hh:02d}:{mm:02d}:{ss:02d}{sign}{abs(off) // 60:02d}:{abs(off) % 60:02d}"


def local(moment_, zone):
    """An aware datetime moved to the zone's local time on its own date (DST looked up on the result's date)."""
    m = moment(moment_)
    guess = m.astimezone(tzinfo(m.date(), zone))
    return m.astimezone(tzinfo(guess.date(), zone))


def iso_local(m):
    s = m.isoformat()
    return s if "." not in s else s.split(".")[0] + s[-6:]


# --------------------------------------------------------------------------- per-answer writer
OPEN = {
    "breezy": ["No worries!", "Righto, here's the rundown.", "Easy — I've had a look.", "Good news first:",
               "Okay, here's where it's at."],
    "warm": ["Thanks for hanging on while I checked!", "Happy to help with that.", "Lovely, I've got it here.",
             "Thanks for the message — here's what I can see."],
    "brisk": ["Here's the lot:", "Checked:", "Quick answer below.", "All sorted on my end — details:"],
}
OPEN_FOLLOW = ["Following on from before:", "Same one as earlier:", "Jumping back to that one:",
               "Picking up from my last message:", "Carrying on from the details above:"]
CLOSE = {
    "breezy": ["Give us a yell if anything looks off. Cheers!", "Anything else, just holler.", "Cheers!"],
    "warm": ["Hope that helps — have a lovely day!", "Happy to help with anything else.",
             "Just reply here if you'd like a hand with anything else."],
    "brisk": ["Anything else?", "That's everything I can see for now.", "Reply here if you need more."],
}


class Yarn:
    """One answer's writing choices (see module docstring)."""

    def __init__(self, r: R, today, zone="NSW"):
        self.r = r
        self.today = day_of(today)
        self.zone = zone
        self.dstyle = r.choice(["dmon", "wk_dmon", "wk_ord", "slash", "dmonth"])
        self.tstyle = r.choice(["colon", "colon", "mil", "dot"])
        self.tight = r.random() < 0.5
        self.cur = r.choice(["sym", "sym", "code", "asym"])
        self.bold = r.random() < 0.8
        self.mark = r.choice(["-", "-", "•", "–"])
        self.voice = r.choice(list(OPEN))
        self.words = r.random() < 0.4
        self.durs = r.choice(["short", "long"])
        self.hedge = r.choice(["roughly", "about", "around"])

    # ---------------------------------------------------------------- dates and times
    def d(self, x, wk=True):
        d = day_of(x)
        s = self.dstyle
        if not wk:
            s = {"wk_dmon": "dmon", "wk_ord": "dmon"}.get(s, s)
        if s == "dmon":
            return f"{d.day} {MO[d.month - 1]}"
        if s == "wk_dmon":
            return f"{WK[d.weekday()]} {d.day} {MO[d.month - 1]}"
        if s == "wk_ord":
            out = f"{WKL[d.weekday()]} {ordinal(d.day)}"
            return out if (d.month, d.year) == (self.today.month, self.today.year) else f"{out} {MOL[d.month - 1]}"
        if s == "slash":
            return f"{d.day}/{d.month}"
        return f"{d.day} {MOL[d.month - 1]}"

    def dy(self, x):
        """Date with the year (dates outside the current year)."""
        d = day_of(x)
        if self.dstyle == "slash":
            return f"{d.day}/{d.month}/{d.year}"
        if self.dstyle in ("dmonth", "wk_ord"):
            return f"{d.day} {MOL[d.month - 1]} {d.year}"
        return f"{d.day} {MO[d.month - 1]} {d.year}"

    def dd(self, x):
        """Date, with the year only when it is not the current year."""
        return self.d(x) if day_of(x).year == self.today.year else self.dy(x)

    def _this_next(self, d):
        return "this" if d.weekday() > self.today.weekday() else "next"

    def relp(self, x):
        d = day_of(x)
        n = (d - self.today).days
        if n == 0:
            return "today"
        if n == 1:
            return "tomorrow"
        if n == -1:
            return "yesterday"
        if 2 <= n <= 6:
            return f"{self._this_next(d)} {WKL[d.weekday()] if self.dstyle == 'wk_ord' else WK[d.weekday()]}"
        if n == 14:
            return "a fortnight from today"
        if n > 6:
            return f"in {n} days"
        if n == -14:
            return "a fortnight ago"
        return f"{-n} days ago"

    def rel(self, x):
        """Relative words plus the date: 'tomorrow (Wed 4 Mar)', 'this Fri (6 Mar)', 'in 9 days (12 Mar)'."""
        d = day_of(x)
        n = (d - self.today).days
        words = self.relp(d)
        if 2 <= n <= 6:
            return f"{words} ({self.d(d, wk=False)})"
        return f"{words} ({self.dd(d)})"

    def when(self, x):
        """Date first, relative words after: '12 Mar (in 9 days)'."""
        return f"{self.dd(x)} ({self.relp(x)})"

    def t(self, x):
        m = moment(x)
        if self.tstyle == "mil":
            return f"{m.hour:02d}{m.minute:02d}"
        if self.tstyle == "dot":
            h = m.hour % 12 or 12
            return f"{h}.{m.minute:02d}{'am' if m.hour < 12 else 'pm'}"
        return f"{m.hour:02d}:{m.minute:02d}"

    def hm(self, hour, minute=0):
        return self.t(dt.datetime(2026, 1, 1, hour % 24, minute))

    def at_t(self, x):
        """'at 0915' / 'at 09:15' / 'at 9.15am'."""
        return f"at {self.t(x)}"

    def trange(self, h1, m1, h2, m2):
        return f"{self.hm(h1, m1)}–{self.hm(h2, m2)}"

    def tspan(self, a, b):
        a, b = moment(a), moment(b)
        return self.trange(a.hour, a.minute, b.hour, b.minute)

    def span(self, minutes):
        h, m = divmod(int(round(minutes)), 60)
        if self.durs == "short":
            if h and m:
                return f"{h}h {m}m"
            return f"{h}h" if h else f"{m}m"
        parts = []
        if h:
            parts.append(f"{h} hour{'' if h == 1 else 's'}")
        if m or not h:
            parts.append(f"{m} minute{'' if m == 1 else 's'}")
        return " ".join(parts)

    def hrs(self, n):
        v = f"{n:g}"
        return f"{v}h" if self.durs == "short" else f"{v} hour{'' if n == 1 else 's'}"

    def days(self, n):
        return f"{n} day" if n == 1 else f"{n} days"

    # ---------------------------------------------------------------- numbers, money, units
    def n(self, k):
        return SMALL[k] if self.words and 1 <= k < len(SMALL) else str(k)

    def cnt(self, k, word, pl=None):
        return f"{self.n(k)} {word if k == 1 else (pl or word + 's')}"

    def money(self, x, dec=2):
        s = f"{abs(x):,.{dec}f}"
        if self.cur == "code":
            s = f"AUD {s}"
        elif self.cur == "asym":
            s = f"A${s}"
        else:
            s = f"${s}"
        return "-" + s if x < 0 else s

    def u(self, x, unit, dec=None):
        v = f"{x:,.{dec}f}" if dec is not None else f"{x:g}"
        return f"{v}{unit}" if self.tight else f"{v} {unit}"

    def near(self, x, step, fmt=None):
        """Rounded figure with a hedge that is true of the exact value ('just under 40', 'about 62')."""
        fmt = fmt or (lambda v: f"{v:g}")
        v = round(round(x / step) * step, 6)
        if abs(v - x) < 1e-9:
            return fmt(v)
        if abs(v - x) <= 0.03 * abs(x):
            return f"{'just under' if v > x else 'just over'} {fmt(v)}"
        return f"{self.hedge} {fmt(v)}"

    def pct(self, part, whole, dec=0):
        v = 100 * part / whole
        if abs(round(v, dec) - v) < 1e-9:
            return f"{v:.{dec}f}%"
        return self.near(v, 10 ** -dec, lambda q: f"{q:.{dec}f}%")

    def share(self, part, whole):
        """A named fraction, exact or hedged on the right side ('about a third', 'just under half'); else None."""
        names = {Fraction(1, 2): "half", Fraction(1, 3): "a third", Fraction(2, 3): "two-thirds",
                 Fraction(1, 4): "a quarter", Fraction(3, 4): "three-quarters", Fraction(1, 5): "a fifth"}
        if not whole:
            return None
        f = Fraction(part).limit_denominator(10 ** 6) / Fraction(whole).limit_denominator(10 ** 6)
        if f in names:
            return names[f]
        q = part / whole
        for fr, nm in names.items():
            if abs(q - float(fr)) <= 0.01:
                return f"{'just under' if q < float(fr) else 'just over'} {nm}" if self.r.random() < 0.5 else f"about {nm}"
            if abs(q - float(fr)) <= 0.02:
                return f"about {nm}"
        return None

    # ---------------------------------------------------------------- layout
    def b(self, a: A, text, **kw):
        """Editable part, bold when this answer bolds key facts."""
        if self.bold:
            a.t("**")
            a.x(text, **kw)
            a.t("**")
        else:
            a.x(text, **kw)
        return a

    def li(self, a: A):
        if a.parts and a.parts[-1].endswith("\n"):
            a.t(f"{self.mark} ")
        else:
            a.t(f"\n{self.mark} ")

    def para(self, a: A):
        a.t("\n\n")

    def pt(self, a: A):
        """Insertion point at the end of a list line ('- ' lists only: an inserted item uses '- ')."""
        if self.mark == "-":
            a.pb()

    def opener(self, a: A, followup=False, p=0.55):
        if followup and self.r.random() < 0.7:
            a.t(self.r.choice(OPEN_FOLLOW) + " ")
        elif self.r.random() < p:
            a.t(self.r.choice(OPEN[self.voice]) + " ")

    def closer(self, a: A, offers=(), p=0.75):
        if self.r.random() >= p:
            return
        pool = list(offers) * 2 + CLOSE[self.voice]
        a.t("\n\n" + self.r.choice(pool))


def ceil_div(a, b):
    return -(-a // b)


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
    for tool in scn.tools:
        chunks += [tool.name, tool.description, json.dumps(tool.params)]
    return "\n".join(chunks), docs


def _section_known(token, blob, docs):
    tok = re.escape(token.strip().lstrip("§").strip().rstrip(".)"))
    if not tok:
        return True
    line = (r"(?im)^[ \t]*(?:#+[ \t]*)?(?:§[ \t]*|section[ \t]+|clause[ \t]+|part[ \t]+)?\(?" + tok
            + r"(?:[.):]?[ \t]|[.):]?$)")
    ref = r"(?i)(?:§|section|sec\.|clause|part|para(?:graph)?\.?)[ \t]*" + tok + r"(?![\w]|\.\d)"
    bare = r"(?<![\w.])" + tok + r"(?![\w]|\.\d)"
    if re.search(line, blob) or re.search(ref, blob) or re.search(r'"' + tok + r'"', blob):
        return True
    return any(re.search(bare, d) for d in docs)


def check(scn, plan):
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
