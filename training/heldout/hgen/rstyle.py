"""Set r writer: the workplace chat bot of a mid-sized company, posting into Slack / Teams threads for internal teams.

The bot answers an employee's or a team's question in a thread of the IT service desk, facilities, people-ops or
finance-ops channel: it looks up the record (an asset, a badge, an invoice, an enrollment, a parcel, a licence pool),
reads the internal policy or KB article (numbered sections written "§2.1"), and sometimes takes one write action (an
order, an access request, a payment, a benefits change, a desk delivery, a seat assignment) that the system may refuse
by design with a reason code and an alternative. The final answer is the thread reply: a bold first line or a
"Summary:" line, terse lines that start with a status emoji (✅ ❌ ⚠️ ⏳ 📌), short "- " bullets, @mentions of people
(@dana.ortiz) and #channels, inline `code` for ticket keys, hostnames, IDs and codes, short dates with a relative date
next to them ("Tue 14 Jul (tomorrow)" or "Tue, Jul 14 (in 3 days)"), 12-hour times with a time-zone abbreviation
("3:30 PM ET"), arrow chains for the working ("2 × 45 min → 1 h 30 min", "$1,200 − $350 → $850 left",
"Mon 9 Mar + 14 days → Mon 23 Mar") and chat abbreviations (approx., w/, w/o, ETA, EOD, FYI, PTO).

Per answer, ``Bot`` picks the platform (Slack ``*bold*`` / Teams ``**bold**``), a bold first line or a "Summary:"
line, day-month ("Tue 14 Jul") or month-day ("Tue, Jul 14") dates, how often a relative date is added, whether whole
dollar amounts show cents, "PM" or "pm", and the sign-off line.

``vet`` is the evidence guard. It (1) drops edit candidates that could turn out to be supported (entity, identifier and
attribute replacements found anywhere in the run's evidence, system prompt or tool definitions, also after folding
accents and punctuation; section replacements that a fetched document has; numeric and temporal replacements that read
back to the original digits; temporal replacements whose date is itself an evidence or computed date; inserted
sentences whose fabricated reference or text occurs in the evidence) and (2) reads the clean answer back with an
independent reader of this style: every date (with or without weekday and year; the weekday must be that date's) must
be an evidence or computed date, and a relative date next to it ("(tomorrow)", "(in 6 days)", "(3 days ago)") must be
right for the run's date, which must itself be in the evidence; every 12-hour time must be a local time in the evidence
and its zone abbreviation a zone named in the evidence; every @mention, #channel, `code` span, URL, path and bare
identifier must occur in the evidence; every "§" section must exist in a fetched document; every amount, percentage,
duration, plain number and number-word count must equal, within the precision shown (or a hedge's tolerance), a number
in a tool result or a user turn or a value the template declared computed; and every arrow chain ("A − B → C",
"A + B → C", "N × A → C", "A × p% → C", "D + N days/weeks/months → D2") is recomputed from its displayed operands with
interval arithmetic and must agree with its displayed result. A clean answer that fails raises ``AssertionError``.
"""
from __future__ import annotations

import calendar
import datetime as dt
import json
import re
import unicodedata
from decimal import ROUND_HALF_UP, Decimal

from .common import A, R, mutate_id

MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
WD = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
NUMW = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
WORD_OF = {v: k for k, v in NUMW.items()}
UNIT_WORDS = (r"(?:parcels?|packages?|seats?|licen[cs]es?|invoices?|swipes?|doors?|days?|weeks?|months?|dependents?|"
              r"plans?|paychecks?|laptops?|devices?|users?|people|lines?|payments?|deliveries|delivery|attempts?|"
              r"business days?|requests?|tickets?)\b")
ZONES = {"ET": "America/New_York", "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles"}
BASE_OFF = {"ET": -5, "CT": -6, "MT": -7, "PT": -8}
SIGNOFFS = ["Reply in thread w/ questions.", "Ping me in this thread if anything looks off.",
            "Holler in thread if you need more.", "Questions → reply here.", "Anything else, just @ me here.",
            "I'll check this thread again before EOD."]


def rnd(x, dec=0):
    q = Decimal(1).scaleb(-dec)
    return float(Decimal(repr(float(x))).quantize(q, rounding=ROUND_HALF_UP))


def D(s):
    if isinstance(s, dt.datetime):
        return s.date()
    if isinstance(s, dt.date):
        return s
    return dt.date.fromisoformat(str(s)[:10])


def fold(s):
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch)).lower()


def squash(s):
    return re.sub(r"[^a-z0-9]", "", fold(s))


def add_months(d, n):
    y, m = divmod(d.month - 1 + n, 12)
    y += d.year
    m += 1
    return dt.date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


# --------------------------------------------------------------------------- time zones (US rules, no tz database)
def _nth_sunday(y, m, n):
    d = dt.date(y, m, 1)
    d += dt.timedelta(days=(6 - d.weekday()) % 7)
    return d + dt.timedelta(days=7 * (n - 1))


def utc_offset(abbr, day):
    day = D(day)
    dst = _nth_sunday(day.year, 3, 2) <= day < _nth_sunday(day.year, 11, 1)
    return BASE_OFF[abbr] + (1 if dst else 0)


def ts(day, hh, mm, abbr):
    """Local timestamp with offset: 2026-03-14T15:30:00-04:00."""
    off = utc_offset(abbr, day)
    return f"{D(day).isoformat()}T{hh:02d}:{mm:02d}:00{'-' if off < 0 else '+'}{abs(off):02d}:00"


# =========================================================================== the writer
class Bot:
    """One thread reply's formatting choices; records computed values and dates for ``vet``."""

    def __init__(self, r: R, today, tz="ET"):
        self.r = r
        self.today = D(today)
        self.tz = tz
        self.teams = r.random() < 0.35
        self.summary = r.random() < 0.4
        self.dm = r.random() < 0.5
        self.rel_p = r.choice([0.45, 0.7, 0.9])
        self.cents = r.random() < 0.45
        self.pm = r.choice(["PM", "PM", "pm"])
        self.signoff = r.choice(SIGNOFFS)
        self.calc = set()
        self.calc_dates = set()
        self.refs = {}

    # ---------------------------------------------------------------- bookkeeping
    def declare(self, v):
        if isinstance(v, (dt.date, dt.datetime)):
            self.calc_dates.add(D(v))
        else:
            self.calc.add(round(abs(float(v)), 6))

    def cite_text(self, text, raw):
        self.refs[text] = raw
        return text

    def fake_id(self, raw, r: R):
        return mutate_id(raw, r)

    # ---------------------------------------------------------------- numbers
    def money(self, x, calc=False, cents=None):
        v = rnd(abs(float(x)), 2)
        if calc:
            self.declare(x)
            self.declare(v)
        c = self.cents if cents is None else cents
        whole = abs(v - round(v)) < 1e-9
        return "$" + (f"{v:,.0f}" if whole and not c else f"{v:,.2f}")

    def n(self, x, unit=None, calc=False, word=False, pl=None):
        v = int(rnd(x))
        if calc:
            self.declare(v)
        txt = WORD_OF[v] if (word and unit and v in WORD_OF) else f"{v:,}"
        if unit:
            txt += " " + (unit if v == 1 else (pl or unit + "s"))
        return txt

    def num(self, x, dec=1, unit=None, calc=False):
        v = rnd(x, dec)
        if calc:
            self.declare(x)
            self.declare(v)
        return f"{v:,.{dec}f}" + (" " + unit if unit else "")

    def pct(self, x, dec=0, calc=False):
        v = rnd(x, dec)
        if calc:
            self.declare(x)
            self.declare(v)
        return (f"{v:.{dec}f}".rstrip("0").rstrip(".") if dec else f"{v:.0f}") + "%"

    def dur(self, minutes, calc=False):
        m = int(round(minutes))
        if calc:
            self.declare(m)
        h, mm = divmod(m, 60)
        if h and mm:
            return f"{h} h {mm} min"
        if h:
            return f"{h} h"
        return f"{mm} min"

    # ---------------------------------------------------------------- dates and times
    def _fmt(self, d, wd=True, year=None):
        if year is None:
            year = self.needs_year(d)
        w = WD[d.weekday()] if wd else None
        if self.dm:
            s = f"{d.day} {MON[d.month - 1]}" + (f" {d.year}" if year else "")
            return (w + " " + s) if w else s
        s = f"{MON[d.month - 1]} {d.day}" + (f", {d.year}" if year else "")
        return (w + ", " + s) if w else s

    def needs_year(self, d):
        k = abs((D(d) - self.today).days)
        return (D(d).year != self.today.year and k > 45) or k > 150

    def rel(self, d):
        k = (D(d) - self.today).days
        if k == 0:
            return "today"
        if k == 1:
            return "tomorrow"
        if k == -1:
            return "yesterday"
        if 2 <= k <= 14:
            return f"in {k} days"
        if -14 <= k <= -2:
            return f"{-k} days ago"
        return None

    def d(self, x, calc=False, rel=None, wd=True, year=None):
        dd = D(x)
        if calc:
            self.calc_dates.add(dd)
        s = self._fmt(dd, wd, year)
        if rel is None:
            rel = self.r.random() < self.rel_p
        if rel and self.rel(dd):
            s += f" ({self.rel(dd)})"
        return s

    def dpair(self, x, shift, calc=False, wd=True, year=None):
        """(clean date text, shifted date text) with the same layout and relative-date choice."""
        dd = D(x)
        use = self.r.random() < self.rel_p
        clean = self.d(dd, calc, rel=use, wd=wd, year=year)
        y = year if year is not None else self.needs_year(dd)
        fake = self._fmt(dd + dt.timedelta(days=shift), wd, y)
        if use and self.rel(dd) and self.rel(dd + dt.timedelta(days=shift)):
            fake += f" ({self.rel(dd + dt.timedelta(days=shift))})"
        return clean, fake

    def t(self, stamp, zone=True):
        """'2026-03-14T15:30:00-04:00' -> '3:30 PM ET'."""
        hh, mm = int(stamp[11:13]), int(stamp[14:16])
        h = hh % 12 or 12
        ap = ("AM" if hh < 12 else "PM") if self.pm == "PM" else ("am" if hh < 12 else "pm")
        sep = " " if self.pm == "PM" else ""
        return f"{h}:{mm:02d}{sep}{ap}" + (f" {self.tz}" if zone else "")

    # ---------------------------------------------------------------- thread parts
    def bold(self, s):
        return f"**{s}**" if self.teams else f"*{s}*"

    def head(self, a: A, *parts):
        """First line: bold headline or 'Summary: ...'; parts are text or (text, edit-kwargs)."""
        if self.summary:
            a.t("Summary: ")
        else:
            a.t("**" if self.teams else "*")
        for p in parts:
            if isinstance(p, tuple):
                a.x(p[0], **p[1])
            else:
                a.t(p)
        if not self.summary:
            a.t("**" if self.teams else "*")

    def line(self, a: A, mark):
        a.t("\n" + mark + " ")

    def bullet(self, a: A):
        a.t("\n- ")

    def code(self, a: A, tok, **kw):
        a.t("`")
        if kw:
            a.x(tok, **kw)
        else:
            a.t(tok)
        a.t("`")

    def close(self, a: A, offers=()):
        pool = list(offers) + [self.signoff]
        if self.r.random() < 0.7:
            a.t("\n" + self.r.choice(pool))


# =========================================================================== reading the reply back
_MONRX = "|".join(MON)
_WDRX = "|".join(WD)
_DM = re.compile(r"\b(?:(" + _WDRX + r") )?(\d{1,2}) (" + _MONRX + r")(?: (\d{4}))?\b")
_MD = re.compile(r"\b(?:(" + _WDRX + r"), )?(" + _MONRX + r") (\d{1,2})(?:, (\d{4}))?\b")
_ISO = re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?!\d)")
_REL = re.compile(r" \((today|tomorrow|yesterday|in (\d+) days|(\d+) days ago)\)")
_TIME = re.compile(r"\b(\d{1,2}):(\d{2}) ?(AM|PM|am|pm)(?: (ET|CT|MT|PT))?\b")
_URL = re.compile(r"https?://[^\s)\]>,;`]+")
_PATH = re.compile(r"(?<![\w:/.])/[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+")
_CODE = re.compile(r"`([^`\n]+)`")
_MENTION = re.compile(r"(?<![\w.])@([a-z][a-z0-9._-]*[a-z0-9])")
_CHANNEL = re.compile(r"(?<![\w&/])#([a-z][a-z0-9-]*[a-z0-9])")
_ID = re.compile(r"\b[A-Z][A-Z0-9]{0,5}(?:-[A-Z0-9]+)*-[A-Z0-9]*\d[A-Z0-9]*\b")
_SEC = re.compile(r"§ ?(\d+(?:\.\d+)*)")
_NUM = r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?"
_MONEY = re.compile(r"\$" + _NUM)
_PCT = re.compile(r"(?<![\w.])" + _NUM + r" ?%")
_DUR = re.compile(r"(?<![\w.])(\d+) h(?: (\d+) min)?\b|(?<![\w.])(\d+) min\b")
_PLAIN = re.compile(r"(?<![\w.#-])" + _NUM + r"(?![\w#]|\.\d|-\d)")
_NUMWRX = re.compile(r"\b(" + "|".join(NUMW) + r") (?:[a-z-]+ )?" + UNIT_WORDS, re.I)
_HEDGE = re.compile(r"(approx\.|~|about|roughly|around|nearly|almost|just over|over|more than|just under|under|less than) ?$",
                    re.I)


def _val(whole, frac):
    return float(whole.replace(",", "") + ("." + frac if frac else ""))


def _tol(frac):
    return 0.5 * 10 ** -len(frac) if frac else 0.0


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


def _strings(v, out):
    if isinstance(v, dict):
        for x in v.values():
            _strings(x, out)
    elif isinstance(v, list):
        for x in v:
            _strings(x, out)
    elif isinstance(v, bool) or v is None:
        pass
    elif isinstance(v, (int, float)):
        out.append(("n", float(v)))
    else:
        out.append(("s", str(v)))


def gather(plan):
    """Numbers, dates, local times and texts of the evidence (tool results and user turns)."""
    nums, dates, times, docs = set(), set(), set(), []
    users = [plan.request] + [m["text"] for m in plan.history if m["role"] == "user"]
    items = [("s", u) for u in users]
    for c in results(plan):
        if isinstance(c.result, str):
            docs.append(c.result)
            items.append(("s", c.result))
        else:
            _strings(c.result, items)
    for kind, v in items:
        if kind == "n":
            nums.add(round(abs(v), 6))
            continue
        for m in _ISO.finditer(v):
            try:
                dates.add(dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
            except ValueError:
                pass
        for m in re.finditer(r"(?<!\d)(\d{2}):(\d{2})(?!\d)", v):
            times.add(m.group(0))
        for m in re.finditer(r"(?<![\w.])" + _NUM, _ISO.sub(" ", re.sub(r"\d{2}:\d{2}(:\d{2})?", " ", v))):
            nums.add(round(_val(m.group(1), m.group(2)), 6))
    for d in dates:
        nums.add(float(d.year))
    return nums, dates, times, docs


def evidence_text(scn, plan):
    chunks = [plan.request, scn.system]
    for m in plan.history:
        if m["role"] in ("user", "assistant") and m.get("text"):
            chunks.append(m["text"])
        elif m["role"] == "tool":
            c = m["call"]
            chunks += [json.dumps(c.args, ensure_ascii=False), c.result if isinstance(c.result, str)
                       else json.dumps(c.result, ensure_ascii=False)]
    for turn in plan.turns:
        if turn.text:
            chunks.append(turn.text)
        for c in turn.calls:
            chunks += [json.dumps(c.args, ensure_ascii=False), c.result if isinstance(c.result, str)
                       else json.dumps(c.result, ensure_ascii=False)]
    for tool in scn.tools:
        chunks += [tool.name, tool.description, json.dumps(tool.params, ensure_ascii=False)]
    return "\n".join(chunks)


def section_in(tok, doc):
    """'2.1' exists when a line of the document starts with it (optionally after Markdown heading marks)."""
    return bool(re.search(r"(?m)^(?:#+ )?" + re.escape(tok) + r"(?:\.)?\s", doc))


def _mask(text, spans):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            if t[i] != "\n":
                t[i] = "#"
    return "".join(t)


def _resolve(today, mon, day, year, wd):
    """A date written without a year is the one nearest to the run's date."""
    if year:
        return dt.date(int(year), mon, day)
    best = None
    for y in (today.year - 1, today.year, today.year + 1):
        try:
            c = dt.date(y, mon, day)
        except ValueError:
            continue
        if best is None or abs((c - today).days) < abs((best - today).days):
            best = c
    return best


def date_spans(text, today):
    """(start, end, date, weekday or None, relative phrase or None) for every date written in the reply."""
    out = []
    for m in _DM.finditer(text):
        d = _resolve(today, MON.index(m.group(3)) + 1, int(m.group(2)), m.group(4), m.group(1))
        out.append([m.start(), m.end(), d, m.group(1)])
    for m in _MD.finditer(text):
        d = _resolve(today, MON.index(m.group(2)) + 1, int(m.group(3)), m.group(4), m.group(1))
        out.append([m.start(), m.end(), d, m.group(1)])
    for m in _ISO.finditer(text):
        out.append([m.start(), m.end(), dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))), None])
    res = []
    for s, e, d, wd in sorted(out, key=lambda x: x[0]):
        rm = _REL.match(text, e)
        rel = None
        if rm:
            rel = rm.group(1)
            e = rm.end()
        res.append((s, e, d, wd, rel))
    return res


def _rel_days(rel):
    if rel == "today":
        return 0
    if rel == "tomorrow":
        return 1
    if rel == "yesterday":
        return -1
    m = re.fullmatch(r"in (\d+) days", rel)
    if m:
        return int(m.group(1))
    return -int(re.fullmatch(r"(\d+) days ago", rel).group(1))


def _fits(v, tol, hedge, allowed):
    for x in allowed:
        if hedge in ("approx.", "~", "about", "roughly", "around"):
            if abs(x - v) <= max(tol, 0.06 * abs(x)):
                return True
        elif hedge in ("nearly", "almost", "just under", "under", "less than"):
            if x < v + tol and x >= v * 0.95 - tol:
                return True
        elif hedge in ("over", "just over", "more than"):
            if x > v - tol and x <= v * 1.1 + tol:
                return True
        if abs(x - v) <= tol + 1e-9:
            return True
    return False


# ---------------------------------------------------------------- arrow chains
def _term(s):
    """Interval of one displayed operand: '$1,200' / '45 min' / '1 h 30 min' / '80%' / '47 assigned'."""
    s = s.strip()
    m = re.match(r"(\d+) h(?: (\d+) min)?\b", s)
    if m:
        v = int(m.group(1)) * 60 + int(m.group(2) or 0)
        return (v, v, "min")
    m = re.match(r"(\d+) min\b", s)
    if m:
        v = int(m.group(1))
        return (v, v, "min")
    m = re.match(r"(?:~ ?)?(\$)?" + _NUM + r"( ?%)?", s)
    if not m:
        return None
    v, t = _val(m.group(2), m.group(3)), _tol(m.group(3) or "")
    if m.group(4):
        return ((v - t) / 100, (v + t) / 100, "pct")
    return (v - t, v + t, "money" if m.group(1) else "n")


def _mul(a, b):
    ps = [a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1]]
    return (min(ps), max(ps))


def check_arrows(text, today):
    """Recompute every arrow chain; returns the number checked."""
    n = 0
    spans = date_spans(text, today)
    # date arithmetic: D + N days|weeks|months -> D2
    for i, (s, e, d, _, _) in enumerate(spans):
        m = re.match(r" ([+−]) (\d+) (days?|weeks?|months?|business days?) → ", text[e:])
        if not m:
            continue
        nxt = [x for x in spans if x[0] == e + m.end()]
        assert nxt, f"date working without a result date: {text[s:e + m.end() + 12]!r}"
        k = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
        unit = m.group(3)
        if unit.startswith("day"):
            got = d + dt.timedelta(days=k)
        elif unit.startswith("week"):
            got = d + dt.timedelta(days=7 * k)
        elif unit.startswith("month"):
            got = add_months(d, k)
        else:
            got, left = d, abs(k)
            while left:
                got += dt.timedelta(days=1 if k > 0 else -1)
                if got.weekday() < 5:
                    left -= 1
        assert got == nxt[0][2], f"date working does not add up: {text[s:nxt[0][1]]!r}"
        n += 1
    body = _mask(text, [(s, e) for s, e, _, _, _ in spans])
    for m in re.finditer(r"→", body):
        start = max(body.rfind(x, 0, m.start()) + len(x) for x in ("\n", "(", ": ", "; ", ", ", "— ", "- ", "* ", "·"))
        lhs = re.sub(r"^[^\w$~]+", "", body[start:m.start()].strip())
        rhs = body[m.end():].lstrip()
        if "#" in lhs or not re.search(r"\d", lhs) or not re.search(r" [−+×] ", lhs):
            continue          # not arithmetic (a status change, a date working checked above)
        chunks = re.split(r" ([−+]) ", lhs)
        total = None
        sign = "+"
        for k, ch in enumerate(chunks):
            if k % 2 == 1:
                sign = ch
                continue
            prod = None
            for f in ch.split(" × "):
                tv = _term(f)
                assert tv is not None, f"cannot read operand {f!r} in {lhs!r}"
                iv = (tv[0], tv[1])
                prod = iv if prod is None else _mul(prod, iv)
            if total is None:
                total = prod
            elif sign == "+":
                total = (total[0] + prod[0], total[1] + prod[1])
            else:
                total = (total[0] - prod[1], total[1] - prod[0])
        rv = _term(rhs)
        assert rv is not None, f"cannot read the result of {lhs!r} → {rhs[:20]!r}"
        assert rv[0] <= total[1] + 1e-6 and total[0] <= rv[1] + 1e-6, \
            f"working does not add up: {lhs!r} → {rhs[:24]!r} (got {total})"
        n += 1
    return n


def check_clean(scn, plan, w: Bot):
    text = plan.answer.text
    where = f"{scn.name}/{plan.intent or '?'}"
    nums, dates, times, docs = gather(plan)
    blob = evidence_text(scn, plan)
    fb, sb = fold(blob), squash(blob)
    allowed = nums | w.calc
    all_dates = dates | w.calc_dates
    masks = []
    # dates, weekdays, relative dates
    for s, e, d, wd, rel in date_spans(text, w.today):
        assert d in all_dates, f"{where}: date {text[s:e]!r} is neither in the evidence nor computed\n{text}"
        if wd:
            assert WD[d.weekday()] == wd, f"{where}: wrong weekday in {text[s:e]!r}\n{text}"
        if rel:
            assert w.today in dates, f"{where}: relative date {rel!r} but the run's date is not in the evidence"
            assert (d - w.today).days == _rel_days(rel), f"{where}: wrong relative date in {text[s:e]!r}\n{text}"
        masks.append((s, e))
    # times with a zone
    for m in _TIME.finditer(_mask(text, masks)):
        hh = int(m.group(1)) % 12 + (12 if m.group(3).lower() == "pm" else 0)
        hm = f"{hh:02d}:{m.group(2)}"
        assert hm in times, f"{where}: time {m.group(0)!r} is not a local time in the evidence\n{text}"
        if m.group(4):
            assert ZONES[m.group(4)] in blob, f"{where}: zone {m.group(4)} not named in the evidence"
        masks.append((m.start(), m.end()))
    # URLs and paths
    for rx in (_URL, _PATH):
        for m in rx.finditer(_mask(text, masks)):
            tok = m.group(0).rstrip(".")
            assert tok in blob, f"{where}: {tok!r} not in the evidence\n{text}"
            masks.append((m.start(), m.start() + len(tok)))
    # sections
    for m in _SEC.finditer(_mask(text, masks)):
        assert any(section_in(m.group(1), d) for d in docs), f"{where}: section {m.group(0)!r} not in a fetched document\n{text}"
        masks.append((m.start(), m.end()))
    # code spans, mentions, channels, identifiers
    for m in _CODE.finditer(_mask(text, masks)):
        tok = m.group(1)
        assert fold(tok) in fb or (len(squash(tok)) >= 4 and squash(tok) in sb), f"{where}: `{tok}` not in the evidence\n{text}"
        masks.append((m.start(), m.end()))
    for m in _MENTION.finditer(_mask(text, masks)):
        assert m.group(1) in blob, f"{where}: mention @{m.group(1)} not in the evidence\n{text}"
        masks.append((m.start(), m.end()))
    for m in _CHANNEL.finditer(_mask(text, masks)):
        assert "#" + m.group(1) in blob, f"{where}: channel #{m.group(1)} not in the evidence\n{text}"
        masks.append((m.start(), m.end()))
    for m in _ID.finditer(_mask(text, masks)):
        assert fold(m.group(0)) in fb, f"{where}: identifier {m.group(0)!r} not in the evidence\n{text}"
        masks.append((m.start(), m.end()))
    for m in re.finditer(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b", _mask(text, masks)):
        assert m.group(0) in blob, f"{where}: code {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    t3 = _mask(text, masks)
    # durations
    for m in _DUR.finditer(t3):
        if m.group(3):
            mins = int(m.group(3))
        else:
            mins = int(m.group(1)) * 60 + int(m.group(2) or 0)
        hedge = _HEDGE.search(t3[max(0, m.start() - 12):m.start()])
        hedge = hedge.group(1).lower() if hedge else None
        ok = _fits(mins, 0, hedge, allowed) or (not m.group(2) and not m.group(3) and _fits(int(m.group(1)), 0, hedge, allowed))
        assert ok, f"{where}: duration {m.group(0)!r} is not an evidence or computed value\n{text}"
    t3 = _mask(t3, [(m.start(), m.end()) for m in _DUR.finditer(t3)])
    for rx in (_MONEY, _PCT, _PLAIN):
        for m in rx.finditer(t3):
            v, tol = _val(m.group(1), m.group(2)), _tol(m.group(2) or "")
            hedge = _HEDGE.search(t3[max(0, m.start() - 12):m.start()])
            hedge = hedge.group(1).lower() if hedge else None
            assert _fits(v, tol, hedge, allowed), f"{where}: {m.group(0)!r} is not an evidence or computed value\n{text}"
        t3 = _mask(t3, [(m.start(), m.end()) for m in rx.finditer(t3)])
    for m in _NUMWRX.finditer(t3):
        v = NUMW[m.group(1).lower()]
        assert float(v) in allowed, f"{where}: count {m.group(0)!r} is not an evidence or computed value\n{text}"
    check_arrows(text, w.today)
    return nums, all_dates, docs, blob


def _readings(s):
    return sorted(re.findall(r"\d+", s.replace(",", "")))


def _trim(a: A):
    """Keep insertion points that follow a finished sentence (or precede a sentence-final period)."""
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
        if k == "clause" and nxt != ".":
            continue
        if k == "s" and not (prev.rstrip(" ").endswith((".", ")")) and nxt in ("", "\n")):
            continue
        if k == "bullet" and nxt not in ("", "\n"):
            continue
        keep.append((p, k))
    a.points = keep


_REFX = re.compile(r"§ ?(\d+(?:\.\d+)*)")


def vet(scn, plan, w: Bot):
    """Evidence guard (module docstring). Returns the plan."""
    _trim(plan.answer)
    nums, dates, docs, blob = check_clean(scn, plan, w)
    fl, sq = fold(blob), squash(blob)
    a = plan.answer
    keep = []
    for c in a.cands:
        rep, orig = c["replacement"], c["original"]
        core = rep.strip("'\"`*@ ")
        if not core or rep == orig:
            continue
        if c["type"] in ("entity", "fabricated_attribute"):
            if fold(core) in fl or (len(squash(core)) >= 3 and squash(core) in sq):
                continue
        if c["type"] == "fabricated_id":
            if squash(core) in sq or squash(core) == squash(orig):
                continue
        if c["type"] == "fabricated_section":
            ms = _REFX.findall(rep)
            if not ms or any(section_in(tok, d) for tok in ms for d in docs):
                continue
        if c["type"] in ("numeric", "temporal") or (c["type"] == "conflation" and c["category"] in
                                                    ("contradiction/numerical", "contradiction/temporal")):
            if _readings(orig) == _readings(rep):
                continue
        if c["type"] == "temporal":
            if any(d in dates | w.calc_dates for _, _, d, _, _ in date_spans(rep, w.today)):
                continue
        keep.append(c)
    a.cands = keep
    for typ in list(a.inserts):
        ok = []
        for t, clause in a.inserts[typ]:
            if typ == "fabricated_citation":
                raw = w.refs.get(t)
                if not raw or fold(raw) in fl or squash(raw) in sq:
                    continue
            elif fold(t.rstrip(".")) in fl:
                continue
            ok.append((t, clause))
        a.inserts[typ] = ok
    return plan
