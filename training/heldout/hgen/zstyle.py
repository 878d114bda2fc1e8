"""Set z writer: a personal / executive assistant writing short first-person notes back to its principal.

The principal (the account owner) asks their assistant about a travel day or a personal errand: a layover and the
airport lounges that fit it, a conference day and the sessions that fit around the principal's own agenda, a list of
errands with opening hours and a route, a pile of invitations with RSVP deadlines in several cities, somewhere to leave
luggage between a hotel check-out and a train, or messages queued to go out to contacts in other time zones. The agent
calls the platform's tools (JSON records with ISO timestamps that carry UTC offsets, IANA time-zone names, wall-clock
opening hours, minutes and hours, amounts and statuses; one numbered document fetched by URL or by path; one write
action that the platform may refuse by design with a reason code and an alternative) and writes a short note in the
first person: "You land at 07:40 and your connection leaves at 11:05 — a 3 h 25 min layover." The register stresses
temporal reasoning: time-zone conversions ("9:00 am her time = 4:00 pm Wed your time"), durations and layovers,
overlaps and gaps between intervals, opening hours against arrival times, deadlines, relative dates next to absolute
ones ("Fri, Mar 13 (in 3 days)"), counts over the records and small totals with the working ("2 × €39 = €78").

Writer side: ``Zw`` formats clock times (12-hour for en-US principals, 24-hour otherwise), dates, relative dates and
durations, writes them into the answer builder ``A`` of ``hgen/common.py`` as editable parts with edit candidates, and
registers a *claim* for every figure it states — not its value, but how the value follows from the evidence (a small
expression over record fields, the current time and the fetched document: ``("sub", ("g", "query.departure"),
("g", "query.arrival"))``) together with the exact text and the literal text just before it. Time zones on the
writer side come from hand-written DST rules (``ZONES`` / ``offset_min``).

Reader side (``Ev``, ``read_answer``, independent of the writer's objects): the tool results are parsed again from
their JSON text; conversions use the tz database (``zoneinfo``; a separately written rule table is the fallback and
is checked against it), and every ISO offset and ``utc_offset`` in the evidence is checked against it too. The reader
tokenizes the answer (clock times with their zone labels, time ranges, dates with weekdays, relative dates, durations,
amounts, counts, identifiers, codes, section numbers, names), recomputes every working and every claim from the
evidence, and checks that every time, date, duration, amount and number in the answer is an evidence value or a
verified claim value — and, in every line or sentence that names exactly one record, that record's own value. A clean
answer that fails raises ``AssertionError``.

``vet`` is the evidence guard: it reads every clean answer with the reader, then drops edit candidates that the
evidence could support (entity, code and identifier replacements found in the evidence, section numbers the document
has, numeric and temporal replacements whose edited answer the reader accepts, count replacements that state the true
count, and inserted sentences whose text or reference occurs in the evidence).
"""
from __future__ import annotations

import datetime as dt
import json
import math
import re
import unicodedata

from .common import A, Call, History, Plan, R, Scenario, Turn, mutate_id

UTC = dt.timezone.utc
SYM = {"EUR": "€", "GBP": "£", "USD": "$"}
WORDN = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
WDAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def fold(s):
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch)).lower()


# =========================================================================== writer-side time zones
# (standard offset in minutes, DST rule, label used in answers)
ZONES = {
    "America/Los_Angeles": (-480, "us", "PT"),
    "America/Denver": (-420, "us", "MT"),
    "America/Chicago": (-360, "us", "CT"),
    "America/New_York": (-300, "us", "ET"),
    "America/Toronto": (-300, "us", "Toronto time"),
    "America/Sao_Paulo": (-180, None, "São Paulo time"),
    "Europe/London": (0, "eu", "UK time"),
    "Europe/Lisbon": (0, "eu", "Lisbon time"),
    "Europe/Paris": (60, "eu", "Paris time"),
    "Europe/Berlin": (60, "eu", "Berlin time"),
    "Europe/Amsterdam": (60, "eu", "Amsterdam time"),
    "Europe/Madrid": (60, "eu", "Madrid time"),
    "Europe/Rome": (60, "eu", "Rome time"),
    "Asia/Dubai": (240, None, "Dubai time"),
    "Asia/Kolkata": (330, None, "India time"),
    "Asia/Singapore": (480, None, "Singapore time"),
    "Asia/Tokyo": (540, None, "Tokyo time"),
    "Australia/Sydney": (600, "au", "Sydney time"),
    "Pacific/Auckland": (720, "nz", "Auckland time"),
}


def _sunday(y, m, n):
    """n-th Sunday of a month (n = -1: the last one)."""
    if n > 0:
        d = dt.date(y, m, 1)
        d += dt.timedelta(days=(6 - d.weekday()) % 7)
        return d + dt.timedelta(weeks=n - 1)
    d = (dt.date(y, m + 1, 1) if m < 12 else dt.date(y + 1, 1, 1)) - dt.timedelta(days=1)
    return d - dt.timedelta(days=(d.weekday() + 1) % 7)


def offset_min(zone, utc):
    """UTC offset in minutes of ``zone`` at the aware UTC datetime ``utc`` (writer's own rules)."""
    std, rule, _ = ZONES[zone]
    if rule is None:
        return std
    n = utc.astimezone(UTC).replace(tzinfo=None)
    y = n.year
    at = lambda d, h, off: dt.datetime.combine(d, dt.time(h)) - dt.timedelta(minutes=off)
    if rule == "us":
        dst = at(_sunday(y, 3, 2), 2, std) <= n < at(_sunday(y, 11, 1), 2, std + 60)
    elif rule == "eu":
        dst = at(_sunday(y, 3, -1), 1, 0) <= n < at(_sunday(y, 10, -1), 1, 0)
    elif rule == "au":
        dst = not (at(_sunday(y, 4, 1), 3, std + 60) <= n < at(_sunday(y, 10, 1), 2, std))
    else:  # nz
        dst = not (at(_sunday(y, 4, 1), 3, std + 60) <= n < at(_sunday(y, 9, -1), 2, std))
    return std + (60 if dst else 0)


def local(utc, zone):
    return (utc.astimezone(UTC) + dt.timedelta(minutes=offset_min(zone, utc))).replace(tzinfo=None)


def fmt_off(off):
    return f"{'-' if off < 0 else '+'}{abs(off) // 60:02d}:{abs(off) % 60:02d}"


def iso(utc, zone):
    off = offset_min(zone, utc)
    return local(utc, zone).strftime("%Y-%m-%dT%H:%M:%S") + fmt_off(off)


def isoz(utc):
    return utc.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def from_local(day, minutes, zone):
    """Aware UTC datetime of local wall time ``minutes`` after midnight of ``day`` in ``zone``."""
    naive = dt.datetime.combine(day, dt.time()) + dt.timedelta(minutes=minutes)
    std = ZONES[zone][0]
    for off in (std + 60, std):
        u = (naive - dt.timedelta(minutes=off)).replace(tzinfo=UTC)
        if offset_min(zone, u) == off:
            return u
    return from_local(day, minutes + 60, zone)      # inside a spring-forward gap


def hm(minutes):
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def zone_label(zone):
    return ZONES[zone][2]


# =========================================================================== the writer
class Zw:
    """One answer's formatting choices; registers a claim for every figure written."""

    def __init__(self, r: R, now, home, locale, cur="USD"):
        self.r, self.now, self.home = r, now, home
        self.us = locale == "en-US"
        self.cur, self.sym = cur, SYM[cur]
        self.omit00 = r.random() < 0.5
        self.long_months = r.random() < 0.25
        self.dstyle = r.choice(["hm", "hm", "words", "compact"])
        self.today = local(now, home).date()
        self.claims = []
        self.counts = {}
        self.refs = {}

    # ---------------------------------------------------------------- formatting
    def clock(self, ldt, mer=True):
        if not self.us:
            return f"{ldt.hour:02d}:{ldt.minute:02d}"
        h = ldt.hour % 12 or 12
        core = f"{h}" if (ldt.minute == 0 and self.omit00 and mer) else f"{h}:{ldt.minute:02d}"
        return core + (f" {'am' if ldt.hour < 12 else 'pm'}" if mer else "")

    def dur(self, m):
        h, mm = divmod(int(m), 60)
        if self.dstyle == "words":
            hs = f"{h} hour{'s' if h != 1 else ''}"
            ms = f"{mm} minute{'s' if mm != 1 else ''}"
            return f"{hs} {ms}" if h and mm else (hs if h else ms)
        if self.dstyle == "compact":
            return f"{h}h{mm:02d}" if h and mm else (f"{h}h" if h else f"{mm} min")
        return f"{h} h {mm} min" if h and mm else (f"{h} h" if h else f"{mm} min")

    def date(self, d, wd=None):
        wd = self.r.random() < 0.6 if wd is None else wd
        mon = d.strftime("%B") if self.long_months else d.strftime("%b")
        wdn = WDAY[d.weekday()] if self.long_months else WDAY[d.weekday()][:3]
        if self.us:
            s = f"{mon} {d.day}"
            return f"{wdn}, {s}" if wd else s
        s = f"{d.day} {mon}"
        return f"{wdn} {s}" if wd else s

    def rel(self, d):
        n = (d - self.today).days
        if n == 0:
            return "today"
        if n == 1:
            return "tomorrow"
        if n == -1:
            return "yesterday"
        if n < 0:
            return f"{-n} days ago"
        if n == 2 and self.r.random() < 0.5:
            return "the day after tomorrow"
        if 2 <= n <= 6 and self.r.random() < 0.4:
            return f"this {WDAY[d.weekday()]}"
        return f"in {n} days"

    def m(self, x):
        x = round(float(x), 2)
        s = f"{x:,.0f}" if x == int(x) else f"{x:,.2f}"
        return f"{self.sym}{s}"

    # ---------------------------------------------------------------- claims
    def _ctx(self, a):
        i = len(a.parts) - 1
        if i < 0 or any(c["idx"] == i for c in a.cands):
            return ""
        return a.parts[i][-24:]

    def claim(self, kind, **kw):
        self.claims.append(dict(kind=kind, **kw))
        return len(self.claims) - 1

    # ---------------------------------------------------------------- editable figures
    def T(self, a, inst, zone, expr, owner=None, label=None, conf=(), mer=True, shifts=(-60, -30, 30, 60, 90)):
        """A clock time: the local time of ``inst`` in ``zone``; ``expr`` says how it follows from the evidence."""
        ldt = local(inst, zone)
        text = self.clock(ldt, mer)
        ctx = self._ctx(a)
        alt = [self.clock(local(inst + dt.timedelta(minutes=s), zone), mer) for s in shifts]
        alt = [x for x in alt if x != text]
        oth = [self.clock(local(o, zone), mer) for o in conf]
        oth = [x for x in oth if x != text]
        a.x(text, tmp=self.r.choice(alt) if alt else None,
            conf=("temporal", self.r.choice(oth)) if oth else None)
        self.claim("at", owner=owner, expr=expr, zone=zone, text=text, ctx=ctx)
        if label:
            a(" " + label)
        return text

    def Range(self, a, i1, i2, zone, e1, e2, owner=None, label=None, conf1=(), conf2=()):
        l1, l2 = local(i1, zone), local(i2, zone)
        same = (l1.hour < 12) == (l2.hour < 12) and l1.date() == l2.date()
        self.T(a, i1, zone, e1, owner, None, conf1, mer=not (self.us and same), shifts=(-60, -30, -90))
        a("–")
        self.T(a, i2, zone, e2, owner, label, conf2, shifts=(30, 60, 90, -30))

    def Dur(self, a, minutes, expr, owner=None, conf=(), deltas=(-30, -20, -15, -10, 10, 15, 20, 30, 45, 60)):
        text = self.dur(minutes)
        ctx = self._ctx(a)
        alt = [self.dur(minutes + d) for d in deltas if minutes + d > 0]
        alt = [x for x in alt if x != text]
        oth = [self.dur(o) for o in conf if o != minutes and o > 0]
        a.x(text, num=self.r.choice(alt) if alt else None, conf=("numerical", self.r.choice(oth)) if oth else None)
        self.claim("dur", owner=owner, expr=expr, text=text, ctx=ctx)
        return text

    def Date(self, a, day, expr, zone, owner=None, wd=None, conf=()):
        text = self.date(day, wd)
        has_wd = text[:3] in [x[:3] for x in WDAY]
        ctx = self._ctx(a)
        alt = [self.date(day + dt.timedelta(days=k), has_wd) for k in (-2, -1, 1, 2, 7)]
        oth = [self.date(o, has_wd) for o in conf if o != day]
        a.x(text, tmp=self.r.choice(alt), conf=("temporal", self.r.choice(oth)) if oth else None)
        self.claim("date", owner=owner, expr=expr, zone=zone, text=text, ctx=ctx)
        return text

    def Rel(self, a, day, expr, zone, owner=None):
        text = self.rel(day)
        ctx = self._ctx(a)
        alts = []
        for k in (-1, 1, 2):
            d2 = day + dt.timedelta(days=k)
            t2 = self.rel(d2)
            if t2 != text and (d2 - self.today).days != (day - self.today).days:
                alts.append(t2)
        a.x(text, tmp=self.r.choice(alts) if alts else None)
        self.claim("rel", owner=owner, expr=expr, zone=zone, text=text, ctx=ctx)
        return text

    def Money(self, a, x, expr, owner=None, conf=(), edit=True):
        text = self.m(x)
        ctx = self._ctx(a)
        oth = [self.m(o) for o in conf if round(o, 2) != round(x, 2)]
        a.x(text, num=self.m(bump_money(x, self.r)) if edit else None,
            conf=("numerical", self.r.choice(oth)) if (oth and edit) else None)
        self.claim("num", owner=owner, expr=expr, text=text, ctx=ctx)
        return text

    def Num(self, a, n, expr, owner=None, conf=(), edit=True):
        text = str(n)
        ctx = self._ctx(a)
        alt = [str(n + d) for d in (-2, -1, 1, 2, 3) if n + d > 0 and n + d != n]
        oth = [str(o) for o in conf if o != n]
        a.x(text, num=self.r.choice(alt) if edit else None,
            conf=("numerical", self.r.choice(oth)) if (oth and edit) else None)
        self.claim("num", owner=owner, expr=expr, text=text, ctx=ctx)
        return text

    def Count(self, a, phrase_fn, k, n, lst, pred, owner=None, lo=0):
        """A count over the records: ``phrase_fn(j)`` writes the phrase for j of n; the reader recomputes k."""
        text = phrase_fn(k)
        alts = [j for j in range(lo, n + 1) if j != k and abs(j - k) <= 2]
        j = self.r.choice(alts)
        idx = len(a.parts)
        ctx = self._ctx(a)
        if {k, j} == {0, n}:
            a.x(text, neg=phrase_fn(j))
        else:
            a.x(text, num=phrase_fn(j))
        ci = self.claim("count", owner=owner, lst=lst, pred=pred, n=n, k=k, text=text, ctx=ctx)
        self.counts[idx] = ci
        return text

    def cite(self, text, raw):
        self.refs[text] = raw
        return text


def qphrase(k, n, r: R, cap=True, noun=None):
    """A quantifier phrase for k of n (sentence start when ``cap``)."""
    if n == 2:
        s = {0: "neither", 1: "only one", 2: "both"}[k]
    elif k == 0:
        s = r.choice([f"none of the {WORDN[n]}", "none of them"])
    elif k == n:
        s = r.choice([f"all {WORDN[n]}", "all of them"])
    elif k == 1:
        s = r.choice(["only one", f"one of the {WORDN[n]}"])
    else:
        s = f"{WORDN[k]} of the {WORDN[n]}"
    return s[0].upper() + s[1:] if cap else s


def bump_money(x, r: R):
    for _ in range(20):
        f = 1 + r.uniform(0.15, 0.45) * r.choice([-1, 1])
        y = round(x * f) if x >= 20 else round(x * f, 2)
        if y != x and y > 0:
            return y
    return x + 13


def bad_section(sec, keys, r: R):
    for _ in range(30):
        a, b = sec.split(".")
        c = f"{int(a) + r.choice([0, 3, 4])}.{int(b) + r.choice([3, 4, 5])}"
        if c not in keys:
            return c
    return "9.9"


def doc_keys(doc):
    keys = set()
    for ln in doc.split("\n"):
        m = re.match(r"(?:#+ )?(\d+\.\d+)\.?\s", ln.strip() + " ")
        if m:
            keys.add(m.group(1))
    return keys


# =========================================================================== scenario base
class ZScenario(Scenario):
    """Shared pieces of the six set-z scenarios (tools, greeting and sign-off, follow-ups, the guard)."""
    assistant = "Ava"
    rd_names = ("name",)            # keys naming a record (reader)
    rd_ids = ()                     # keys identifying a record (reader)
    rd_local = None                 # top-level key path of the zone of unlabeled times (None: every time is labeled)
    id_pat = r"[A-Z]{2,4}-\d{3,6}"
    fake_names = []
    greetings = ["{first} —", "Hi {first},", "{first}, quick note:", "Hello {first},", ""]
    signoffs = ["— {me}", "{me}", ""]

    def principal(self, r):
        first = r.choice(["Maya", "Daniel", "Priscilla", "Omar", "Harriet", "Jonas", "Celia", "Marcus", "Ingrid",
                          "Theo", "Rosa", "Nikhil", "Elena", "Graham", "Sofia", "Adrian"])
        last = r.choice(["Chen", "Whitaker", "Okonkwo", "Lindqvist", "Moreau", "Feld", "Ashdown", "Rahman", "Castell",
                         "Byrne", "Navarro", "Holt", "Kessler", "Duarte"])
        return first, f"{first} {last}"

    def account(self, owner, home, now):
        return {"owner": owner, "timezone": home, "utc_offset": fmt_off(offset_min(home, now)),
                "locale": "en-US" if home.startswith("America/") else "en-GB"}

    def now_in(self, r, today, home, lo=7, hi=21):
        return from_local(today, r.randint(lo * 60, hi * 60 - 1) // 5 * 5, home)

    def greet(self, a, r, first):
        g = r.choice(self.greetings).format(first=first)
        if g:
            a(g + ("\n\n" if r.random() < 0.6 else " "))

    def sign(self, a, r):
        s = r.choice(self.signoffs).format(me=self.assistant)
        if s:
            a("\n\n" + s)

    def plan(self, ctx, request, first_call, later, followup_req, reply, w, a, hist_req=None):
        """Plan with the first call in the history when the run is a follow-up (genai only)."""
        turns = [Turn([first_call])] + [Turn([c]) for c in later]
        history = None
        if ctx.followup and later:
            h = History().user(hist_req or request)
            h.call([first_call])
            h.reply(reply)
            history = h.msgs
            request = followup_req
            turns = [Turn([c]) for c in later]
        plan = Plan(request, turns, a, history)
        return vet(self, plan, w)


# =========================================================================== the reader (independent of the writer)
try:
    from zoneinfo import ZoneInfo
    ZoneInfo("Europe/Berlin")
except Exception:  # noqa: BLE001 - no tz database: use the fallback table below
    ZoneInfo = None

# The reader's own fallback (standard offset, DST kind); written separately from ZONES and checked against zoneinfo.
_RD_TZ = {"Los_Angeles": (-8, "NA"), "Denver": (-7, "NA"), "Chicago": (-6, "NA"), "New_York": (-5, "NA"),
          "Toronto": (-5, "NA"), "Sao_Paulo": (-3, ""), "London": (0, "EU"), "Lisbon": (0, "EU"),
          "Paris": (1, "EU"), "Berlin": (1, "EU"), "Amsterdam": (1, "EU"), "Madrid": (1, "EU"), "Rome": (1, "EU"),
          "Dubai": (4, ""), "Kolkata": (5.5, ""), "Singapore": (8, ""), "Tokyo": (9, ""), "Sydney": (10, "AU"),
          "Auckland": (12, "NZ")}


def _rd_fallback_offset(zone, inst):
    std, kind = _RD_TZ[zone.split("/")[-1]]
    u = inst.astimezone(UTC)
    y = u.year

    def sun(m, which):
        days = [dt.date(y, m, d) for d in range(1, 32) if _valid(y, m, d) and dt.date(y, m, d).weekday() == 6]
        return days[which]

    def utc_at(d, hour_local, off_h):
        return dt.datetime(d.year, d.month, d.day, tzinfo=UTC) + dt.timedelta(hours=hour_local - off_h)
    on = False
    if kind == "NA":
        on = utc_at(sun(3, 1), 2, std) <= u < utc_at(sun(11, 0), 2, std + 1)
    elif kind == "EU":
        on = utc_at(sun(3, -1), 1, 0) <= u < utc_at(sun(10, -1), 1, 0)
    elif kind == "AU":
        on = not (utc_at(sun(4, 0), 3, std + 1) <= u < utc_at(sun(10, 0), 2, std))
    elif kind == "NZ":
        on = not (utc_at(sun(4, 0), 3, std + 1) <= u < utc_at(sun(9, -1), 2, std))
    return dt.timedelta(hours=std + (1 if on else 0))


def _valid(y, m, d):
    try:
        dt.date(y, m, d)
        return True
    except ValueError:
        return False


def rd_offset(zone, inst):
    """The reader's UTC offset of ``zone`` at ``inst`` (tz database; fallback table checked against it)."""
    fb = _rd_fallback_offset(zone, inst)
    if ZoneInfo is not None:
        off = inst.astimezone(ZoneInfo(zone)).utcoffset()
        assert off == fb, f"reader fallback disagrees with the tz database for {zone} at {inst}"
        return off
    return fb


def rd_local(inst, zone):
    return (inst.astimezone(UTC) + rd_offset(zone, inst)).replace(tzinfo=None)


def rd_from_local(day, minutes, zone):
    naive = dt.datetime.combine(day, dt.time()) + dt.timedelta(minutes=minutes)
    for guess in (naive.replace(tzinfo=UTC) - rd_offset(zone, naive.replace(tzinfo=UTC)),):
        for _ in range(3):
            off = rd_offset(zone, guess)
            cand = (naive - off).replace(tzinfo=UTC)
            if rd_offset(zone, cand) == off:
                return cand
            guess = cand
    raise AssertionError(f"cannot place {day} {minutes} in {zone}")


_ISO = re.compile(r"^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2})?(Z|[+-]\d{2}:\d{2})$")
_WALL = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]
_MON = {m: i + 1 for i, m in enumerate(_MONTHS)}
_MON.update({m[:3]: i + 1 for i, m in enumerate(_MONTHS)})
_MRX = "|".join(sorted(_MON, key=len, reverse=True))
_WDX = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun"
_DATE = re.compile(r"(?:\b(" + _WDX + r"),? )?(?:\b(\d{1,2}) (" + _MRX + r")\b|\b(" + _MRX + r") (\d{1,2})\b(?![:\d]))")
_LBL = r"(?: (PT|MT|CT|ET|your time|local time|local|her time|his time|their time|[A-Z][\w]+(?: [A-Z][\w]+)? time))?"
_R12 = re.compile(r"(?<![\w:.,])(1[0-2]|[1-9])(?::([0-5]\d))?(?: (am|pm))?–(1[0-2]|[1-9])(?::([0-5]\d))? (am|pm)\b" + _LBL)
_R24 = re.compile(r"(?<![\w:.,])([01]\d|2[0-3]):([0-5]\d)–([01]\d|2[0-3]):([0-5]\d)(?!\d|:\d)" + _LBL)
_T12 = re.compile(r"(?<![\w:.,–])(1[0-2]|[1-9])(?::([0-5]\d))? (am|pm)\b" + _LBL)
_T24 = re.compile(r"(?<![\w:.,–])([01]\d|2[0-3]):([0-5]\d)(?!\d|:\d)" + _LBL)
_REL = re.compile(r"\b(today|tonight|tomorrow|yesterday|the day after tomorrow|in (\d+) days|(\d+) days ago|this ("
                  + "|".join(WDAY) + r"))\b")
_DUR = re.compile(r"(?<![\w.:])(?:(\d+) hours? (\d+) minutes?|(\d+) h (\d+) min|(\d+)h(\d{2})|(\d+) hours?|(\d+) h|(\d+)h"
                  r"|(\d+) minutes?|(\d+) min|(\d+)-(hour|minute))(?![\w])")
_MONEY = re.compile(r"[€£$](\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?")
_NUM = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\w]|[.,]\d)")
_WORK = re.compile(r"((?:[€£$]?[\d,]+(?:\.\d+)? ?[×+−] ?)+[€£$]?[\d,]+(?:\.\d+)?) = ([€£$]?[\d,]+(?:\.\d+)?)")
_CODE = re.compile(r"`([^`]+)`")
_ID = re.compile(r"(?<![\w-])(?=[A-Z0-9-]*\d)[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+(?![\w-])")
_GATE = re.compile(r"(?<![\w-])[A-Z]{1,2}\d{1,3}(?![\w-])")
_SEC = re.compile(r"(?:§ ?|section |rule |clause )(\d+\.\d+)")
_CAP = re.compile(r"(?<![\w'’-])[A-Z][\w'’&-]*(?: (?:&|and|de|da|do|the|of|la|du) [A-Z][\w'’&-]*| [A-Z][\w'’&-]*)*")
_SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z*])")
_QW = {w: i for i, w in enumerate(WORDN)}
_STOP = {"which", "their", "there", "these", "those", "about", "would", "could", "should"}
STYLE = set("""A About Afterwards All Also An And Any As At Back Best Both But By Closest Cheapest Done Each Either
Earliest FYI For From Good Got Happy Heads Here Here's Hi Hope However I I'd I'll I'm I've If In It It's Its Just
Latest Let Looks Morning Most My Neither Next No None Not Note Of On One Only Or Otherwise Our Per Plus Quick
Quickest Recommendation Safe Shall Should Since So Still That That's The Their Then There There's These They This
Those To Two Three Four Five Six Under Want We What When Which While With Yes You You'd You'll You're Your You've After Free
Nearest Farthest Longest Shortest Tightest Suggested Total Totals Booked Sorted Heads-up Status Tip Open Closed Free Reply
RSVP RSVPs Entry Hello Deadline Deadlines Plan Route Stop Stops Leave Leaving Layover Lounge Lounges Seat Seats Session
Sessions Track Keynote Pass Pick-up Drop-off Pickup Dropoff Errands Errand Invitations Invitation Messages Message
Queue Outbox Runner Storage Bags Walk Price Ready Held Hold Sent Scheduled Paused Failed Okay OK Easy Alternatively
Worth Best-placed Reception Dinner Doors Both Earliest""".split())


def _v(whole, frac):
    return float(whole.replace(",", "") + ("." + frac if frac else ""))


def _inst(s):
    m = _ISO.match(s)
    if not m:
        return None
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


class Ev:
    """What the reader knows: the user turns and every successful tool result, parsed again from its JSON text."""

    def __init__(self, scn, plan):
        self.scn = scn
        self.texts = [plan.request] + [m["text"] for m in plan.history if m["role"] == "user"]
        raw = [m["call"].result_text() for m in plan.history if m["role"] == "tool" and not m["call"].error]
        raw += [c.result_text() for t in plan.turns for c in t.calls if not c.error]
        self.results, self.docs = [], []
        for t in raw:
            try:
                j = json.loads(t)
            except ValueError:
                j = t
            if isinstance(j, str):
                self.docs.append(j)
            else:
                self.results.append(j)
        self.chain = {}          # id(dict) -> ancestors including itself
        self.records = []        # named records
        self.rec_ids = set()
        self.by_id = {}
        self.by_name = {}
        self.nums, self.strings, self.zones = set(), [], set()
        self.leaf_insts = []     # (instant, owner dict)
        self.walls = []          # (minutes, owner dict, key)
        self.durs = []           # (minutes, owner dict)
        for res in self.results:
            self._walk(res, [])
        for t in self.texts + self.docs:
            self.strings.append(t)
        for s in self.strings:
            x = re.sub(r"\d{4}-\d{2}-\d{2}(T[\d:]+(Z|[+-]\d{2}:\d{2})?)?", " ", s)
            x = re.sub(r"(?<![\w-])[A-Za-z]+(?:-[A-Za-z0-9]+)+", " ", x)
            x = re.sub(r"(?m)^\s*(#+ )?\d+(\.\d+)+\.?(?=\s)", " ", x)
            for m in re.finditer(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?", x):
                self.nums.add(round(_v(m.group(1), m.group(2)), 6))
        for d in self.docs:
            for m in _DUR.finditer(d):
                self.durs.append((_dur_minutes(m), None))
        self.blob = "\n".join(self.texts + [json.dumps(x, ensure_ascii=False) for x in self.results] + self.docs
                              + [scn.system] + [json.dumps(t.params) + t.description for t in scn.tools])
        self.fb = fold(self.blob)
        self.keys = set()
        for d in self.docs:
            self.keys |= doc_keys(d)
        acc = self.find("account")
        assert isinstance(acc, dict), "no account block in the evidence"
        self.home = acc["timezone"]
        self.now = _inst(self.find("as_of"))
        assert self.now is not None, "no as_of"
        self.today = rd_local(self.now, self.home).date()
        self.local_zone = self.find(scn.rd_local) if scn.rd_local else None
        # every ISO offset and utc_offset is checked against the tz database
        for d, ch in self._dicts():
            z = self.zone_of(ch)
            if z and "utc_offset" in d and d.get("timezone") == z:
                own = [_inst(v) for v in d.values() if isinstance(v, str) and _inst(v) is not None]
                day = None if "locale" in d else self.date_of(ch)
                if own and not isinstance(d.get("date"), str):
                    ref = own[0]
                else:
                    ref = dt.datetime.combine(day, dt.time(12), tzinfo=UTC) if day else self.now
                want = rd_offset(z, ref)
                assert _off_td(d["utc_offset"]) == want, f"utc_offset {d['utc_offset']} of {z} is wrong"
        for inst, owner in self.leaf_insts:
            z = self.zone_of(self.chain[id(owner)])
            if z and inst.utcoffset() != dt.timedelta(0):
                assert inst.utcoffset() == rd_offset(z, inst), f"offset of {inst.isoformat()} is wrong for {z}"
        # instants of every record (wall times placed on the record's date in its zone)
        self.rec_insts = {}
        for inst, owner in self.leaf_insts:
            self.rec_insts.setdefault(self.owner_name(owner), []).append(inst)
        for mins, owner, key in self.walls:
            inst = self.wall_inst(mins, owner)
            if inst is not None:
                self.rec_insts.setdefault(self.owner_name(owner), []).append(inst)
        self.all_insts = [i for v in self.rec_insts.values() for i in v] + [self.now]
        self.dates = set()
        for s in self.strings:
            for m in re.finditer(r"\b(\d{4})-(\d{2})-(\d{2})\b", s):
                self.dates.add(dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
        for i in self.all_insts:
            for z in self.zones:
                self.dates.add(rd_local(i, z).date())
            self.dates.add(i.date())

    # ------------------------------------------------------------ traversal
    def _walk(self, v, chain, key=""):
        if isinstance(v, dict):
            ch = chain + [v]
            self.chain[id(v)] = ch
            if any(k in v for k in self.scn.rd_names) and any(k in v for k in self.scn.rd_ids):
                self.records.append(v)
                self.rec_ids.add(id(v))
                for k in self.scn.rd_ids:
                    if isinstance(v.get(k), str):
                        self.by_id.setdefault(v[k], []).append(v)
                nm = self.name_of(v)
                if nm:
                    self.by_name.setdefault(nm, []).append(v)
            for k, x in v.items():
                self._walk(x, ch, k)
        elif isinstance(v, list):
            for x in v:
                self._walk(x, chain, key)
        elif isinstance(v, bool) or v is None:
            return
        elif isinstance(v, (int, float)):
            self.nums.add(round(abs(float(v)), 6))
            if re.search(r"(_min|minutes)$", key):
                self.durs.append((int(v), chain[-1] if chain else None))
            elif re.search(r"(_hours|hours)$", key):
                self.durs.append((int(round(v * 60)), chain[-1] if chain else None))
        else:
            s = str(v)
            self.strings.append(s)
            if re.fullmatch(r"[A-Z][a-z]+(?:/[A-Za-z_]+)+", s):
                self.zones.add(s)
            i = _inst(s)
            if i is not None:
                self.leaf_insts.append((i, chain[-1]))
            m = _WALL.match(s)
            if m:
                self.walls.append((int(m.group(1)) * 60 + int(m.group(2)), chain[-1], key))

    def _dicts(self):
        for k, ch in self.chain.items():
            yield ch[-1], ch

    def name_of(self, d):
        for k in self.scn.rd_names:
            if isinstance(d.get(k), str):
                return d[k]
        return None

    def owner_name(self, d):
        for x in reversed(self.chain.get(id(d), [d])):
            if id(x) in self.rec_ids:
                return self.name_of(x)
        return None

    def zone_of(self, ch):
        for d in reversed(ch):
            if isinstance(d.get("timezone"), str):
                return d["timezone"]
        return None

    def date_of(self, ch):
        for d in reversed(ch):
            if isinstance(d.get("date"), str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", d["date"]):
                return dt.date.fromisoformat(d["date"])
        return None

    def wall_inst(self, mins, owner):
        ch = self.chain[id(owner)]
        z = self.zone_of(ch)
        if z is None:
            return None
        day = self.date_of(ch) or rd_local(self.now, z).date()
        return rd_from_local(day, mins, z)

    def find(self, path):
        for res in self.results:
            v = _get(res, path)
            if v is not None:
                return v
        return None

    # ------------------------------------------------------------ expressions
    def ev(self, e, me=None):
        k = e[0]
        if k == "c":
            return e[1]
        if k == "now":
            return self.now
        if k in ("r", "g", "self"):
            if k == "r":
                ds = [d for d in self.by_id.get(e[1], []) if _get(d, e[2]) is not None]
                assert ds, f"no record {e[1]} with {e[2]}"
                d, path = ds[0], e[2]
            elif k == "self":
                d, path = me, e[1]
            else:
                d = next((r for r in self.results if _get(r, e[1]) is not None), None)
                assert d is not None, f"nothing at {e[1]}"
                path = e[1]
            v = _get(d, path)
            owner = _get_parent(d, path)
            if isinstance(v, str):
                i = _inst(v)
                if i is not None:
                    return i
                m = _WALL.match(v)
                if m:
                    return self.wall_inst(int(m.group(1)) * 60 + int(m.group(2)), owner)
                if re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
                    return dt.date.fromisoformat(v)
            return v
        if k == "doc":
            _, rid, sec, unit = e
            docs = [d for d in self.docs if rid is None or rid in d]
            assert docs, f"no document for {rid}"
            lines = [ln for ln in docs[0].split("\n") if re.match(r"(#+ )?" + re.escape(sec) + r"\s", ln)]
            assert lines, f"no section {sec}"
            ln = lines[0]
            if unit == "h":
                return int(re.search(r"(\d+) hours?", ln).group(1)) * 60
            if unit == "min":
                return int(re.search(r"(\d+) minutes?", ln).group(1))
            if unit.startswith("num"):
                nums = re.findall(r"\d+(?:\.\d+)?", ln[len(sec) + 3:])
                return float(nums[int(unit[3:] or 0)])
            if unit.startswith("time"):
                ms = re.findall(r"\b([01]\d|2[0-3]):([0-5]\d)\b", ln)
                h, mm = ms[int(unit[4:] or 0)]
                return int(h) * 60 + int(mm)
            raise ValueError(unit)
        if k == "wall":       # wall minutes on the local day (and fixed offset) of an instant
            mins, ref = self.ev(e[1], me), self.ev(e[2], me)
            return ref.replace(hour=0, minute=0, second=0) + dt.timedelta(minutes=mins)
        if k == "add":
            x, y = self.ev(e[1], me), self.ev(e[2], me)
            return x + dt.timedelta(minutes=y) if isinstance(x, dt.datetime) else x + y
        if k == "sub":
            x, y = self.ev(e[1], me), self.ev(e[2], me)
            if isinstance(x, dt.datetime) and isinstance(y, dt.datetime):
                return int((x - y).total_seconds() // 60)
            return x - dt.timedelta(minutes=y) if isinstance(x, dt.datetime) else x - y
        if k == "mul":
            return self.ev(e[1], me) * self.ev(e[2], me)
        if k == "max":
            return max(self.ev(x, me) for x in e[1:])
        if k == "min":
            return min(self.ev(x, me) for x in e[1:])
        if k == "tzdiff":        # minutes zone a is ahead of zone b at the time of the request
            za, zb = self.ev(e[1], me), self.ev(e[2], me)
            d = int((rd_offset(za, self.now) - rd_offset(zb, self.now)).total_seconds() // 60)
            return abs(d) if len(e) > 3 and e[3] == "abs" else d
        if k == "mins":          # a wall-clock field as minutes after midnight
            ds = [d for d in self.by_id.get(e[1], []) if _get(d, e[2]) is not None]
            m = _WALL.match(_get(ds[0], e[2]))
            return int(m.group(1)) * 60 + int(m.group(2))
        if k == "sum":
            return sum(self.ev(x, me) for x in e[1:])
        if k == "ceilh":
            return int(math.ceil(self.ev(e[1], me) / 60))
        if k == "len":
            return len(self.lst(e[1]))
        raise ValueError(k)

    def lst(self, spec):
        key, pred = spec if isinstance(spec, tuple) else (spec, None)
        items = self.find(key)
        assert isinstance(items, list), f"no list {key}"
        return [x for x in items if pred is None or self.pred(pred, x)]

    def pred(self, p, me):
        k = p[0]
        if k == "and":
            return all(self.pred(x, me) for x in p[1:])
        if k == "or":
            return any(self.pred(x, me) for x in p[1:])
        if k == "not":
            return not self.pred(p[1], me)
        if k == "eq":
            return _get(me, p[1]) == p[2]
        if k == "in":
            return _get(me, p[1]) in p[2]
        if k == "true":
            return _get(me, p[1]) is True
        if k in ("lt", "le", "gt", "ge"):
            x, y = self.ev(p[1], me), self.ev(p[2], me)
            return {"lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y}[k]
        if k == "overlaps":       # (self start, self end) against (a, b)
            s, e, a, b = (self.ev(x, me) for x in p[1:])
            return s < b and a < e
        raise ValueError(k)

    # ------------------------------------------------------------ zone labels
    def zone_of_label(self, label, seg_names):
        if label is None:
            return None
        groups = {"PT": ["America/Los_Angeles"], "MT": ["America/Denver"], "CT": ["America/Chicago"],
                  "ET": ["America/New_York", "America/Toronto"], "UK time": ["Europe/London"],
                  "India time": ["Asia/Kolkata"]}
        if label in groups:
            hits = [z for z in groups[label] if z in self.zones]
            assert hits, f"zone label {label!r} names no zone of the evidence"
            return hits[0]
        if label == "your time":
            return self.home
        if label in ("local", "local time"):
            zs = {self.zone_of(self.chain[id(d)]) for n in seg_names for d in self.by_name.get(n, [])} - {None}
            if len(zs) == 1:
                return zs.pop()
            assert self.local_zone, "'local' without a local zone"
            return self.local_zone
        if label in ("her time", "his time", "their time"):
            zs = {d.get("timezone") for n in seg_names for d in self.by_name.get(n, [])} - {None}
            assert len(zs) == 1, f"{label!r} with {len(zs)} candidate zones"
            return zs.pop()
        city = fold(label[:-5]).replace(" ", "_")
        hits = [z for z in self.zones if fold(z.split("/")[-1]) == city]
        assert hits, f"zone label {label!r} names no zone of the evidence"
        return hits[0]


def _off_td(s):
    sign = -1 if s[0] == "-" else 1
    return sign * dt.timedelta(hours=int(s[1:3]), minutes=int(s[4:6]))


def _get(d, path):
    if path is None:
        return None
    cur = d
    for p in path.split("."):
        if isinstance(cur, dict) and p in cur:
            cur = cur[p]
        elif isinstance(cur, list) and p.isdigit() and int(p) < len(cur):
            cur = cur[int(p)]
        else:
            return None
    return cur


def _get_parent(d, path):
    parts = path.split(".")
    cur = d
    for p in parts[:-1]:
        cur = cur[p] if isinstance(cur, dict) else cur[int(p)]
    return cur


def _dur_minutes(m):
    g = m.groups()
    if g[0]:
        return int(g[0]) * 60 + int(g[1])
    if g[2]:
        return int(g[2]) * 60 + int(g[3])
    if g[4]:
        return int(g[4]) * 60 + int(g[5])
    for i in (6, 7, 8):
        if g[i]:
            return int(g[i]) * 60
    for i in (9, 10):
        if g[i]:
            return int(g[i])
    return int(g[11]) * (60 if g[12] == "hour" else 1)


def tokens(text):
    """The reader's mentions: times (with zone labels), dates, relative dates, durations, amounts."""
    out = []
    taken = []

    def free(s, e):
        return not any(s < b and a < e for a, b in taken)

    def add(kind, s, e, **kw):
        out.append(dict(kind=kind, start=s, end=e, text=text[s:e], **kw))
        taken.append((s, e))

    def mins12(h, mm, mer):
        h = int(h) % 12 + (12 if mer == "pm" else 0)
        return h * 60 + int(mm or 0)
    for m in _R12.finditer(text):
        if not free(m.start(), m.end()):
            continue
        lab = m.group(7)
        e1 = m.end(3) if m.group(3) else (m.end(2) if m.group(2) else m.end(1))
        add("time", m.start(), e1, minutes=mins12(m.group(1), m.group(2), m.group(3) or m.group(6)), label=lab, lend=m.end())
        add("time", m.start(4), m.end(6), minutes=mins12(m.group(4), m.group(5), m.group(6)), label=lab, lend=m.end())
        taken.append((m.start(), m.end()))
    for m in _R24.finditer(text):
        if not free(m.start(), m.end()):
            continue
        lab = m.group(5)
        add("time", m.start(1), m.end(2), minutes=int(m.group(1)) * 60 + int(m.group(2)), label=lab, lend=m.end())
        add("time", m.start(3), m.end(4), minutes=int(m.group(3)) * 60 + int(m.group(4)), label=lab, lend=m.end())
        taken.append((m.start(), m.end()))
    for m in _T12.finditer(text):
        if free(m.start(), m.end(3)):
            add("time", m.start(), m.end(3), minutes=mins12(m.group(1), m.group(2), m.group(3)), label=m.group(4), lend=m.end())
            taken.append((m.start(), m.end()))
    for m in _T24.finditer(text):
        if free(m.start(), m.end(2)):
            add("time", m.start(), m.end(2), minutes=int(m.group(1)) * 60 + int(m.group(2)), label=m.group(3), lend=m.end())
            taken.append((m.start(), m.end()))
    for m in _DATE.finditer(text):
        if free(m.start(), m.end()):
            mon = _MON[m.group(3) or m.group(4)]
            add("date", m.start(), m.end(), mon=mon, day=int(m.group(2) or m.group(5)), wd=m.group(1))
    for m in _REL.finditer(text):
        if free(m.start(), m.end()):
            add("rel", m.start(), m.end())
    for m in _DUR.finditer(text):
        if free(m.start(), m.end()):
            add("dur", m.start(), m.end(), minutes=_dur_minutes(m))
    return sorted(out, key=lambda t: t["start"])


def rel_days(phrase, d, today):
    """Does the relative phrase describe date d (today = the principal's local date)?"""
    n = (d - today).days
    p = phrase
    if p in ("today", "tonight"):
        return n == 0
    if p == "tomorrow":
        return n == 1
    if p == "yesterday":
        return n == -1
    if p == "the day after tomorrow":
        return n == 2
    m = re.fullmatch(r"in (\d+) days", p)
    if m:
        return n == int(m.group(1))
    m = re.fullmatch(r"(\d+) days ago", p)
    if m:
        return n == -int(m.group(1))
    m = re.fullmatch(r"this (\w+)", p)
    if m:
        return 2 <= n <= 6 and WDAY[d.weekday()] == m.group(1)
    return False


def qparse(phrase):
    """(k, n) of a count phrase; n may be None."""
    p = phrase.lower().strip()
    if p.startswith("neither"):
        return 0, 2
    if p.startswith("both"):
        return 2, 2
    m = re.match(r"(none|all) of the (\w+)", p)
    if m:
        n = _QW.get(m.group(2))
        return (0 if m.group(1) == "none" else n), n
    if p.startswith("none"):
        return 0, None
    m = re.match(r"all (\w+)", p)
    if m and m.group(1) in _QW:
        return _QW[m.group(1)], _QW[m.group(1)]
    if p.startswith("all"):
        return "all", None
    if p.startswith("only one"):
        return 1, None
    m = re.match(r"(\w+) of (?:the|your|their|its) (\w+)", p)
    if m:
        k = _QW.get(m.group(1), int(m.group(1)) if m.group(1).isdigit() else None)
        n = _QW.get(m.group(2), int(m.group(2)) if m.group(2).isdigit() else None)
        return k, n
    m = re.match(r"(\w+)\b", p)
    if m:
        w = m.group(1)
        return _QW.get(w, int(w) if w.isdigit() else None), None
    raise AssertionError(f"unreadable count {phrase!r}")


def _find_mention(text, toks, ctx, mtext, kind, used):
    """The first mention of ``kind`` reading exactly ``mtext`` right after ``ctx`` not claimed yet."""
    i = -1
    while True:
        i = text.find(ctx + mtext, i + 1)
        if i < 0:
            return None
        s = i + len(ctx)
        for t in toks:
            if t["start"] == s and t["kind"] == kind and t["text"] == mtext and (kind, s) not in used:
                used.add((kind, s))
                return t


def read_answer(text, ev: Ev, w: Zw, scn, where="?"):
    """Raises AssertionError when the answer states something the evidence does not support."""
    toks = tokens(text)
    ok_insts = {}     # owner -> verified instants
    ok_durs = {}
    ok_nums = {}
    ok_dates = set()
    rel_ok = set()
    used = set()
    n_checked = 0
    for c in w.claims:
        k = c["kind"]
        own = c.get("owner")
        if k in ("at", "dur", "date", "rel", "num"):
            val = ev.ev(c["expr"])
            kind = {"at": "time", "dur": "dur", "date": "date", "rel": "rel", "num": None}[k]
            if k == "num":
                assert (c["ctx"] + c["text"]) in text, f"{where}: figure {c['text']!r} not found"
                got = _v(*re.search(r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?", c["text"]).groups())
                assert abs(got - round(float(val), 2)) < 0.006, f"{where}: {c['text']!r} but the evidence gives {val}"
                ok_nums.setdefault(own, set()).add(round(float(val), 2))
                n_checked += 1
                continue
            t = _find_mention(text, toks, c["ctx"], c["text"], kind, used)
            assert t is not None, f"{where}: {k} {c['text']!r} not found as a mention"
            if k == "at":
                z = c["zone"]
                assert z in ev.zones, f"{where}: zone {z} not in the evidence"
                lt = rd_local(val, z)
                assert t["minutes"] == lt.hour * 60 + lt.minute, f"{where}: {c['text']!r} but the evidence gives {lt:%H:%M} ({z})"
                if t["label"]:
                    lz = ev.zone_of_label(t["label"], [own] if own else [])
                    assert rd_offset(lz, val) == rd_offset(z, val), f"{where}: label {t['label']!r} is not {z}"
                ok_insts.setdefault(own, []).append(val)
            elif k == "dur":
                assert t["minutes"] == int(val), f"{where}: duration {c['text']!r} but the evidence gives {val} min"
                ok_durs.setdefault(own, set()).add(int(val))
            elif k in ("date", "rel"):
                d = val if isinstance(val, dt.date) and not isinstance(val, dt.datetime) else rd_local(val, c["zone"]).date()
                if k == "date":
                    assert (t["mon"], t["day"]) == (d.month, d.day), f"{where}: date {c['text']!r} but the evidence gives {d}"
                    if t["wd"]:
                        assert WDAY[d.weekday()].startswith(t["wd"][:3]), f"{where}: weekday of {c['text']!r} is wrong"
                    ok_dates.add(d)
                else:
                    assert rel_days(t["text"], d, ev.today), f"{where}: {c['text']!r} is not {d} (today {ev.today})"
                    rel_ok.add((t["start"], t["text"]))
            n_checked += 1
        elif k == "count":
            items = ev.lst(c["lst"])
            got = sum(1 for x in items if ev.pred(c["pred"], x)) if c["pred"] else len(items)
            assert (c["ctx"] + c["text"]) in text, f"{where}: count {c['text']!r} not found"
            kk, nn = qparse(c["text"])
            if kk == "all":
                kk = len(items)
            assert kk == got, f"{where}: {c['text']!r} but the records give {got} of {len(items)}"
            assert nn is None or nn == len(items), f"{where}: {c['text']!r} but there are {len(items)}"
            n_checked += 1
        elif k == "sup":
            items = ev.lst(c["lst"])
            vals = [ev.ev(c["key"], x) for x in items]
            me = [x for x in items if any(x.get(i) == c["id"] for i in scn.rd_ids)]
            assert len(me) == 1, f"{where}: superlative names {c['id']} outside the list"
            mine = ev.ev(c["key"], me[0])
            best = min(vals) if c["mm"] == "min" else max(vals)
            assert mine == best and vals.count(best) == 1, f"{where}: {c['id']} is not the unique {c['mm']}"
        elif k == "cmp":
            x, y = ev.ev(c["a"]), ev.ev(c["b"])
            ok = {"lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y, "eq": x == y, "ne": x != y}[c["op"]]
            assert ok, f"{where}: comparison {c['op']} {c['a']} {c['b']} is false ({x} vs {y})"
        elif k == "val":
            got = ev.ev(("r", c["id"], c["key"]))
            assert got == c["value"], f"{where}: {c['id']}.{c['key']} is {got!r}, not {c['value']!r}"
        elif k == "pred":
            ds = ev.by_id.get(c["id"], [])
            assert ds and ev.pred(c["pred"], ds[0]) == c["value"], f"{where}: predicate {c['pred']} of {c['id']} is not {c['value']}"
    all_ok_insts = [i for v in ok_insts.values() for i in v]
    all_ok_durs = {x for v in ok_durs.values() for x in v}
    all_ok_nums = {x for v in ok_nums.values() for x in v}
    # ---------------------------------------------------------------- untyped checks
    masks = [(m.start(), m.end()) for m in re.finditer(r"(?m)^\d+\. ", text)]
    allowed = ev.nums | all_ok_nums
    for m in _WORK.finditer(text):
        toks_w = re.findall(r"[€£$]?[\d,]+(?:\.\d+)?|[×+−]", m.group(1))
        vals, ops = [], []
        for t in toks_w:
            if t in "×+−":
                ops.append(t)
            else:
                vals.append(float(t.lstrip("€£$").replace(",", "")))
        terms, cur, sign = [], vals[0], 1
        for op, v in zip(ops, vals[1:]):
            if op == "×":
                cur *= v
            else:
                terms.append(sign * cur)
                sign, cur = (1 if op == "+" else -1), v
        terms.append(sign * cur)
        res = float(m.group(2).lstrip("€£$").replace(",", ""))
        assert abs(round(sum(terms), 2) - res) < 0.006, f"{where}: working {m.group(0)!r} recomputes to {sum(terms):.2f}"
        for v in vals:
            assert any(abs(v - x) < 0.006 for x in allowed), f"{where}: operand {v} of {m.group(0)!r} is unsupported"
        allowed = allowed | {round(res, 2)}
        masks.append((m.start(), m.end()))
        n_checked += 1
    nums = [int(m.group(1)) for m in re.finditer(r"(?m)^(\d+)\. ", text)]
    assert nums == list(range(1, len(nums) + 1)), f"{where}: list numbering {nums}"
    for s_, e_, seg in _segments(text):
        for m in _SEC.finditer(seg):
            lines = [ln for d in ev.docs for ln in d.split("\n") if re.match(r"(#+ )?" + re.escape(m.group(1)) + r"\s", ln)]
            words = lambda x: {w_.lower() for w_ in re.findall(r"[A-Za-z][A-Za-z'-]{4,}", x)} - _STOP
            assert lines and words(lines[0]) & words(seg), f"{where}: section {m.group(1)} does not say what {seg!r} says"
    for m in _CODE.finditer(text):
        assert m.group(1) in ev.blob, f"{where}: code {m.group(1)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    for m in _ID.finditer(text):
        assert m.group(0) in ev.blob, f"{where}: identifier {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    for m in _SEC.finditer(text):
        assert m.group(1) in ev.keys, f"{where}: section {m.group(1)} is not in a fetched document"
        masks.append((m.start(), m.end()))
    for m in _GATE.finditer(text):
        assert m.group(0) in ev.blob, f"{where}: code {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    segs = _segments(text)
    for t in toks:
        seg_names = _names_in(_seg_at(segs, t["start"]), ev)
        if t["kind"] == "time":
            z = ev.zone_of_label(t["label"], seg_names) if t["label"] else (ev.local_zone or None)
            assert z is not None, f"{where}: time {t['text']!r} without a zone"
            cands = [rd_local(i, z) for i in ev.all_insts + all_ok_insts]
            known = {x.hour * 60 + x.minute for x in cands}
            if not t["label"]:
                known |= {mm for mm, _, _ in ev.walls}
            assert t["minutes"] in known, f"{where}: time {t['text']!r} ({z}) is not an evidence time"
        elif t["kind"] == "date":
            ds = [d for d in ev.dates | ok_dates if (d.month, d.day) == (t["mon"], t["day"])]
            assert ds, f"{where}: date {t['text']!r} not in the evidence"
            if t["wd"]:
                assert any(WDAY[d.weekday()].startswith(t["wd"][:3]) for d in ds), f"{where}: weekday of {t['text']!r}"
        elif t["kind"] == "rel":
            assert (t["start"], t["text"]) in rel_ok, f"{where}: relative date {t['text']!r} is not backed by a checked claim"
        elif t["kind"] == "dur":
            known = {x for x, _ in ev.durs} | all_ok_durs
            assert t["minutes"] in known, f"{where}: duration {t['text']!r} is not an evidence or computed duration"
        masks.append((t["start"], t["end"]))
    t2 = _mask(text, masks)
    bad = re.search(r"\d ?(?:am|pm)\b|\d:\d", t2)
    assert not bad, f"{where}: malformed clock time near {t2[max(0, bad.start() - 10):bad.end() + 5]!r}"
    for m in _MONEY.finditer(t2):
        x = _v(m.group(1), m.group(2))
        assert any(abs(x - a) < 0.006 for a in allowed), f"{where}: amount {m.group(0)!r} is unsupported"
        masks.append((m.start(), m.end()))
    t2 = _mask(text, masks)
    for m in _NUM.finditer(t2):
        x = _v(m.group(1), m.group(2))
        assert any(abs(x - a) < 0.006 for a in allowed), f"{where}: figure {m.group(0)!r} is unsupported"
        masks.append((m.start(), m.end()))
    left = _mask(text, masks)
    assert not re.search(r"\d", left), f"{where}: stray digit in {left!r}"
    for m in re.finditer(r"\b(" + "|".join(WDAY) + r"|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b", left):
        raise AssertionError(f"{where}: weekday {m.group(0)!r} outside a date")
    names = set(ev.by_name)
    nmask = [(x.start(), x.end()) for x in _CODE.finditer(text)] + [(t["start"], t.get("lend", t["end"])) for t in toks]
    for m in _CAP.finditer(_mask(text, nmask)):
        s = m.group(0)
        if s in names or fold(s) in ev.fb:
            continue
        for wd in s.split(" "):
            wd2 = wd.strip("'’-")
            if wd2.endswith(("'s", "’s")):
                wd2 = wd2[:-2]
            assert wd2 in STYLE or wd2 in ("and", "&", "de", "da", "do", "the", "of", "la", "du") or fold(wd2) in ev.fb, \
                f"{where}: name {wd2!r} of {s!r} not in the evidence"
    # ---------------------------------------------------------------- typed checks: one record per segment
    for seg_s, seg_e, seg in segs:
        nm = _names_in((seg_s, seg_e, seg), ev)
        if len(nm) != 1:
            continue
        n = nm[0]
        own_insts = ev.rec_insts.get(n, []) + ev.rec_insts.get(None, []) + ok_insts.get(n, []) + ok_insts.get(None, []) + [ev.now]
        own_durs = {x for x, o in ev.durs if o is None or ev.owner_name(o) in (n, None)} | ok_durs.get(n, set()) | ok_durs.get(None, set())
        own_nums = ok_nums.get(n, set()) | ok_nums.get(None, set())
        for d in ev.by_name[n]:
            for k2, v in d.items():
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    own_nums.add(round(float(v), 2))
                elif isinstance(v, dict):
                    for v2 in v.values():
                        if isinstance(v2, (int, float)) and not isinstance(v2, bool):
                            own_nums.add(round(float(v2), 2))
        for t in toks:
            if not (seg_s <= t["start"] < seg_e):
                continue
            if t["kind"] == "time":
                z = ev.zone_of_label(t["label"], [n]) if t["label"] else ev.local_zone
                known = {rd_local(i, z).hour * 60 + rd_local(i, z).minute for i in own_insts}
                assert t["minutes"] in known, f"{where}: time {t['text']!r} in {seg!r} is not {n}'s"
            elif t["kind"] == "dur":
                assert t["minutes"] in own_durs, f"{where}: duration {t['text']!r} in {seg!r} is not {n}'s"
        for m in _ID.finditer(seg):
            if m.group(0) in ev.by_id:
                assert any(ev.name_of(d) == n for d in ev.by_id[m.group(0)]), f"{where}: {m.group(0)} in {seg!r} is not {n}'s"
        seg_allowed = set(own_nums)
        for m in _WORK.finditer(seg):
            seg_allowed.add(round(float(m.group(2).lstrip("€£$").replace(",", "")), 2))
            for x in re.findall(r"[€£$]([\d,]+(?:\.\d+)?)", m.group(1)):
                seg_allowed.add(round(float(x.replace(",", "")), 2))
        for m in _MONEY.finditer(seg):
            x = _v(m.group(1), m.group(2))
            assert any(abs(x - y) < 0.006 for y in seg_allowed), f"{where}: {m.group(0)} in {seg!r} is not {n}'s"
    return n_checked


def _segments(text):
    out = []
    pos = 0
    for line in text.split("\n"):
        if line.startswith(("- ", "| ", "**")) or re.match(r"\d+\. ", line):
            out.append((pos, pos + len(line), line))
        else:
            p = 0
            for part in _SENT.split(line):
                s = line.find(part, p)
                out.append((pos + s, pos + s + len(part), part))
                p = s + len(part)
        pos += len(line) + 1
    return out


def _seg_at(segs, i):
    for s in segs:
        if s[0] <= i < s[1] or (i == s[1]):
            return s
    return (0, 0, "")


def _names_in(seg, ev):
    txt = seg[2]
    named = [n for n in ev.by_name if n in txt]
    return [n for n in named if not any(n != x and n in x for x in named)]


def _mask(text, spans):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            t[i] = " "
    return "".join(t)


# =========================================================================== the guard
STATS = {"clean": 0, "checks": 0, "dropped": 0, "kept": 0}


def _edited(a, idx, rep):
    return "".join(rep if i == idx else p for i, p in enumerate(a.parts))


def vet(scn, plan, w: Zw):
    where = f"{scn.name}/{plan.intent or '?'}"
    a = plan.answer
    ev = Ev(scn, plan)
    STATS["checks"] += read_answer(a.text, ev, w, scn, where)
    STATS["clean"] += 1
    names = set(ev.by_name)
    keep = []
    for c in a.cands:
        rep, orig, typ = c["replacement"], c["original"], c["type"]
        core = rep.strip("'\"`* ")
        drop = False
        if rep == orig or not core:
            drop = True
        elif typ in ("entity", "fabricated_attribute", "fabricated_id"):
            drop = fold(core) in ev.fb
        elif typ == "fabricated_section":
            ks = re.findall(r"\d+\.\d+", rep)
            drop = not ks or any(k in ev.keys for k in ks)
        elif c["idx"] in w.counts and typ in ("numeric", "negation"):
            cl = w.claims[w.counts[c["idx"]]]
            items = ev.lst(cl["lst"])
            true_k = sum(1 for x in items if ev.pred(cl["pred"], x)) if cl["pred"] else len(items)
            kk, _ = qparse(rep)
            drop = (len(items) if kk == "all" else kk) == true_k
        elif typ == "conflation" and c["category"] == "contradiction/entity":
            drop = rep not in ev.blob
        elif typ in ("numeric", "temporal", "conflation"):
            try:
                read_answer(_edited(a, c["idx"], rep), ev, w, scn, where)
                drop = True
            except AssertionError:
                drop = False
        if drop:
            STATS["dropped"] += 1
        else:
            keep.append(c)
            STATS["kept"] += 1
    a.cands = keep
    for typ in list(a.inserts):
        ok = []
        for t, clause in a.inserts[typ]:
            if typ == "fabricated_citation":
                raw = w.refs.get(t)
                if not raw or fold(raw) in ev.fb:
                    continue
            elif fold(t.rstrip(".")) in ev.fb:
                continue
            ok.append((t, clause))
        a.inserts[typ] = ok
    return plan
