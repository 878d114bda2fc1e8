"""Set u writer: a terse mobile dispatch / field-service assistant answering as push notifications and SMS-length chat.

The agent looks up a field-service record (a pumping route, a tree-care work order, a locksmith call-out, a pool route
visit, a chimney sweep appointment, a window-cleaning crew job), reads the company's numbered service terms (fetched by
path or by URL), and sometimes takes one write action (reschedule, dispatch, add a stop, book a re-clean …) that the
system may refuse by design with a reason code and an alternative.

The final answer is a short phone message to a technician or a customer: short lines, sentence fragments without verbs
or articles ("Job SP-61062 → rescheduled ✓", "Next open: Tue 6/2, 8–10a"), abbreviations (appt, est., ETA, hrs,
min / mins, cyl, insp., w/, Conf. no., Acct, Cust, x2, after-hrs), symbols (→ ~ × @ # + ✓ ✗ · §), at most one emoji
(⚠️ 📍 …) per message, US short dates with a weekday ("Tue 5/12"), "5/12", "5/12/26" or "May 12" (one form per answer),
12-hour times without ":00" ("3p", "10:30a") or "3 PM" (one form per answer), durations "1h 45m" / "105 min" / "2 hrs",
money "$1,240" / "$86.50", percentages, windows as ranges with hyphens or en dashes ("2–4p", "11a-1p"), bullets "•" or
"-", some lines all lower-case, "FYI", "Heads up", "pls", "thx", and a final one-line call to action ("Reply Y to
confirm", "Tap to reschedule", "Call dispatch 555-0142 if needed" — only numbers of the evidence). Workings are terse:
"2 of 5 stops done → 3 left", "1,500 gal × $0.38 = $570", "11:15a + 35 min → ~11:50a", "4/26 + 10 business days = 5/8".

``Sms`` holds one answer's formatting choices and records the values, dates and times the template computed.

``vet`` is the evidence guard. It (1) drops edit candidates that could be supported by the evidence (entity,
identifier and attribute replacements found anywhere in the run's evidence, system prompt or tool definitions, also
after folding accents and punctuation; section references that a fetched document has; numeric replacements that do not
change a figure or whose new figure is an evidence or computed value; temporal replacements that do not change a date or
time or whose new date or time is an evidence or computed one; inserted sentences whose fabricated reference or text
occurs in the evidence) and (2) reads the clean answer back with an independent reader of this style
(``check_clean``; its own parsers for short dates, 12-hour times and ranges, durations, money, percentages, phone
numbers, identifiers, codes, section marks and abbreviations, not the writer's helpers): no ISO dates, no 24-hour times,
no Markdown marks, at most one emoji; every date (with the weekday checked), time, amount, percentage, duration and bare
figure is an evidence value or a value the template declared computed; every phone number, identifier, code and
snake_case value occurs in the evidence; every "§" reference is a numbered item of a fetched document; every capitalised
name occurs in the evidence apart from the register's own words; and every working is recomputed from its displayed
operands ("X of Y … → Z left", "A × B = C", "A + B − C = D", "p% of A = B", "T + N min → T2", "N min after T → T2",
"D + N days | business days | wks = D2"); a chain of operators without a result fails. A clean answer that fails raises
``AssertionError``.
"""
from __future__ import annotations

import calendar
import datetime as dt
import json
import re
import unicodedata

from .common import EDIT_CATEGORY, INSERT_TYPES, A, R, mutate_id

WD3 = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MON3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
ZONES = {"America/New_York": (-5, True), "America/Chicago": (-6, True), "America/Denver": (-7, True),
         "America/Phoenix": (-7, False), "America/Los_Angeles": (-8, True)}
EMOJI = ["⚠️", "📍", "🚚", "🔧", "✅", "📅", "🔑", "🌳", "🧹", "💧"]


# =========================================================================== dates, zones
def D(s):
    if isinstance(s, dt.datetime):
        return s.date()
    if isinstance(s, dt.date):
        return s
    return dt.date.fromisoformat(str(s)[:10])


def _nth_sunday(y, m, n):
    d = dt.date(y, m, 1)
    d += dt.timedelta(days=(6 - d.weekday()) % 7)
    return d + dt.timedelta(days=7 * (n - 1))


def utc_offset(zone, day):
    base, dst = ZONES[zone]
    day = D(day)
    if dst and _nth_sunday(day.year, 3, 2) <= day < _nth_sunday(day.year, 11, 1):
        return base + 1
    return base


def ts(day, hh, mm, zone):
    """Local timestamp with its UTC offset: 2026-05-12T14:30:00-05:00."""
    off = utc_offset(zone, day)
    return f"{D(day).isoformat()}T{hh:02d}:{mm:02d}:00{'-' if off < 0 else '+'}{abs(off):02d}:00"


def add_bdays(d, n):
    d = D(d)
    step = 1 if n >= 0 else -1
    n = abs(n)
    while n:
        d += dt.timedelta(days=step)
        if d.weekday() < 5:
            n -= 1
    return d


def hm(stamp):
    """(hour, minute) of a local timestamp."""
    return int(stamp[11:13]), int(stamp[14:16])


def add_min(stamp, minutes):
    """A local timestamp shifted by minutes (same day and offset)."""
    h, m = hm(stamp)
    tot = h * 60 + m + minutes
    assert 0 <= tot < 24 * 60
    return f"{stamp[:11]}{tot // 60:02d}:{tot % 60:02d}{stamp[16:]}"


def fold(s):
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch)).lower()


def squash(s):
    return re.sub(r"[^a-z0-9]", "", fold(s))


# =========================================================================== the writer
CTAS = ["Reply Y to confirm", "Tap to reschedule", "Reply Y to confirm, N to pick another time", "Tap for details",
        "Reply w/ questions"]


class Sms:
    """One message's formatting choices; records computed values, dates and times for ``vet``."""

    def __init__(self, r: R, today):
        self.r = r
        self.today = D(today)
        self.dform = r.choice(["wd", "wd", "wd", "md", "mdy", "mon"])
        self.tform = r.choice(["ap", "ap", "ap", "AP"])
        self.dash = r.choice(["–", "-"])
        self.bul = r.choice(["• ", "- ", "", ""])
        self.lower = r.random() < 0.35
        self.emoji = r.choice(EMOJI) if r.random() < 0.5 else None
        self.cta = r.choice(CTAS)
        self.dmin = r.choice(["min", "mins"])
        self.dform_h = r.random() < 0.7
        self.thx = r.choice(["", "", ", thx", " — thx!", " pls"])
        self.fyi = r.random() < 0.3
        self.calc, self.calc_dates, self.calc_times = set(), set(), set()
        self.refs = {}

    # ---------------------------------------------------------------- bookkeeping
    def declare(self, v):
        if isinstance(v, (dt.date, dt.datetime)):
            self.calc_dates.add(D(v))
        else:
            self.calc.add(round(abs(float(v)), 6))

    def declare_time(self, stamp):
        self.calc_times.add(stamp[11:16])

    def cite(self, text, raw):
        self.refs[text] = raw
        return text

    def fake_id(self, raw, r: R):
        return mutate_id(raw, r)

    def lc(self, s):
        """Some lines all lower-case (only lines without names or identifiers are passed here)."""
        return s.lower() if self.lower else s

    def b(self):
        return self.bul

    def fy(self):
        """An occasional 'FYI ' before a side note."""
        return "FYI " if self.fyi else ""

    # ---------------------------------------------------------------- figures
    def n(self, x, calc=False):
        if calc:
            self.declare(x)
        return f"{int(x):,}" if float(x) == int(x) else f"{x}"

    def usd(self, x, calc=False):
        x = round(float(x), 2)
        if calc:
            self.declare(x)
        return f"${x:,.0f}" if x == int(x) else f"${x:,.2f}"

    def pct(self, x, calc=False):
        if calc:
            self.declare(x)
        return f"{x:g}%"

    def dur(self, minutes, calc=False):
        """'40 min', '40 mins', '1h 45m', '105 min', '2 hrs'."""
        m = int(minutes)
        if calc:
            self.declare(m)
        if m < 60:
            return f"{m} {self.dmin}"
        h, mm = divmod(m, 60)
        if self.dform_h and mm:
            return f"{h}h {mm}m"
        if not mm:
            return f"{h} {'hr' if h == 1 else 'hrs'}"
        return f"{m} min"

    # ---------------------------------------------------------------- dates and times
    def _fmt(self, d):
        if self.dform == "wd":
            return f"{WD3[d.weekday()]} {d.month}/{d.day}"
        if self.dform == "md":
            return f"{d.month}/{d.day}"
        if self.dform == "mdy":
            return f"{d.month}/{d.day}/{d.year % 100:02d}"
        return f"{MON3[d.month - 1]} {d.day}"

    def d(self, x, calc=False):
        dd = D(x)
        if calc:
            self.calc_dates.add(dd)
        return self._fmt(dd)

    def dpair(self, x, shift, calc=False):
        dd = D(x)
        return self.d(dd, calc), self._fmt(dd + dt.timedelta(days=shift))

    def _tfmt(self, h, m, suffix=True):
        h12 = h % 12 or 12
        if self.tform == "ap":
            s = f"{h12}" + (f":{m:02d}" if m else "")
            return s + (("a" if h < 12 else "p") if suffix else "")
        s = f"{h12}" + (f":{m:02d}" if m else "")
        return s + ((" AM" if h < 12 else " PM") if suffix else "")

    def t(self, stamp, calc=False):
        if calc:
            self.declare_time(stamp)
        h, m = hm(stamp)
        return self._tfmt(h, m)

    def tpair(self, stamp, shift, calc=False):
        return self.t(stamp, calc), self.t(add_min(stamp, shift))

    def rng(self, s1, s2):
        """'2–4p', '11a–1p', '2 PM–4 PM'."""
        h1, m1 = hm(s1)
        h2, m2 = hm(s2)
        if self.tform == "ap" and (h1 < 12) == (h2 < 12):
            return self._tfmt(h1, m1, False) + self.dash + self._tfmt(h2, m2)
        if self.tform == "ap":
            return self._tfmt(h1, m1) + self.dash + self._tfmt(h2, m2)
        return self._tfmt(h1, m1) + "–" + self._tfmt(h2, m2)

    def rpair(self, s1, s2, shift):
        return self.rng(s1, s2), self.rng(add_min(s1, shift), add_min(s2, shift))


class M(A):
    """The answer builder of this style: an inserted line goes on its own line (no blank line), a bullet insertion
    takes the message's own bullet mark."""

    bullet = "- "

    def apply(self, chosen, r: R):
        repl, ins_at, used_idx, used_pos = {}, {}, set(), set()
        records = []
        for typ in chosen:
            if typ in INSERT_TYPES:
                opts = self.inserts.get(typ, [])
                r.shuffle(opts)
                done = False
                for text, clause in opts:
                    kinds = ["clause"] if clause else ["s", "para", "bullet"]
                    pts = [(p, k) for p, k in self.points if k in kinds and p not in used_pos]
                    if not pts:
                        continue
                    pos, kind = r.choice(pts)
                    used_pos.add(pos)
                    sep = {"s": " ", "para": "\n", "bullet": "\n" + self.bullet, "clause": ", "}[kind]
                    rec = {"type": typ, "category": EDIT_CATEGORY[typ], "original": None, "replacement": text}
                    ins_at.setdefault(pos, []).append((sep, text, rec))
                    records.append(rec)
                    done = True
                    break
                if not done:
                    return None
            else:
                cands = [c for c in self.cands if c["type"] == typ and c["idx"] not in used_idx]
                if not cands:
                    return None
                c = r.choice(cands)
                used_idx.add(c["idx"])
                rec = {"type": typ, "category": c["category"], "original": c["original"], "replacement": c["replacement"]}
                repl[c["idx"]] = (c["replacement"], rec)
                records.append(rec)
        out, spans, pos = [], [], 0
        for i in range(len(self.parts) + 1):
            for sep, text, rec in ins_at.get(i, []):
                out.append(sep)
                pos += len(sep)
                spans.append({"start": pos, "end": pos + len(text), "category": rec["category"], "text": text})
                out.append(text)
                pos += len(text)
            if i < len(self.parts):
                if i in repl:
                    s, rec = repl[i]
                    spans.append({"start": pos, "end": pos + len(s), "category": rec["category"], "text": s})
                else:
                    s = self.parts[i]
                out.append(s)
                pos += len(s)
        answer = "".join(out)
        spans.sort(key=lambda s: s["start"])
        edits = [{"type": e["type"], "category": e["category"], "original": e["original"],
                  "replacement": e["replacement"]} for e in records]
        return answer, spans, edits


def emit_cta(a: A, w: Sms, phone=None):
    """The final one-line call to action; 'Call dispatch …' only with a phone number of the evidence."""
    if phone and w.r.random() < 0.4:
        a.t("\n" + w.r.choice(["Call dispatch ", "Questions? Call ", "Call office "]) + phone + w.r.choice([" if needed", "", " anytime"]))
    else:
        a.t("\n" + w.cta + w.thx)


# =========================================================================== the reader (independent of the writer)
_MONRX = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec"
_WDRX = "Mon|Tue|Wed|Thu|Fri|Sat|Sun"
_MONN = {m: i + 1 for i, m in enumerate(_MONRX.split("|"))}
_DATE = re.compile(r"(?<![\w/$])(?:(" + _WDRX + r") )?(?:(\d{1,2})/(\d{1,2})(?:/(\d{2}))?(?![\d/])|(" + _MONRX
                   + r") (\d{1,2})(?![\d:]|\s?[ap]\b|\s?[AP]M\b))")
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}")
_H24 = re.compile(r"(?<![\d:])([01]\d|2[0-3]):[0-5]\d(?![\d:])")
_MER = r"(?:[ap](?![A-Za-z])| ?[AP]M\b)"
_TRNG = re.compile(r"(?<![\w.:$/])(\d{1,2})(?::(\d{2}))?(" + _MER + r")?\s?[–-]\s?(\d{1,2})(?::(\d{2}))?(" + _MER + r")")
_TONE = re.compile(r"(?<![\w.:$/])(\d{1,2})(?::(\d{2}))?(" + _MER + r")")
_PHONE = re.compile(r"(?<![\d-])(?:\(\d{3}\) )?\d{3}-\d{4}(?![\d-])")
_URL = re.compile(r"https?://[^\s)\]>,;\"]+")
_PATH = re.compile(r"(?<![\w:/.])/[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+")
_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b")
_CODE = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
_SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_SEC = re.compile(r"§ ?(\d+(?:\.\d+)*)((?:\([a-z]\))*)")
_MONEY = re.compile(r"\$(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?(?!\d)")
_PCT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)%")
_DUR = re.compile(r"(?<![\w.])(?:(\d+)h(?: (\d{1,2})m)?|(\d+)m|(\d+) ?(?:min|mins|minutes)|(\d+(?:\.\d+)?) ?(?:hr|hrs|hours))\b")
_NUM = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\d])")
_EMO = re.compile("[\U0001F300-\U0001FAFF\u26A0\u2705\u23F0]")


def _val(whole, frac):
    return float(whole.replace(",", "") + ("." + frac if frac else ""))


def _mask(text, spans):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            if t[i] != "\n":
                t[i] = "#"
    return "".join(t)


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


def _walk(v, out):
    if isinstance(v, dict):
        for x in v.values():
            _walk(x, out)
    elif isinstance(v, list):
        for x in v:
            _walk(x, out)
    elif isinstance(v, bool) or v is None:
        pass
    elif isinstance(v, (int, float)):
        out.append(("n", float(v)))
    else:
        out.append(("s", str(v)))


def gather(plan):
    """Numbers, dates, local times and documents of the evidence (tool results and user turns)."""
    nums, dates, times, docs = set(), set(), set(), []
    items = [("s", u) for u in [plan.request] + [m["text"] for m in plan.history if m["role"] == "user"]]
    for c in results(plan):
        if isinstance(c.result, str):
            docs.append(c.result)
            items.append(("d", c.result))
        else:
            _walk(c.result, items)
    for kind, v in items:
        if kind == "n":
            nums.add(round(abs(v), 6))
            continue
        for m in re.finditer(r"(\d{4})-(\d{2})-(\d{2})", v):
            try:
                dates.add(dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
            except ValueError:
                pass
        for m in re.finditer(r"(?<![\d:])(\d{2}):(\d{2})(?!\d)", v):
            times.add(m.group(0))
        for m in re.finditer(r"(?<![\d:])(\d{1,2})(?::(\d{2}))? ?(AM|PM)\b", v):
            hh = int(m.group(1)) % 12 + (12 if m.group(3) == "PM" else 0)
            times.add(f"{hh:02d}:{int(m.group(2) or 0):02d}")
        s = re.sub(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)?)?", " ", v)
        s = re.sub(r"\d{2}:\d{2}", " ", s)
        s = re.sub(r"\d{1,2}(?::\d{2})? ?(?:AM|PM)\b", " ", s)
        s = _URL.sub(" ", s)
        s = _PATH.sub(" ", s)
        s = _ID.sub(" ", s)
        s = _PHONE.sub(" ", s)
        if kind == "d":
            s = re.sub(r"(?m)^\s*(#+ )?\d+(\.\d+)*\.?(?=\s)", " ", s)
        for m in re.finditer(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?", s):
            nums.add(round(_val(m.group(1), m.group(2)), 6))
    return nums, dates, times, docs


def evidence_text(scn, plan):
    chunks = [plan.request, scn.system]
    for m in plan.history:
        if m["role"] in ("user", "assistant") and m.get("text"):
            chunks.append(m["text"])
        elif m["role"] == "tool":
            c = m["call"]
            chunks += [json.dumps(c.args, ensure_ascii=False),
                       c.result if isinstance(c.result, str) else json.dumps(c.result, ensure_ascii=False)]
    for turn in plan.turns:
        if turn.text:
            chunks.append(turn.text)
        for c in turn.calls:
            chunks += [json.dumps(c.args, ensure_ascii=False),
                       c.result if isinstance(c.result, str) else json.dumps(c.result, ensure_ascii=False)]
    for tool in scn.tools:
        chunks += [tool.name, tool.description, json.dumps(tool.params, ensure_ascii=False)]
    return "\n".join(chunks)


def doc_keys(doc):
    """Numbered items of a fetched document: '4.2', '4.2(b)'."""
    keys, last = set(), None
    for ln in doc.split("\n"):
        s = ln.strip()
        m = re.match(r"(?:#+ )?(\d+(?:\.\d+)+|\d+)\.?\s", s)
        if m:
            last = m.group(1)
            keys.add(last)
            continue
        m = re.match(r"\(([a-z])\)\s", s)
        if m and last:
            keys.add(f"{last}({m.group(1)})")
    return keys


def _resolve(mo, day, yy, today, pool):
    """A short date to a calendar date: the year is given ('5/12/26') or the one near the run date found in pool."""
    if yy is not None:
        return [dt.date(2000 + yy, mo, day)]
    out = []
    for y in (today.year - 1, today.year, today.year + 1):
        try:
            out.append(dt.date(y, mo, day))
        except ValueError:
            pass
    hit = [d for d in out if d in pool]
    return hit or out


def read_dates(text, today, pool):
    """(start, end, date, weekday) for every short date; the date is one of pool when it can be."""
    out = []
    for m in _DATE.finditer(text):
        if m.group(2):
            mo, day = int(m.group(2)), int(m.group(3))
            yy = int(m.group(4)) if m.group(4) else None
        else:
            mo, day, yy = _MONN[m.group(5)], int(m.group(6)), None
        assert 1 <= mo <= 12 and 1 <= day <= 31, f"not a date: {m.group(0)!r}"
        cands = _resolve(mo, day, yy, today, pool)
        wd = m.group(1)
        if wd:
            ok = [d for d in cands if WD3[d.weekday()] == wd]
            assert ok, f"wrong weekday in {m.group(0)!r}"
            cands = ok
        out.append((m.start(), m.end(), cands[0], wd))
    return out


def _hour(h, mnt, mer):
    h = int(h)
    mnt = int(mnt) if mnt else 0
    assert 1 <= h <= 12 and 0 <= mnt < 60, f"bad 12-hour time {h}:{mnt}"
    pm = mer.strip().lower().startswith("p")
    return (h % 12 + (12 if pm else 0)), mnt


def read_times(text):
    """(start, end, [HH:MM …]) for time ranges and single times."""
    out, taken = [], []
    for m in _TRNG.finditer(text):
        h2, m2 = _hour(m.group(4), m.group(5), m.group(6))
        mer1 = m.group(3) or m.group(6)
        h1, m1 = _hour(m.group(1), m.group(2), mer1)
        if not m.group(3) and h1 * 60 + m1 > h2 * 60 + m2:      # '11–1p' means 11a–1p
            h1, m1 = _hour(m.group(1), m.group(2), "a")
        out.append((m.start(), m.end(), [f"{h1:02d}:{m1:02d}", f"{h2:02d}:{m2:02d}"]))
        taken.append((m.start(), m.end()))
    for m in _TONE.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        h, mm = _hour(m.group(1), m.group(2), m.group(3))
        out.append((m.start(), m.end(), [f"{h:02d}:{mm:02d}"]))
    return sorted(out)


def read_terms(text):
    """Figures of the message: (start, end, kind, value, tol) for money, percentages, durations (minutes) and numbers."""
    terms, taken = [], []

    def free(s, e):
        return not any(a < e and s < b for a, b in taken)

    for m in _MONEY.finditer(text):
        whole = m.group(1)
        assert "," in whole or len(whole) <= 3, f"amount {m.group(0)!r} without thousands separator"
        terms.append((m.start(), m.end(), "money", _val(whole, m.group(2)), 0.0))
        taken.append((m.start(), m.end()))
    for m in _PCT.finditer(text):
        if free(m.start(), m.end()):
            terms.append((m.start(), m.end(), "pct", float(m.group(1)), 0.0))
            taken.append((m.start(), m.end()))
    for m in _DUR.finditer(text):
        if not free(m.start(), m.end()):
            continue
        if m.group(1):
            v = int(m.group(1)) * 60 + int(m.group(2) or 0)
        elif m.group(3):
            v = int(m.group(3))
        elif m.group(4):
            v = int(m.group(4))
        else:
            v = float(m.group(5)) * 60
        terms.append((m.start(), m.end(), "dur", float(v), 0.0))
        taken.append((m.start(), m.end()))
    for m in re.finditer(r"(?<![\w])x(\d+)\b", text):
        terms.append((m.start() + 1, m.end(), "num", float(m.group(1)), 0.0))
        taken.append((m.start(), m.end()))
    for m in _NUM.finditer(text):
        if free(m.start(), m.end()):
            terms.append((m.start(), m.end(), "num", _val(m.group(1), m.group(2)), 0.0))
    return sorted(terms)


def _fits(v, allowed, tol=1e-6):
    return any(abs(x - v) <= tol for x in allowed)


def term_ok(kind, v, allowed):
    if kind == "pct":
        return _fits(v, allowed) or _fits(v / 100, allowed)
    if kind == "dur":
        return _fits(v, allowed) or _fits(v / 60, allowed)
    return _fits(v, allowed)


_OP = {"×": "*", "+": "+", "−": "-", "-": "-", "÷": "/"}


def _gap_op(gap):
    g = gap.replace("~", "").strip()
    mu = re.fullmatch(r" [A-Za-z][A-Za-z.-]* (×|÷) ", gap)       # '1,000 gal × $0.38', '7 crew-hrs × $90'
    if mu:
        return _OP[mu.group(1)]
    if g in _OP and gap.startswith(" ") and gap.rstrip("~").endswith(" "):
        return _OP[g]
    return None


def _gap_res(gap):
    g = gap.replace("~", "").strip()
    return g if g in ("=", "→", "≈") and gap.startswith(" ") else None


def check_workings(text, today, pool, tpool):
    """Recompute the terse workings from their displayed operands; returns how many were checked."""
    n = 0
    # counts: "3 of 5 stops done → 2 left"
    for m in re.finditer(r"(?<![\w.$])(\d+) of (\d+)\b([^\n→]{0,40})→ ~?(\d+) (left|remaining|to go|still open|open)\b", text):
        assert int(m.group(2)) - int(m.group(1)) == int(m.group(4)), f"count working does not add up: {m.group(0)!r}"
        n += 1
    dates = read_dates(text, today, pool)
    times = read_times(_mask(text, [(s, e) for s, e, *_ in dates]))
    # dates: "5/12 + 10 business days = 5/26"
    for i, (s, e, d1, _) in enumerate(dates):
        mm = re.match(r" (\+|−|-) (\d+) (business days|days|day|wks|weeks|wk|week)\b( = | → | ⇒ )", text[e:])
        if not mm:
            continue
        nxt = [x for x in dates if x[0] == e + mm.end()]
        assert nxt, f"date working without a result date: {text[s:e + mm.end() + 12]!r}"
        k = int(mm.group(2)) * (-1 if mm.group(1) != "+" else 1)
        unit = mm.group(3)
        if unit.startswith("business"):
            got = add_bdays_reader(d1, k)
        elif unit.startswith("w"):
            got = d1 + dt.timedelta(days=7 * k)
        else:
            got = d1 + dt.timedelta(days=k)
        d2s = _resolve(nxt[0][2].month, nxt[0][2].day, None, today, {got})
        assert got in d2s, f"date working does not add up: {text[s:nxt[0][1]]!r} (got {got})"
        n += 1
    # times: "2:15p + 40 min → 2:55p", "40 min after 2:15p → 2:55p", "2:55p − 15 min = 2:40p"
    durs = [t for t in read_terms(_mask(text, [(s, e) for s, e, *_ in dates] + [(s, e) for s, e, _ in times]))
            if t[2] == "dur"]
    for s, e, hms in times:
        if len(hms) != 1:
            continue
        mm = re.match(r" (\+|−|-) ~?", text[e:])
        dd = [x for x in durs if mm and x[0] == e + mm.end()]
        if mm and dd:
            sign = 1 if mm.group(1) == "+" else -1
            dv, de = dd[0][3], dd[0][1]
            head = s
        else:
            before = [x for x in durs if re.fullmatch(r" (after|past) ~?", text[x[1]:s]) and x[1] <= s]
            if not before:
                continue
            sign, dv, de, head = 1, before[-1][3], e, before[-1][0]
        rest = text[de:]
        mres = re.match(r" ~?(=|→|≈) (?:ETA |ETA: |arrives |done by |done )?~?", rest)
        if not mres:
            continue
        res = [x for x in times if x[0] == de + mres.end()]
        assert res, f"time working without a result time: {text[head:de + 20]!r}"
        h, mi = map(int, hms[0].split(":"))
        tot = h * 60 + mi + sign * int(dv)
        want = f"{tot // 60:02d}:{tot % 60:02d}"
        assert res[0][2][0] == want, f"time working does not add up: {text[head:res[0][1]]!r} (got {want})"
        n += 1
    # amounts, counts, durations: "A × B = C", "A + B − C = D", "p% of A = B"
    masked = _mask(text, [(s, e) for s, e, *_ in dates] + [(s, e) for s, e, _ in times])
    terms = read_terms(masked)
    i = 0
    while i < len(terms) - 1:
        chain, ops, j = [terms[i]], [], i
        while j < len(terms) - 1:
            gap = masked[terms[j][1]:terms[j + 1][0]]
            op = _gap_op(gap)
            if op is None and gap == " of " and terms[j][2] == "pct":
                op = "*"
            if op is None:
                break
            ops.append(op)
            chain.append(terms[j + 1])
            j += 1
        if not ops:
            i += 1
            continue
        assert j < len(terms) - 1 and _gap_res(masked[terms[j][1]:terms[j + 1][0]]), \
            f"working without a result: {masked[chain[0][0]:terms[j][1] + 20]!r}"
        res = terms[j + 1]
        approx = _gap_res(masked[terms[j][1]:terms[j + 1][0]]) == "≈"
        vals = [(t[3] / 100 if t[2] == "pct" else t[3]) for t in chain]
        got = _eval(vals, ops)
        tol = 1e-6
        if approx:
            frac = re.search(r"\.(\d+)", text[res[0]:res[1]])
            tol = 0.5 * 10 ** -(len(frac.group(1)) if frac else 0)
        elif res[2] == "money" and re.search(r"\.\d\d", text[res[0]:res[1]]):
            tol = 0.005
        assert abs(got - res[3]) <= tol + 1e-9, f"working does not add up: {masked[chain[0][0]:res[1]]!r} (got {got})"
        n += 1
        i = j + 1
    return n


def add_bdays_reader(d, k):
    step = 1 if k >= 0 else -1
    left = abs(k)
    while left:
        d += dt.timedelta(days=step)
        if d.weekday() < 5:
            left -= 1
    return d


def _eval(vals, ops):
    sums, signs = [vals[0]], []
    for op, v in zip(ops, vals[1:]):
        if op == "*":
            sums[-1] *= v
        elif op == "/":
            sums[-1] /= v
        else:
            signs.append(op)
            sums.append(v)
    tot = sums[0]
    for sg, v in zip(signs, sums[1:]):
        tot = tot + v if sg == "+" else tot - v
    return tot


# words of the register itself: line openers, abbreviations and labels every message uses
STYLE_WORDS = set("""Job Jobs Stop Stops Next Done Crew Tech Techs Heads FYI Reply Tap Call Pls Thx Np ETA ETAs Est Total
Window Fee Fees Alt New Your Today Tomorrow Appt Approx Qty No Status Route Truck Truck's Van Rescheduled Reschedule
Can't Couldn't Sorry Confirmed Booked Added Dispatch Office Questions Y N On En OK Ok Per Terms Tank Pump Pumping
Service Visit Visits Left Remaining Balance Due Paid Arrival Arrives Arriving Running Late Early Ahead Behind Also
Not Yes Parts Part Billable Covered Quote Hold Held Note Notes Reason Code Option Options Earliest Slot Slots Open
Closed Sweep Sweeps Inspection Chimney Flue Cleaning Clean Re-clean Windows Panes Pool Chem Chems Filter Tree Trees
Removal Trim Crane Stump Locksmith Lockout Rekey Lock Locks Customer Cust Site Address Gate Access Cert Permit The
A An All Any For From If In Is It Its Of Or Re To W Will With Before After Under Over Within Outside Inside Last
Latest First Second Third This That Check Checked Requested Request Refused Declined Cancel Cancelled Cancellation
Deposit Discount Trip Min Max Hrs Mins Invoice Labor Materials Subtotal Tax Tip Ready Pending Queued Waiting Sent
Text Texted Update Updated Moved Work Order Ticket Readings Reading Chlorine Notice Policy Charge Charges Charged
Late-cancel Weather Rain Wind Storm Priority Emergency Standard Rate Rates Per Each Invoice Estimate Ref Msg Tip
Tue Wed Thu Fri Sat Sun Mon Dispatcher Driver Drivers Caught Unit Units Lift Ladder Gutters Screens Tracks Interior
Ext Int Screens Started Free Re-clean Findings Repairs Sweep Creosote Level Insp Camera Booked Earliest Acct Chems Chlorine Hold Limit Then Upload After-hrs Call-out Home Broken ID Cyl DBH Crane Haul-off Haul Permit Now Labor Booking Crew-hrs Exterior Sill Sills Levels Level Cap Liner Damper Creosote Sweep's Glaze Stage Cleaned Pumped Gallons Gal Baffle
Riser Lid Lids Effluent Scum Sludge Pumpout Pump-out Key Keys Cylinder Cylinders Deadbolt Fob Smart Mortise Safe
Vehicle Car Home Office Shop Unlock Lockouts Service's Tech's Crew's Arborist Arborists Chipper Bucket Truck""".split())
_CAPSEQ = re.compile(r"(?<![\w#&-])[A-Z][A-Za-z'’-]*(?: (?:of |and |the |de |la )*[A-Z][A-Za-z'’-]*)*")


def check_names(text, fb, where, ctx=""):
    """Every capitalised name (people, companies, streets, places) occurs in the evidence."""
    for m in _CAPSEQ.finditer(text):
        words = m.group(0).split(" ")
        while words and (words[0] in STYLE_WORDS or words[0].rstrip("'’s") in STYLE_WORDS):
            words = words[1:]
        if not words or all(x in STYLE_WORDS or x in ("of", "and", "the") for x in words):
            continue
        name = re.sub(r"['’]s$", "", " ".join(words))
        if fold(name) in fb:
            continue
        for part in re.split(r" (?:of|and) ", name):
            assert part in STYLE_WORDS or fold(part) in fb, f"{where}: name {part!r} not in the evidence{ctx}"


def check_clean(scn, plan, w: Sms):
    text = plan.answer.text
    where = f"{scn.name}/{plan.intent or '?'}"
    ctx = f"\n{text}"
    nums, dates, times, docs = gather(plan)
    blob = evidence_text(scn, plan)
    fb = fold(blob)
    allowed = nums | w.calc
    pool = dates | w.calc_dates
    tpool = times | w.calc_times
    keys = set()
    for d in docs:
        keys |= doc_keys(d)
    assert not _ISO.search(text), f"{where}: ISO date in the message{ctx}"
    assert not re.search(r"[*`|]|^#", text), f"{where}: Markdown mark{ctx}"
    assert "  " not in text and " ," not in text and "\n\n\n" not in text, f"{where}: spacing{ctx}"
    assert len(_EMO.findall(text)) <= 1, f"{where}: more than one emoji{ctx}"
    masks = []
    for rx in (_URL, _PATH):
        for m in rx.finditer(text):
            tok = m.group(0).rstrip(".")
            assert tok in blob, f"{where}: {tok!r} not in the evidence{ctx}"
            masks.append((m.start(), m.start() + len(tok)))
    for m in _PHONE.finditer(_mask(text, masks)):
        assert m.group(0) in blob, f"{where}: phone number {m.group(0)!r} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    for m in _ID.finditer(_mask(text, masks)):
        if not re.search(r"\d", m.group(0)):
            continue
        assert fold(m.group(0)) in fb, f"{where}: identifier {m.group(0)!r} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    for m in _CODE.finditer(_mask(text, masks)):
        assert m.group(0) in blob, f"{where}: code {m.group(0)!r} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    for m in _SNAKE.finditer(_mask(text, masks)):
        assert json.dumps(m.group(0)) in blob, f"{where}: value {m.group(0)!r} not in the evidence{ctx}"
        masks.append((m.start(), m.end()))
    for m in _SEC.finditer(_mask(text, masks)):
        key = m.group(1) + m.group(2)
        assert key in keys, f"{where}: section {m.group(0)!r} is not in a fetched document{ctx}"
        masks.append((m.start(), m.end()))
    t1 = _mask(text, masks)
    for s, e, d, wd in read_dates(t1, w.today, pool):
        assert d in pool, f"{where}: date {text[s:e]!r} is neither in the evidence nor computed{ctx}"
        masks.append((s, e))
    t2 = _mask(text, masks)
    for s, e, hms in read_times(t2):
        for x in hms:
            assert x in tpool, f"{where}: time {text[s:e]!r} ({x}) is not a local time of the evidence nor computed{ctx}"
        masks.append((s, e))
    t3 = _mask(text, masks)
    assert not _H24.search(t3), f"{where}: 24-hour time{ctx}"
    check_names(t3, fb, where, ctx)
    for s, e, kind, v, tol in read_terms(t3):
        assert term_ok(kind, v, allowed), f"{where}: {text[s:e]!r} is not an evidence or computed value{ctx}"
    left = _mask(t3, [(s, e) for s, e, *_ in read_terms(t3)])
    assert not re.search(r"\d", left), f"{where}: stray digit in {left!r}{ctx}"
    check_workings(_mask(text, [m for m in masks if not _is_dt(text, m)]), w.today, pool, tpool)
    return nums, pool, tpool, docs, blob, keys, allowed


def _is_dt(text, span):
    """Dates and times stay visible to the working reader; identifiers, codes and phone numbers are masked."""
    s, e = span
    frag = text[s:e]
    return bool(_DATE.fullmatch(frag) or _TRNG.fullmatch(frag) or _TONE.fullmatch(frag))


def _trim(a: A):
    """Keep insertion points after a finished line or sentence, or before a line end / sentence-final period."""
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
        if k == "clause" and not (nxt in (".", "\n", "") and (prev[-1:].isalnum() or prev.endswith(")"))):
            continue
        if k == "s" and not (prev.endswith((".", "!")) and nxt in ("", " ", "\n")):
            continue
        if k == "para" and not (prev[-1:] not in ("", "\n") and nxt in ("", "\n")):
            continue
        if k == "bullet" and not (getattr(a, "bullet", "") and prev[-1:] not in ("", "\n") and nxt in ("", "\n")):
            continue
        keep.append((p, k))
    a.points = keep


def _vals(s, today, pool):
    try:
        ds = read_dates(s, today, pool)
        tms = read_times(_mask(s, [(a, b) for a, b, *_ in ds]))
        ms = [(a, b) for a, b, *_ in ds] + [(a, b) for a, b, _ in tms]
        return ({round(t[3], 6) for t in read_terms(_mask(s, ms))}, {d for _, _, d, _ in ds},
                {x for _, _, xs in tms for x in xs})
    except AssertionError:
        return None


def vet(scn, plan, w: Sms):
    """Evidence guard (module docstring). Returns the plan."""
    _trim(plan.answer)
    nums, pool, tpool, docs, blob, keys, allowed = check_clean(scn, plan, w)
    fl, sq = fold(blob), squash(blob)
    a = plan.answer
    keep = []
    for c in a.cands:
        rep, orig, typ, cat = c["replacement"], c["original"], c["type"], c["category"]
        core = rep.strip("'\"` ")
        if not core or rep == orig:
            continue
        if typ in ("entity", "fabricated_attribute"):
            if fold(core) in fl or (len(squash(core)) >= 3 and squash(core) in sq):
                continue
        if typ == "fabricated_id":
            if squash(core) in sq or squash(core) == squash(orig):
                continue
        if typ == "fabricated_section":
            ks = [m.group(1) + m.group(2) for m in _SEC.finditer(rep)]
            if not ks or any(k in keys for k in ks):
                continue
        if typ in ("numeric", "temporal") or (typ == "conflation" and cat in ("contradiction/numerical",
                                                                           "contradiction/temporal")):
            rv, ov = _vals(rep, w.today, pool), _vals(orig, w.today, pool)
            if rv is None or ov is None or rv == ov:
                continue
            if typ == "numeric":
                if not (rv[0] - ov[0]) or any(term_ok("num", v, allowed) or _fits(v / 60, allowed) or
                                              _fits(v / 100, allowed) for v in rv[0] - ov[0]):
                    continue
            if typ == "temporal":
                nd, nt = rv[1] - ov[1], rv[2] - ov[2]
                if not (nd or nt) or nd & pool or nt & tpool:
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
