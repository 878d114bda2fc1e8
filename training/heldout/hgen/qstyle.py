"""Set q writer: the formal correspondence assistant of a Canadian municipal / public-utility customer office.

The agent looks up a resident's or business's account, case or permit record, reads the relevant by-law or fee
schedule (numbered sections written "s. 6(2)"), sometimes a list of visits, incidents or invoices, and takes one write
action (an appeal, a booking, a registration, a request) that the system may refuse by design with a reason code and an
alternative. The final answer is the draft reply e-mail: a ``Subject:`` line, a salutation ("Dear Ms. Tremblay,"),
short numbered paragraphs, case / account / permit numbers, references to by-law sections ("By-law 2024-117,
s. 6(2)"), CAD amounts ("$1,284.50" or "CAD 1,284.50"), ISO dates (2026-03-14) and long dates ("March 14, 2026"),
metric units, occasional French terms in parentheses ("(avis de cotisation)"), the working written in words ("the
balance of $412.30 less the $50.00 credit leaves $362.30", "three visits at $45.00 each comes to $135.00") and a
closing ("Kind regards," ... "Customer Service Office").

Per answer, ``Clerk`` picks the amount layout ("$1,284.50" / "CAD 1,284.50"), whether whole amounts show cents, the
main date style (ISO or long, the other one used in places), the closing formula, whether the salutation uses the
resident's title and surname or full name, and whether French terms appear.

``vet`` is the evidence guard. It (1) drops edit candidates that could turn out to be supported (entity, identifier and
attribute replacements found anywhere in the run's evidence, system prompt or tool definitions, also after folding
accents; section replacements that a fetched document has; numeric and temporal replacements that read back to the
original value; temporal replacements whose date is itself an evidence or computed date; inserted sentences whose
fabricated reference or text occurs in the evidence) and (2) reads the clean answer back with an independent reader of
this style: every amount, percentage, measurement, count (digits, or a number word before a unit) and plain number
must equal, within the precision shown (or a hedge's tolerance), a number in a tool result or a user turn, or a value
the template declared computed; every date (ISO or long, with a weekday checked when one is written) must be an
evidence or computed date; every identifier, by-law number, URL and path must occur in the evidence; every section
reference must exist in a fetched by-law or schedule; every working in words ("A less B leaves C", "A plus B comes to
C", "N at A each comes to C", "N × A = C", "A at p% comes to C", "D plus N days is D2") is recomputed from its displayed
operands and must agree with its displayed result. A clean answer that fails raises ``AssertionError``.
"""
from __future__ import annotations

import datetime as dt
import json
import re
import unicodedata
from decimal import ROUND_HALF_UP, Decimal

from .common import A, R, mutate_id

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
NUMW = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12}
WORD_OF = {v: k for k, v in NUMW.items()}
WORD_OF[1] = "one"
UNIT_WORDS = (r"(?:false alarms?|alarms?|visits?|incidents?|days?|weeks?|months?|sessions?|classes|class|bookings?|"
              r"hours?|dogs?|cats?|pets?|licences?|claims?|invoices?|passes|plowings?|clearings?|requests?|"
              r"business days?|calendar days?|instalments?|payments?|participants?|children|spots?|places?)\b")

CLOSINGS = ["Kind regards,", "Kind regards,", "Sincerely,", "Yours truly,", "Best regards,"]


def rnd(x, dec=0):
    """Round half away from zero (12.5 -> 13)."""
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


def long_date(d, wd=False):
    d = D(d)
    out = f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    return (WEEKDAYS[d.weekday()] + ", " + out) if wd else out


# =========================================================================== the writer
class Clerk:
    """One letter's formatting choices; records computed values and dates for ``vet``."""

    def __init__(self, r: R, today, office, french=()):
        self.r = r
        self.today = D(today)
        self.office = office
        self.cad = r.random() < 0.3
        self.cents = r.random() < 0.6
        self.dstyle = r.choice(["iso", "long", "long"])
        self.closing = r.choice(CLOSINGS)
        self.fullname = r.random() < 0.3
        self.french = r.random() < 0.5
        self.calc = set()
        self.calc_dates = set()
        self.refs = {}
        self.k = 0

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

    # ---------------------------------------------------------------- numbers and dates
    def money(self, x, calc=False, cents=None):
        v = rnd(abs(float(x)), 2)
        if calc:
            self.declare(x)
            self.declare(v)
        c = self.cents if cents is None else cents
        whole = abs(v - round(v)) < 1e-9
        body = f"{v:,.0f}" if whole and not c else f"{v:,.2f}"
        return ("CAD " + body) if self.cad else ("$" + body)

    def num(self, x, dec=1, unit=None, calc=False):
        v = rnd(x, dec)
        if calc:
            self.declare(x)
            self.declare(v)
        s = f"{v:,.{dec}f}"
        return s + (" " + unit if unit else "")

    def n(self, x, unit=None, calc=False, word=False, pl=None):
        v = int(rnd(x))
        if calc:
            self.declare(v)
        txt = WORD_OF[v] if (word and unit and v in WORD_OF) else f"{v:,}"
        if unit:
            txt += " " + (unit if v == 1 else (pl or unit + "s"))
        return txt

    def pct(self, x, dec=2, calc=False):
        v = rnd(x, dec)
        if calc:
            self.declare(x)
            self.declare(v)
        s = f"{v:.{dec}f}".rstrip("0").rstrip(".") if dec else f"{v:.0f}"
        return s + "%"

    def d(self, x, calc=False, style=None, wd=False):
        dd = D(x)
        if calc:
            self.calc_dates.add(dd)
        st = style or self.dstyle
        if st == "iso":
            return dd.isoformat()
        return long_date(dd, wd)

    def d2(self, x, calc=False):
        """The other date style (both styles appear in one letter)."""
        return self.d(x, calc, "long" if self.dstyle == "iso" else "iso")

    # ---------------------------------------------------------------- letter parts
    def subject(self, a: A, *parts):
        a.t("Subject: ")
        for p in parts:
            if isinstance(p, tuple):
                a.x(p[0], **p[1])
            else:
                a.t(p)

    def dear(self, a: A, title, first, last, ent=None):
        a.t("\n\nDear ")
        if self.fullname:
            a.t(first + " ").x(last, ent=ent)
        else:
            a.t(title + " ").x(last, ent=ent)
        a.t(",")

    def para(self, a: A):
        self.k += 1
        a.t(f"\n\n{self.k}. ")

    def fr(self, term):
        return f" ({term})" if self.french else ""

    def close(self, a: A, offers=()):
        if offers and self.r.random() < 0.6:
            self.para(a)
            a.t(self.r.choice(list(offers)))
        a.t("\n\n" + self.closing + "\n\n" + self.office)


# =========================================================================== reading the letter back
_ISO = re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?!\d)")
_LONG = re.compile(r"\b(?:(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), )?(" + "|".join(MONTHS)
                   + r") (\d{1,2}), (\d{4})\b")
_URL = re.compile(r"https?://[^\s)\]>,;]+")
_PATH = re.compile(r"(?<![\w:/.])/[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+")
_ID = re.compile(r"\b[A-Z][A-Z0-9]{0,5}(?:-[A-Z0-9]+)*-[A-Z0-9]*\d[A-Z0-9]*\b")
_BYLAW = re.compile(r"\b(?:By-law|Bylaw|Regulation|Schedule) (?:No\. )?(\d{2,4}-\d{1,4}|[A-Z]?\d+)")
_SEC = re.compile(r"\b(?:s\.|ss\.|section|sections|Section) ?(\d+(?:\(\d+\))?(?:\([a-z]\))?)")
_SEC_MORE = re.compile(r"\b(?:and|or|to) (\d+(?:\(\d+\))?(?:\([a-z]\))?)")
_TIME = re.compile(r"\b(\d{1,2}):(\d{2})\b")
_NUM = r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?"
_MONEY = re.compile(r"(?:\$|CAD )" + _NUM)
_PCT = re.compile(r"(?<![\w.])" + _NUM + r" ?%")
_PLAIN = re.compile(r"(?<![\w.#-])" + _NUM + r"(?![\w#]|\.\d|-\d)")
_NUMW = re.compile(r"\b(" + "|".join(list(NUMW) + ["one"]) + r") (?:[a-z-]+ )?" + UNIT_WORDS, re.I)
_HEDGE = re.compile(r"(about|approximately|roughly|around|nearly|almost|over|more than|under|less than) $", re.I)


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
    """Numbers, dates and texts of the evidence (tool results and user turns)."""
    nums, dates, texts, docs = set(), set(), [], []
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
        texts.append(v)
        for m in _ISO.finditer(v):
            try:
                dates.add(dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
            except ValueError:
                pass
        for m in _LONG.finditer(v):
            dates.add(dt.date(int(m.group(4)), MONTHS.index(m.group(2)) + 1, int(m.group(3))))
        for m in re.finditer(r"(?<![\w.])" + _NUM, _ISO.sub(" ", v)):
            nums.add(round(_val(m.group(1), m.group(2)), 6))
    for d in dates:
        nums.add(float(d.year))
    return nums, dates, texts, docs


def evidence_text(scn, plan):
    chunks = [plan.request, scn.system]
    docs = []
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
    for c in results(plan):
        if isinstance(c.result, str):
            docs.append(c.result)
        else:
            for k in ("text", "body", "schedule_text"):
                if isinstance(c.result, dict) and isinstance(c.result.get(k), str):
                    docs.append(c.result[k])
    return "\n".join(chunks), docs


def section_in(tok, doc):
    m = re.fullmatch(r"(\d+)((?:\(\d+\))?)((?:\([a-z]\))?)", tok)
    if not m:
        return False
    base, sub, par = m.groups()
    if par:
        return bool(re.search(r"(?m)^" + re.escape(base + sub) + r"\s", doc)) and \
            bool(re.search(r"(?m)^\s*" + re.escape(par) + r"\s", doc))
    if sub:
        return bool(re.search(r"(?m)^" + re.escape(base + sub) + r"\s", doc))
    return bool(re.search(r"(?m)^" + re.escape(base) + r"[.(]", doc))


def _sections(text):
    out = []
    for m in _SEC.finditer(text):
        out.append((m.start(1), m.end(1), m.group(1)))
        tail = text[m.end():m.end() + 40]
        for m2 in _SEC_MORE.finditer(tail):
            if m2.start() > 2:
                break
            out.append((m.end() + m2.start(1), m.end() + m2.end(1), m2.group(1)))
    return out


def _mask(text, spans):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            if t[i] != "\n":
                t[i] = "#"
    return "".join(t)


def _date_spans(text):
    out = []
    for m in _ISO.finditer(text):
        out.append((m.start(), m.end(), dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))), None))
    for m in _LONG.finditer(text):
        d = dt.date(int(m.group(4)), MONTHS.index(m.group(2)) + 1, int(m.group(3)))
        out.append((m.start(), m.end(), d, m.group(1)))
    return out


def _fits(v, tol, hedge, allowed):
    for x in allowed:
        if hedge in ("about", "approximately", "roughly", "around"):
            if abs(x - v) <= max(tol, 0.06 * abs(x)):
                return True
        elif hedge in ("nearly", "almost", "under", "less than"):
            if v - tol <= x <= v * 1.0 + tol or (x < v and x >= v * 0.97):
                return True
        elif hedge in ("over", "more than"):
            if x >= v - tol:
                return True
        if abs(x - v) <= tol + 1e-9:
            return True
    return False


# ---------------------------------------------------------------- workings in words
_AMT = r"((?:\$|CAD )\d[\d,]*(?:\.\d+)?)"
_Q = r"(\d[\d,]*(?:\.\d+)?)"


def _amt(s):
    m = re.search(_NUM, s)
    return _val(m.group(1), m.group(2)), _tol(m.group(2) or "")


def check_workings(text):
    """Recompute every working written in words from its displayed operands; returns the number checked."""
    n = 0
    body = _mask(text, [(s, e) for s, e, _, _ in _date_spans(text)])
    # A less B [less C] leaves C
    for m in re.finditer(_AMT + r"((?:(?: [a-z-]+){0,6} less (?:the |a |an )?(?:[a-z-]+ ){0,3}" + r"(?:\$|CAD )\d[\d,]*(?:\.\d+)?"
                         r"(?: [a-z-]+| \(s\. \d+(?:\(\d+\))?\)){0,5})+),? leaves " + _AMT, body):
        a, ta = _amt(m.group(1))
        subs = [_amt(x) for x in re.findall(r"less (?:the |a |an )?(?:[a-z-]+ ){0,3}((?:\$|CAD )\d[\d,]*(?:\.\d+)?)", m.group(2))]
        c, tc = _amt(m.group(3))
        tol = ta + sum(t for _, t in subs) + tc + 1e-6
        assert abs(a - sum(v for v, _ in subs) - c) <= tol, f"working does not add up: {m.group(0)!r}"
        n += 1
    # A plus B [plus C] comes to D
    for m in re.finditer(_AMT + r"((?:(?: [a-z-]+){0,5} plus (?:the |a |an )?(?:[a-z-]+ ){0,3}(?:\$|CAD )\d[\d,]*(?:\.\d+)?"
                         r"(?: [a-z-]+| \(s\. \d+(?:\(\d+\))?\)){0,5})+),? (?:comes|come) to " + _AMT, body):
        a, ta = _amt(m.group(1))
        adds = [_amt(x) for x in re.findall(r"plus (?:the |a |an )?(?:[a-z-]+ ){0,3}((?:\$|CAD )\d[\d,]*(?:\.\d+)?)", m.group(2))]
        c, tc = _amt(m.group(3))
        tol = ta + sum(t for _, t in adds) + tc + 1e-6
        assert abs(a + sum(v for v, _ in adds) - c) <= tol, f"working does not add up: {m.group(0)!r}"
        n += 1
    # N <unit> at A each comes to C  /  N × A = C
    for m in re.finditer(r"\b(\d+|" + "|".join(NUMW) + r"|one) (?:[a-z-]+ ){1,3}at " + _AMT + r"(?: each| per [a-z-]+)?"
                         r"(?: [a-z-]+){0,3} (?:comes|come) to " + _AMT, body):
        k = int(m.group(1)) if m.group(1).isdigit() else (1 if m.group(1) == "one" else NUMW[m.group(1)])
        a, ta = _amt(m.group(2))
        c, tc = _amt(m.group(3))
        assert abs(k * a - c) <= k * ta + tc + 1e-6, f"working does not add up: {m.group(0)!r}"
        n += 1
    for m in re.finditer(r"\b" + _Q + r"(?: [a-z]+)? × " + _AMT + r" = " + _AMT, body):
        k, tk = _amt(m.group(1))
        a, ta = _amt(m.group(2))
        c, tc = _amt(m.group(3))
        assert abs(k * a - c) <= k * ta + a * tk + tc + 1e-6, f"working does not add up: {m.group(0)!r}"
        n += 1
    # A at p% comes to C
    for m in re.finditer(_AMT + r"(?: [a-z-]+){0,4} at " + _Q + r" ?%(?: [a-z-]+){0,4} (?:comes|come) to " + _AMT, body):
        a, ta = _amt(m.group(1))
        p, tp = _amt(m.group(2))
        c, tc = _amt(m.group(3))
        assert abs(a * p / 100 - c) <= ta * p / 100 + a * tp / 100 + tc + 1e-6, f"working does not add up: {m.group(0)!r}"
        n += 1
    # measurements: A cm less B cm leaves C cm / A km plus B km comes to C km
    for m in re.finditer(_Q + r" (cm|km|m|kg|hours|minutes) (less|plus) " + _Q + r" \2 (?:leaves|comes to) " + _Q + r" \2", body):
        a, ta = _amt(m.group(1))
        b, tb = _amt(m.group(4))
        c, tc = _amt(m.group(5))
        got = a - b if m.group(3) == "less" else a + b
        assert abs(got - c) <= ta + tb + tc + 1e-6, f"working does not add up: {m.group(0)!r}"
        n += 1
    # D plus N days is D2
    for m in re.finditer(r"(\d{4}-\d{2}-\d{2}|(?:" + "|".join(MONTHS) + r") \d{1,2}, \d{4}) plus (\d+) (calendar )?days "
                         r"(?:is|falls on|gives) (?:[A-Z][a-z]+day, )?(\d{4}-\d{2}-\d{2}|(?:" + "|".join(MONTHS)
                         + r") \d{1,2}, \d{4})", text):
        d1 = _pdate(m.group(1))
        d2 = _pdate(m.group(4))
        assert d1 + dt.timedelta(days=int(m.group(2))) == d2, f"date working does not add up: {m.group(0)!r}"
        n += 1
    return n


def _pdate(s):
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
        return dt.date.fromisoformat(s)
    mo, d, y = re.fullmatch(r"(\w+) (\d{1,2}), (\d{4})", s).groups()
    return dt.date(int(y), MONTHS.index(mo) + 1, int(d))


def check_clean(scn, plan, w: Clerk):
    text = plan.answer.text
    where = f"{scn.name}/{plan.intent or '?'}"
    nums, dates, texts, _ = gather(plan)
    blob, docs = evidence_text(scn, plan)
    fb = fold(blob)
    allowed = nums | w.calc
    all_dates = dates | w.calc_dates
    masks = []
    # dates
    for s, e, d, wd in _date_spans(text):
        assert d in all_dates, f"{where}: date {text[s:e]!r} is neither in the evidence nor computed\n{text}"
        if wd:
            assert WEEKDAYS[d.weekday()] == wd, f"{where}: wrong weekday in {text[s:e]!r}"
        masks.append((s, e))
    # URLs and paths
    for rx in (_URL, _PATH):
        for m in rx.finditer(text):
            tok = m.group(0).rstrip(".")
            assert tok in blob, f"{where}: {tok!r} not in the evidence\n{text}"
            masks.append((m.start(), m.start() + len(tok)))
    t1 = _mask(text, masks)
    # by-law numbers
    for m in _BYLAW.finditer(t1):
        assert m.group(0) in blob or m.group(1) in blob, f"{where}: {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    # sections
    for s, e, tok in _sections(_mask(text, masks)):
        assert any(section_in(tok, d) for d in docs), f"{where}: section {tok!r} not in a fetched document\n{text}"
        masks.append((s, e))
    t2 = _mask(text, masks)
    # identifiers
    for m in _ID.finditer(t2):
        tok = m.group(0)
        assert fold(tok) in fb, f"{where}: identifier {tok!r} not in the evidence\n{text}"
        masks.append((m.start(), m.end()))
    # times
    for m in _TIME.finditer(_mask(text, masks)):
        assert m.group(0) in blob, f"{where}: time {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    # backticked / reason codes in capitals
    for m in re.finditer(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b", _mask(text, masks)):
        assert m.group(0) in blob, f"{where}: code {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    # paragraph numbers
    for m in re.finditer(r"(?m)^(\d+)\. ", text):
        masks.append((m.start(1), m.end(1)))
    t3 = _mask(text, masks)
    # quantities
    for rx in (_MONEY, _PCT, _PLAIN):
        for m in rx.finditer(t3):
            v, tol = _val(m.group(1), m.group(2)), _tol(m.group(2) or "")
            hedge = _HEDGE.search(t3[max(0, m.start() - 14):m.start()])
            hedge = hedge.group(1).lower() if hedge else None
            assert _fits(v, tol, hedge, allowed), f"{where}: {m.group(0)!r} is not an evidence or computed value\n{text}"
        t3 = _mask(t3, [(m.start(), m.end()) for m in rx.finditer(t3)])
    for m in _NUMW.finditer(t3):
        wv = m.group(1).lower()
        v = 1 if wv == "one" else NUMW[wv]
        if v == 1:
            continue
        assert float(v) in allowed, f"{where}: count {m.group(0)!r} is not an evidence or computed value\n{text}"
    check_workings(text)
    return nums, all_dates, docs


def _readings(s):
    return sorted(re.findall(r"\d+", s.replace(",", "")))


def _trim(a: A):
    """Drop insertion points that would put a sentence right after a line break (keeps letters tidy)."""
    pos, offs = 0, []
    for p in a.parts:
        offs.append(pos)
        pos += len(p)
    offs.append(pos)
    text = a.text
    keep = []
    for p, k in a.points:
        at = offs[p] if p < len(offs) else len(text)
        prev = text[:at]
        if k == "clause" and not text[at:at + 1] == ".":
            continue
        if k == "s" and not prev.rstrip(" ").endswith((".", ")")):
            continue
        keep.append((p, k))
    a.points = keep


_REFX = re.compile(r"(?:s\. ?)(\d+(?:\(\d+\))?(?:\([a-z]\))?)")


def vet(scn, plan, w: Clerk):
    """Evidence guard (module docstring). Returns the plan."""
    _trim(plan.answer)
    nums, dates, docs = check_clean(scn, plan, w)
    blob, _ = evidence_text(scn, plan)
    fl, sq = fold(blob), squash(blob)
    a = plan.answer
    keep = []
    for c in a.cands:
        rep, orig = c["replacement"], c["original"]
        core = rep.strip("'\"`* ")
        if not core or rep == orig:
            continue
        if c["type"] in ("entity", "fabricated_attribute") or (c["type"] == "conflation" and c["category"] == "contradiction/entity"):
            if c["type"] != "conflation" and (fold(core) in fl or (len(squash(core)) >= 3 and squash(core) in sq)):
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
            if any(d in dates | w.calc_dates for _, _, d, _ in _date_spans(rep)):
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
