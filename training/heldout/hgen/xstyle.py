"""Set x writer: structured-output (JSON) answers of a back-office / integration agent.

The agent serves a B2B back office (a carbon-credit registry desk, an expo's sponsorship desk, a flower wholesaler's
order desk, a calibration lab, a distributor rebate programme, a publisher's royalty desk). Its final answer is a single
JSON object, as produced with a JSON-schema response format: it is consumed by a downstream system and shown to a person
in a UI. Each answer has a few fixed keys per scenario ("status", "summary" in one or two plain sentences, typed fields:
numbers as JSON numbers, amounts as numbers with a separate currency key or as strings such as "EUR 1,240.00", ISO
dates, booleans, arrays of objects, "next_steps" as an array of strings, "reason_code" on refusals, a "calculation" /
"working" string where arithmetic is shown ("3 x 42.50 = 127.50"), occasional nulls). Key naming is snake_case or
camelCase per scenario. The layout varies per answer: pretty-printed with 2-space indentation (most), compact on one
line with spaces, or minified; key order, optional keys and the position of the summary vary.

``Js`` holds one answer's formatting choices and records the values and dates the template computed. The structure of an
answer is written with ``O`` (an object: ordered key/value pairs), lists, ``S`` (a string of segments), ``V`` (an editable
piece: a number, a boolean, a null or a part of a string, with edit candidates) and ``P`` (an insertion point inside a
string: after a sentence, or before its final period for a clause). ``emit`` serialises it into the answer builder
``JB``; inserted sentences go after a sentence of a string, as a new item of an array of strings, or as a new "note" key
at the end of the top-level object, and the span is always the inserted text (inside its quotes).

``vet`` is the evidence guard: it drops edit candidates that could be supported by the evidence (entity, identifier and
attribute replacements found anywhere in the run's evidence, system prompt or tool definitions; section references a
fetched document has; numeric and temporal replacements whose edited answer the independent reader accepts; inserted
sentences whose text or fabricated reference occurs in the evidence; any edit that would break the JSON), and reads the
clean answer back with an independent reader written for this register (``read_answer``: ``json.loads``, then every
number, date, timestamp, time, identifier, currency code, enum value, section reference, capitalised name and boolean
checked against the evidence or a declared computation, and every working recomputed from its operands). A clean
answer that fails raises ``AssertionError``.
"""
from __future__ import annotations

import datetime as dt
import json
import re
import unicodedata

from .common import EDIT_CATEGORY, INSERT_TYPES, A, R, mutate_id

# zone -> standard UTC offset; European zones switch on the last Sunday of March / October
ZONES = {"Europe/Berlin": 1, "Europe/Amsterdam": 1, "Europe/Paris": 1, "Europe/Madrid": 1, "Europe/London": 0,
         "Europe/Dublin": 0, "Europe/Stockholm": 1, "Europe/Vienna": 1}


def D(x):
    if isinstance(x, dt.datetime):
        return x.date()
    if isinstance(x, dt.date):
        return x
    return dt.date.fromisoformat(str(x)[:10])


def _last_sunday(y, m):
    d = dt.date(y, m + 1, 1) - dt.timedelta(days=1)
    return d - dt.timedelta(days=(d.weekday() + 1) % 7)


def offset(zone, day):
    base = ZONES[zone]
    day = D(day)
    return base + 1 if _last_sunday(day.year, 3) <= day < _last_sunday(day.year, 10) else base


def ts(day, hh, mm, zone):
    off = offset(zone, day)
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


def fold(s):
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch)).lower()


def squash(s):
    return re.sub(r"[^a-z0-9]", "", fold(s))


# =========================================================================== structure
class V:
    """An editable piece: ``text`` is written verbatim (JSON token text, or a part of a string); kw as ``A.x``."""

    def __init__(self, text, **kw):
        self.text, self.kw = text, kw


class S:
    """A JSON string made of segments: plain str, V, P."""

    def __init__(self, *segs):
        self.segs = list(segs)


class P:
    """Insertion point inside a string: 'sent' (after a sentence) or 'clause' (before the sentence's final period)."""

    def __init__(self, kind="sent"):
        self.kind = kind


class O:
    """An object: ordered (key, value) pairs."""

    def __init__(self, pairs=None):
        self.pairs = list(pairs or [])

    def add(self, k, v):
        self.pairs.append((k, v))
        return self


def camel(k):
    head, *rest = k.split("_")
    return head + "".join(x[:1].upper() + x[1:] for x in rest)


# =========================================================================== the writer
class Js:
    """One answer's formatting choices; records computed values and dates for ``vet``."""

    def __init__(self, r: R, today, case="snake"):
        self.r = r
        self.today = D(today)
        self.case = case
        self.layout = r.choice(["pretty"] * 6 + ["compact"] * 2 + ["mini"])
        self.dec2 = r.random() < 0.5            # amounts written with two decimals (127.50) or shortest (127.5)
        self.calc, self.calc_dates = set(), set()
        self.refs = {}

    def k(self, key):
        return camel(key) if self.case == "camel" else key

    def declare(self, v):
        if isinstance(v, (dt.date, dt.datetime)):
            self.calc_dates.add(D(v))
        else:
            self.calc.add(round(abs(float(v)), 6))
        return v

    def cite(self, text, raw):
        self.refs[text] = raw
        return text

    def fake_id(self, raw, r: R):
        return mutate_id(raw, r)

    # ---------------------------------------------------------------- figures
    def amt(self, x, calc=False):
        """An amount as a JSON number text: '127.50' or '127.5' ('1240' when whole and not dec2)."""
        x = round(float(x), 2)
        if calc:
            self.declare(x)
        if self.dec2:
            return f"{x:.2f}"
        return str(int(x)) if x == int(x) else repr(x)

    def money(self, x, cur, calc=False):
        """An amount in a string: 'EUR 1,240.00'."""
        x = round(float(x), 2)
        if calc:
            self.declare(x)
        return f"{cur} {x:,.2f}"

    def plain(self, x, calc=False):
        """An amount inside a working: '1,240.00'."""
        x = round(float(x), 2)
        if calc:
            self.declare(x)
        return f"{x:,.2f}"

    def int_(self, n, calc=False):
        if calc:
            self.declare(n)
        return str(int(n))

    def grp(self, n, calc=False):
        if calc:
            self.declare(n)
        return f"{int(n):,}"

    def date(self, x, calc=False):
        d = D(x)
        if calc:
            self.calc_dates.add(d)
        return d.isoformat()

    def long_date(self, x, calc=False):
        d = D(x)
        if calc:
            self.calc_dates.add(d)
        return f"{d.day} {d.strftime('%B')} {d.year}" if self.r.random() < 0.5 else f"{d.strftime('%B')} {d.day}, {d.year}"

    def date_pair(self, x, shift, calc=False, long=False):
        d = D(x)
        if calc:
            self.calc_dates.add(d)
        if long:
            st = self.r.getstate()
            a = self.long_date(d)
            self.r.setstate(st)
            b = self.long_date(d + dt.timedelta(days=shift))
            return a, b
        return d.isoformat(), (d + dt.timedelta(days=shift)).isoformat()


# =========================================================================== the builder
class JB(A):
    """Answer builder of this register: insertion points carry the text written before and after the inserted text."""

    def __init__(self):
        super().__init__()
        self.wrap = {}

    def point(self, kind, pre, post=""):
        pos = len(self.parts)
        self.points.append((pos, kind))
        self.wrap[(pos, kind)] = (pre, post)
        return self

    def available(self):
        types = {c["type"] for c in self.cands}
        kinds = {k for _, k in self.points}
        for typ, opts in self.inserts.items():
            if any((cl and "clause" in kinds) or (not cl and kinds - {"clause"}) for _, cl in opts):
                types.add(typ)
        return types

    def render(self, repl=None, ins_at=None):
        repl, ins_at = repl or {}, ins_at or {}
        out, spans, pos = [], [], 0
        for i in range(len(self.parts) + 1):
            for kind, text, rec in ins_at.get(i, []):
                pre, post = self.wrap[(i, kind)]
                out.append(pre)
                pos += len(pre)
                spans.append({"start": pos, "end": pos + len(text), "category": rec["category"], "text": text})
                out.append(text)
                pos += len(text)
                out.append(post)
                pos += len(post)
            if i < len(self.parts):
                if i in repl:
                    s, rec = repl[i]
                    spans.append({"start": pos, "end": pos + len(s), "category": rec["category"], "text": s})
                else:
                    s = self.parts[i]
                out.append(s)
                pos += len(s)
        spans.sort(key=lambda s: s["start"])
        return "".join(out), spans

    def apply(self, chosen, r: R):
        repl, ins_at, used_idx, used_pos = {}, {}, set(), set()
        records = []
        for typ in chosen:
            if typ in INSERT_TYPES:
                opts = self.inserts.get(typ, [])
                r.shuffle(opts)
                done = False
                for text, clause in opts:
                    kinds = ["clause"] if clause else ["sent", "item", "key"]
                    pts = [(p, k) for p, k in self.points if k in kinds and p not in used_pos]
                    if not pts:
                        continue
                    pos, kind = r.choice(pts)
                    used_pos.add(pos)
                    rec = {"type": typ, "category": EDIT_CATEGORY[typ], "original": None, "replacement": text}
                    ins_at.setdefault(pos, []).append((kind, text, rec))
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
        answer, spans = self.render(repl, ins_at)
        json.loads(answer)                  # an edited answer is still one JSON object
        edits = [{"type": e["type"], "category": e["category"], "original": e["original"],
                  "replacement": e["replacement"]} for e in records]
        return answer, spans, edits


def _esc(s):
    return json.dumps(s, ensure_ascii=False)[1:-1]


NOTE_KEYS = ["note", "notes", "remarks", "comment"]


def emit(a: JB, w: Js, value, depth=0, top=True):
    """Serialise the answer structure into the builder with the answer's layout."""
    pretty = w.layout == "pretty"
    sep = "," if w.layout == "mini" else ", "
    colon = ":" if w.layout == "mini" else ": "

    def nl(d):
        return "\n" + "  " * d

    if isinstance(value, O):
        if not value.pairs:
            a.t("{}")
            return
        a.t("{")
        for i, (k, v) in enumerate(value.pairs):
            if i:
                a.t("," if pretty else sep)
            if pretty:
                a.t(nl(depth + 1))
            a.t(json.dumps(w.k(k)) + colon)
            emit(a, w, v, depth + 1, False)
        if top:
            used = {k for k, _ in value.pairs}
            key = w.k(next(k for k in NOTE_KEYS if k not in used))
            pre = ("," + nl(depth + 1)) if pretty else sep
            a.point("key", pre + json.dumps(key) + colon + '"', '"')
        if pretty:
            a.t(nl(depth))
        a.t("}")
    elif isinstance(value, list):
        if not value:
            a.t("[]")
            return
        a.t("[")
        for i, v in enumerate(value):
            if i:
                a.t("," if pretty else sep)
            if pretty:
                a.t(nl(depth + 1))
            emit(a, w, v, depth + 1, False)
        if all(isinstance(v, (str, S)) for v in value):
            pre = ("," + nl(depth + 1)) if pretty else sep
            a.point("item", pre + '"', '"')
        if pretty:
            a.t(nl(depth))
        a.t("]")
    elif isinstance(value, S):
        a.t('"')
        for sg in value.segs:
            if isinstance(sg, V):
                a.x(sg.text, **sg.kw)
            elif isinstance(sg, P):
                a.point(sg.kind, " " if sg.kind == "sent" else ", ")
            else:
                a.t(_esc(sg))
        a.t('"')
    elif isinstance(value, V):
        a.x(value.text, **value.kw)
    elif isinstance(value, str):
        a.t(json.dumps(value, ensure_ascii=False))
    elif isinstance(value, bool) or value is None:
        a.t(json.dumps(value))
    elif isinstance(value, int):
        a.t(str(value))
    elif isinstance(value, float):
        a.t(w.amt(value))
    else:
        raise TypeError(type(value))


def sentence(*segs, clause=True):
    """Segments of one sentence ending with '.', with a clause point before the period and a sentence point after."""
    out = list(segs)
    if clause:
        out.append(P("clause"))
    out += [".", P("sent")]
    return out


def shuffle_keys(w: Js, pairs, fixed_first=("status",), summary_pos=None):
    """Key order varies: the fixed keys stay first, the summary goes first, second or last, the rest keep their
    relative order with one neighbour swap at most."""
    r = w.r
    first = [p for p in pairs if p[0] in fixed_first]
    summ = [p for p in pairs if p[0] == "summary"]
    rest = [p for p in pairs if p[0] not in fixed_first and p[0] != "summary"]
    if len(rest) > 2 and r.random() < 0.5:
        i = r.randrange(len(rest) - 1)
        rest[i], rest[i + 1] = rest[i + 1], rest[i]
    pos = summary_pos or r.choice(["first", "after", "last", "after"])
    if pos == "first":
        return summ + first + rest
    if pos == "last":
        return first + rest + summ
    return first + summ + rest


# =========================================================================== the reader (independent of the writer)
_ISO_D = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_ISO_DT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$")
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]
_MRX = "|".join(_MONTHS)
_TDATE = re.compile(r"(?<![\w-])(\d{4})-(\d{2})-(\d{2})(?![\w])|(?<![\w])(\d{1,2}) (" + _MRX + r") (\d{4})(?![\w])"
                    r"|(?<![\w])(" + _MRX + r") (\d{1,2}), (\d{4})(?![\w])")
_TIME = re.compile(r"(?<![\d:])([01]\d|2[0-3]):([0-5]\d)(?![\d:])")
_URL = re.compile(r"https?://[^\s\"]+")
_PATH = re.compile(r"(?<![\w:/.])/[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_ID = re.compile(r"(?<![\w-])(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]+(?:-[A-Z0-9]+)+(?![\w-])"
                 r"|(?<![\w-])[A-Z]\d{1,2}(?![\w-])|(?<![\w-])(?=[A-Za-z]*\d)[A-Z]{2,}\d+[A-Z0-9]*(?![\w-])|(?<![\w,.])\d{3}-\d{1,2}-\d{3,}-\d{2,}-\d(?![\w])")
_SEC = re.compile(r"(?:§ ?|\b[Cc]lause |\b[Ss]ection |\b[Rr]ule )(\d+(?:\.\d+)+)")
_PCT = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)%")
_NUM = re.compile(r"(?<![\w.,])-?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:cm|mm|kg|ml)?(?![\w]|[.,]\d)")
_TOKEN_SNAKE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")
_TOKEN_CODE = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
_TOKEN_CAMEL = re.compile(r"^[a-z]+(?:[A-Z][a-z0-9]+)+$")
_CUR = re.compile(r"^[A-Z]{3}$")
_INLINE_CODE = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_RELWORDS = re.compile(r"\b(today|tomorrow|yesterday|tonight|next week|last week|Monday|Tuesday|Wednesday|Thursday|"
                       r"Friday|Saturday|Sunday)\b", re.I)
_NUMWORDS = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twice|dozen)\b", re.I)
STYLE_WORDS = set("""A All Also An And Any As At Available Balance Be Both But By Can Cannot Claim Claims Clause Credit
Credits Current Delivery Due Each Eligible For From Full Go If In Invoice Invoices It Its Lot Lots No None Not Note Of On
Only Or Order Our Paid Payment Per Please Requested Request Retired Retirement Same Section See So The Their Then There
This To Total Under Use Up We With Within You Your Refused Refusal Done Completed Confirmed Scheduled Added Submitted
Booked Standing Statement Royalty Royalties Advance Certificate Certificates Calibration Instrument Asset Job Gauge Lab
Rebate Rebates Tier Tiers Quarter Programme Program Package Sponsor Sponsorship Booth Extra Extras Stems Stem Bunch
Bunches Substitution Substitutions Next Option Alternative Outstanding Open Reserve Unearned Earned Net Sales Units
Account Holdings Vintage Vintages Project Projects Target Remaining Payout Price Prices Deadline Cut-off Cutoff Late Fee
Fees Surcharge Result Passed Failed Pass Fail Recall Out Tolerance Error Errors Points Point Interval Expires Expired
Expiry Onsite Waitlist Deposit Period Reporting Year Line Lines Quantity Qty Unit Amount Amounts Value Values Add Adding
Only Nothing Retire Retiring Move Moving Submit Schedule Scheduling Check Confirm Contact Ask Reply Keep Pay Order Ordered
Wait Request Requests Ship Shipping Shipped Arrives Arrival Grower Growers Catalog Price-list Download Record Confirm
Choose Book Send Sent Share Update Updated Review Reviewed Plan Approve Approved Mark Raise Issue Issued Forward File
Nothing New Old Earliest Latest Express Standard Slot Slots Rush Hold Held Until Before After Since More Less Than Over
Reached Reach Stock Contract Contracted Extras Onsite Lead Title Titles Format Formats Units Sold Returns Gross Per-unit
They It's These Those That Include Track Call Email Contact Ask Leave Measured Nominal Tested Adjusted Adjustment Service Services Range Serial Due-date Days Months Weeks Hours""".split())
_CAPSEQ = re.compile(r"(?<![\w&'’/-])[A-Z][A-Za-z'’-]*(?: (?:of |and |the |de |van |von |la )*[A-Z][A-Za-z'’-]*)*")


def _v(whole, frac):
    return float(whole.replace(",", "") + ("." + frac if frac else ""))


def _mask(text, spans, ch=" "):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            t[i] = ch
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


def _leaves(v, key=""):
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _leaves(x, k)
    elif isinstance(v, list):
        for x in v:
            yield from _leaves(x, key)
    else:
        yield key, v


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
    keys = set()
    for ln in doc.split("\n"):
        m = re.match(r"(?:#+ )?(\d+(?:\.\d+)+)\.?\s", ln.strip() + " ")
        if m:
            keys.add(m.group(1))
    return keys


class Ev:
    """What the reader knows about the evidence of one run (user turns and successful tool results)."""

    def __init__(self, scn, plan):
        nums, dates, times, bools, asof, docs, stamps = set(), set(), set(), {}, [], [], set()
        strings = [plan.request] + [m["text"] for m in plan.history if m["role"] == "user"]
        for c in results(plan):
            if isinstance(c.result, str):
                docs.append(c.result)
                strings.append(c.result)
                continue
            for k, v in _leaves(c.result):
                if isinstance(v, bool):
                    bools.setdefault(k, set()).add(v)
                    continue
                if v is None:
                    continue
                if isinstance(v, (int, float)):
                    nums.add(round(abs(float(v)), 6))
                    continue
                if k == "as_of":
                    asof.append(D(v))
                strings.append(str(v))
        for s in strings:
            for m in re.finditer(r"(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:\d{2}))?", s):
                try:
                    dates.add(dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
                except ValueError:
                    pass
                if m.group(4):
                    stamps.add(m.group(0))
                    times.add(m.group(4)[1:6])
            x = re.sub(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)?)?", " ", s)
            x = _URL.sub(" ", x)
            x = _PATH.sub(" ", x)
            x = re.sub(r"(?<![\w-])(?=[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Z])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+(?![\w-])", " ", x)
            x = re.sub(r"(?m)^\s*(#+ )?\d+(\.\d+)+\.?(?=\s)", " ", x)
            for m in re.finditer(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?", x):
                nums.add(round(_v(m.group(1), m.group(2)), 6))
        assert asof, "no as_of date in the evidence"
        self.nums, self.dates, self.times, self.bools, self.docs, self.stamps = nums, dates, times, bools, docs, stamps
        self.today = max(asof)
        self.blob = evidence_text(scn, plan)
        self.fb = fold(self.blob)
        self.sq = squash(self.blob)
        self.keys = set()
        for d in docs:
            self.keys |= doc_keys(d)


def _tol(dec):
    return 0.5 * 10.0 ** -max(dec, 2) + 1e-9


def _dec(x):
    r = repr(float(x))
    return 0 if "e" in r else len(r.split(".")[1].rstrip("0"))


def _near(x, allowed, dec=None):
    tol = _tol(_dec(x) if dec is None else dec)
    return any(abs(x - v) <= tol for v in allowed)


# ---------------------------------------------------------------- workings
_OPND = r"(?:[A-Z]{3} )?-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?(?: [a-z]+\.?)?"
_WORK = re.compile(r"^(?:[A-Za-z][A-Za-z ]{0,30}: )?(" + _OPND + r"(?: (?:x|×|\*|\+|-|−|/|÷) " + _OPND + r")+) = (" + _OPND + r")$")
_DWORK = re.compile(r"^(?:[A-Za-z][A-Za-z ]{0,30}: )?(\d{4}-\d{2}-\d{2}) (\+|-|−) (\d+) (days|business days|months) = (\d{4}-\d{2}-\d{2})$")


def _opval(tok):
    tok = re.sub(r"^[A-Z]{3} ", "", tok)
    tok = re.sub(r" [a-z]+\.?$", "", tok)
    pct = tok.endswith("%")
    x = float(tok.rstrip("%").replace(",", ""))
    return x / 100 if pct else x


def _add_months(d, n):
    m = d.month - 1 + n
    y, m = d.year + m // 12, m % 12 + 1
    last = [31, 29 if (y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)) else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    return dt.date(y, m, min(d.day, last))


def check_working(seg, where):
    """Recompute one working 'A x B + C = D' (x and / before + and -) or a date working."""
    m = _DWORK.match(seg)
    if m:
        d1, n = D(m.group(1)), int(m.group(3)) * (1 if m.group(2) == "+" else -1)
        unit = m.group(4)
        got = add_bdays(d1, n) if unit == "business days" else _add_months(d1, n) if unit == "months" else d1 + dt.timedelta(days=n)
        assert got == D(m.group(5)), f"{where}: date working does not add up: {seg!r} (got {got})"
        return
    m = _WORK.match(seg)
    assert m, f"{where}: not a working I can read: {seg!r}"
    toks = re.split(r" (x|×|\*|\+|-|−|/|÷) ", m.group(1))
    vals, ops = [_opval(t) for t in toks[0::2]], toks[1::2]
    sums, signs = [vals[0]], []
    for op, v in zip(ops, vals[1:]):
        if op in ("x", "×", "*"):
            sums[-1] *= v
        elif op in ("/", "÷"):
            sums[-1] /= v
        else:
            signs.append(op)
            sums.append(v)
    got = sums[0]
    for sg, v in zip(signs, sums[1:]):
        got = got + v if sg == "+" else got - v
    res = _opval(m.group(2))
    frac = re.search(r"\.(\d+)", m.group(2))
    assert abs(got - res) <= _tol(len(frac.group(1)) if frac else 0), f"{where}: working does not add up: {seg!r} (got {got})"


# ---------------------------------------------------------------- strings
def read_text(s, key, ev, allowed, pool, where):
    """Free text of one string value."""
    assert not _RELWORDS.search(s), f"{where}: relative date or weekday in {s!r}"
    assert not _NUMWORDS.search(s), f"{where}: number word in {s!r}"
    assert "**" not in s and "`" not in s and "\n" not in s and "  " not in s, f"{where}: formatting in {s!r}"
    masks = []
    for rx in (_URL, _PATH, _EMAIL):
        for m in rx.finditer(s):
            tok = m.group(0).rstrip(".")
            assert tok in ev.blob, f"{where}: {tok!r} not in the evidence"
            masks.append((m.start(), m.start() + len(tok)))
    # workings (segments split by '; ' that contain ' = ')
    for seg in re.split(r"; |\. (?=[A-Z])", s):
        seg = seg.strip().rstrip(".")
        if " = " in seg:
            check_working(seg, where)
    t = _mask(s, masks)
    for m in _SEC.finditer(t):
        assert m.group(1) in ev.keys, f"{where}: {m.group(0)!r} is not in a fetched document"
        masks.append((m.start(), m.end()))
    t = _mask(s, masks)
    for m in _TDATE.finditer(t):
        if m.group(1):
            d = dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        elif m.group(4):
            d = dt.date(int(m.group(6)), _MONTHS.index(m.group(5)) + 1, int(m.group(4)))
        else:
            d = dt.date(int(m.group(9)), _MONTHS.index(m.group(7)) + 1, int(m.group(8)))
        assert d in pool, f"{where}: date {m.group(0)!r} is neither in the evidence nor computed"
        masks.append((m.start(), m.end()))
    t = _mask(s, masks)
    for m in _TIME.finditer(t):
        assert m.group(0) in ev.times, f"{where}: time {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    t = _mask(s, masks)
    for m in _ID.finditer(t):
        assert fold(m.group(0)) in ev.fb, f"{where}: identifier {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    t = _mask(s, masks)
    for m in _INLINE_CODE.finditer(t):
        assert m.group(0) in ev.blob, f"{where}: code or field {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    t = _mask(s, masks)
    for m in _CAPSEQ.finditer(t):
        words = m.group(0).split(" ")
        while words and re.sub(r"['’]s$", "", words[0]) in STYLE_WORDS:
            words = words[1:]
        if not words:
            continue
        name = re.sub(r"['’]s$", "", " ".join(words))
        if fold(name) in ev.fb:
            continue
        for wd in name.split(" "):
            wd2 = re.sub(r"['’]s$", "", wd)
            if wd2 in ("of", "and", "the", "de", "van", "von", "la"):
                continue
            assert wd2 in STYLE_WORDS or fold(wd2) in ev.fb, f"{where}: name {wd2!r} of {name!r} not in the evidence"
    for m in _PCT.finditer(t):
        x = float(m.group(1))
        assert _near(x, allowed) or _near(x / 100, allowed), f"{where}: {m.group(0)!r} not an evidence or computed value"
        masks.append((m.start(), m.end()))
    t = _mask(s, masks)
    for m in _NUM.finditer(t):
        x = _v(m.group(1), m.group(2))
        assert _near(x, allowed, len(m.group(2) or "")), f"{where}: {m.group(0)!r} in {s!r} is not an evidence or computed value"
        masks.append((m.start(), m.end()))
    left = _mask(s, masks)
    assert not re.search(r"\d", left), f"{where}: stray digit in {left!r}"


def read_answer(text, ev: Ev, w: Js, where="?"):
    """Raises AssertionError when the answer is not one JSON object of this register or says something the evidence
    (or a declared computation) does not support; returns the number of workings recomputed."""
    assert w.today == ev.today, f"{where}: the writer's date {w.today} is not the record's as_of {ev.today}"
    assert text.startswith("{") and text.endswith("}"), f"{where}: text outside the JSON object"
    assert "```" not in text, f"{where}: Markdown fence"
    obj = json.loads(text)
    assert isinstance(obj, dict), f"{where}: not an object"
    assert len(text) <= 2400, f"{where}: answer too long ({len(text)})"
    allowed = ev.nums | w.calc
    pool = ev.dates | w.calc_dates
    keyrx = re.compile(r"^[a-z][a-zA-Z0-9]*$") if w.case == "camel" else re.compile(r"^[a-z][a-z0-9_]*$")
    n_work = 0

    def walk(v, key, path):
        nonlocal n_work
        where2 = f"{where} {path}"
        if isinstance(v, dict):
            for k, x in v.items():
                assert keyrx.match(k), f"{where2}: key {k!r} is not {w.case}Case"
                walk(x, k, f"{path}.{k}")
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk(x, key, f"{path}[{i}]")
        elif isinstance(v, bool):
            if key in ev.bools:
                assert v in ev.bools[key], f"{where2}: {key}={v} contradicts the evidence"
        elif v is None:
            pass
        elif isinstance(v, (int, float)):
            assert _near(abs(float(v)), allowed), f"{where2}: {v} is not an evidence or computed value"
        else:
            s = v
            if _ISO_D.match(s):
                assert D(s) in pool, f"{where2}: date {s} is neither in the evidence nor computed"
            elif _ISO_DT.match(s):
                assert s in ev.stamps, f"{where2}: timestamp {s} not in the evidence"
            elif _CUR.match(s) or _TOKEN_CODE.match(s) or _TOKEN_CAMEL.match(s) or (_TOKEN_SNAKE.match(s) and "_" in s):
                assert s in ev.blob, f"{where2}: {s!r} not in the evidence"
            elif _TOKEN_SNAKE.match(s) and key in ("status", "result", "outcome", "state"):
                assert f'"{s}"' in ev.blob, f"{where2}: {s!r} not in the evidence or the response schema"
            else:
                if " = " in s:
                    n_work += 1
                read_text(s, key, ev, allowed, pool, where2)

    try:
        walk(obj, "", "$")
    except (ValueError, IndexError) as e:     # an impossible date or a malformed figure is a failed check, not a crash
        raise AssertionError(f"{where}: unreadable value ({e})") from e
    summ = obj.get("summary")
    assert isinstance(summ, str) and summ, f"{where}: no summary"
    n_sent = len(re.findall(r"(?<!\b[A-Z])[.!?](?: |$)", summ))
    assert 1 <= n_sent <= 2 and summ.endswith("."), f"{where}: summary is not one or two sentences: {summ!r}"
    return n_work


# =========================================================================== the guard
STATS = {"clean": 0, "workings": 0, "dropped": 0, "kept": 0}


def _edited(a: JB, idx, rep):
    return "".join(rep if i == idx else p for i, p in enumerate(a.parts))


def _json_ok(text):
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


def vet(scn, plan, w: Js):
    """Evidence guard (module docstring). Returns the plan."""
    where = f"{scn.name}/{plan.intent or '?'}"
    a = plan.answer
    ev = Ev(scn, plan)
    text = a.text
    STATS["workings"] += read_answer(text, ev, w, where)
    STATS["clean"] += 1
    keep = []
    for c in a.cands:
        rep, orig, typ, cat = c["replacement"], c["original"], c["type"], c["category"]
        core = rep.strip("'\"` #§")
        edited = _edited(a, c["idx"], rep)
        if not core or rep == orig or not _json_ok(edited):
            STATS["dropped"] += 1
            continue
        if typ in ("entity", "fabricated_attribute"):
            if fold(core) in ev.fb or (len(squash(core)) >= 3 and squash(core) in ev.sq):
                STATS["dropped"] += 1
                continue
        if typ == "fabricated_id":
            if squash(core) in ev.sq or squash(core) == squash(orig):
                STATS["dropped"] += 1
                continue
        if typ == "fabricated_section":
            ks = re.findall(r"\d+(?:\.\d+)+", rep)
            if not ks or any(k in ev.keys for k in ks):
                STATS["dropped"] += 1
                continue
        if typ in ("numeric", "temporal"):
            try:
                read_answer(edited, ev, w, where)
                STATS["dropped"] += 1
                continue             # the edited answer can be read off the evidence: not a hallucination
            except AssertionError:
                pass
        keep.append(c)
        STATS["kept"] += 1
    a.cands = keep
    for pos, kind in a.points:      # every insertion point keeps the JSON valid
        pre, post = a.wrap[(pos, kind)]
        probe = "".join(a.parts[:pos]) + pre + "Probe." + post + "".join(a.parts[pos:])
        assert _json_ok(probe), f"{where}: insertion point {kind} breaks the JSON"
    for typ in list(a.inserts):
        ok = []
        for t, clause in a.inserts[typ]:
            assert '"' not in t and "\\" not in t, f"{where}: inserted text needs escaping"
            if typ == "fabricated_citation":
                raw = w.refs.get(t)
                if not raw or fold(raw) in ev.fb or squash(raw) in ev.sq:
                    continue
            elif fold(t.rstrip(".")) in ev.fb:
                continue
            ok.append((t, clause))
        a.inserts[typ] = ok
    return plan
