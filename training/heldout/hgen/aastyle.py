"""Set aa writer: case notes / hand-off summaries written by a support agent for a colleague or the next shift.

A human colleague (a team lead, the agent on the next shift, a specialist queue) asks the support agent to look a case
up and write it up, or to take the one write action the back office allows (a refund, a credit, an approval, a remake)
and leave a note. The agent calls the back office's tools (JSON records with ISO dates and timestamps, amounts, counts,
statuses and identifiers; one numbered policy or terms document fetched by URL or by path; one write action that may be
refused by design with a reason code and an alternative) and writes a case note: third person and past tense about the
customer ("Cust. asked whether…", "Verified acct; order shipped Mar 4"), a dated mini-timeline ("Mar 4 – shipped;
Mar 7 – delivered"), short labelled lines ("Issue:", "Findings:", "Action taken:", "Outcome:", "Next steps / owner:"),
ticketing abbreviations (cust., acct, ref, f/u, ETA, N/A, w/, pls), the working inline where a figure is computed
("$38.00 + $4.10 = $42.10", "Mar 4 → Mar 9 = 5 days", "$240.00 × 15% = $36.00") and the write result as what was
done or refused ("Refund not issued — `REFUND_WINDOW_CLOSED`; offered store credit of …").

Writer side: ``Nw`` formats amounts, dates, times and counts, writes them into the answer builder ``A`` of
``hgen/common.py`` as editable parts with edit candidates, and registers a *claim* for every figure it writes: how the
value follows from the evidence (a small expression over record fields by id, the first result holding a path, a number
of a numbered section of the fetched document, sums, differences, products, percentages, days between dates, a date
plus a number of days, list lengths and counts), with the exact text and the literal text just before it.

Reader side (``Ev``, ``read_answer``; independent of the writer's objects): the tool results are parsed again from their
JSON text; every claim is recomputed from the evidence and must match its mention; every working ("A + B = C",
"A − B = C", "A × B% = C", "A × B ÷ C = D", "date → date = N days") is recomputed and its operands must be evidence
values or checked values; every amount, percentage, number, date and clock time elsewhere must be an evidence value or a
checked value; every identifier and backticked code must occur in the evidence; every cited section must exist in the
fetched document and share wording with the sentence citing it; every capitalised word must occur in the evidence or be
one of the register's own words; no stray digit may be left. A clean answer that fails raises ``AssertionError``.

``vet`` is the evidence guard: it reads every clean answer, then drops edit candidates that the evidence could support
(entity, code and identifier replacements found in the evidence, section numbers the document has, numeric, temporal and
conflation replacements whose edited answer the reader still accepts, conflated names absent from the evidence, and
inserted sentences whose text or reference occurs in the evidence).
"""
from __future__ import annotations

import datetime as dt
import json
import re
import unicodedata

from .common import History, Plan, R, Scenario, Turn

SYM = {"USD": "$", "GBP": "£", "EUR": "€"}
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
WDAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def fold(s):
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch)).lower()


def bump_money(x, r: R):
    for _ in range(30):
        y = round(x * (1 + r.uniform(0.12, 0.45) * r.choice([-1, 1])), 2)
        if y > 0 and abs(y - x) >= 0.5:
            return y
    return round(x + 13.5, 2)


def bad_section(sec, keys, r: R):
    for _ in range(40):
        a, b = sec.split(".")
        c = f"{int(a) + r.choice([0, 0, 2, 4])}.{int(b) + r.choice([2, 3, 4, 5])}"
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


# =========================================================================== the writer
class Nw:
    """One note's formatting choices; registers a claim for every figure written."""

    def __init__(self, r: R, cur="USD", year_in_dates=None):
        self.r, self.cur, self.sym = r, cur, SYM[cur]
        self.dfmt = r.choice(["us", "us", "uk"]) if cur != "USD" else r.choice(["us", "us", "us", "uk"])
        self.year = r.random() < 0.25 if year_in_dates is None else year_in_dates
        self.h12 = r.random() < 0.45
        self.claims = []
        self.refs = {}

    # ---------------------------------------------------------------- formatting
    def m(self, x):
        return f"{self.sym}{round(float(x), 2):,.2f}"

    def d(self, day):
        mon = MONTHS[day.month - 1][:3]
        if self.dfmt == "uk":
            return f"{day.day} {mon}" + (f" {day.year}" if self.year else "")
        return f"{mon} {day.day}" + (f", {day.year}" if self.year else "")

    def t(self, ldt):
        if self.h12:
            h = ldt.hour % 12 or 12
            return f"{h}:{ldt.minute:02d} {'am' if ldt.hour < 12 else 'pm'}"
        return f"{ldt.hour:02d}:{ldt.minute:02d}"

    @staticmethod
    def pct(p):
        return (f"{p:g}" if p != int(p) else f"{int(p)}") + "%"

    # ---------------------------------------------------------------- claims
    def _ctx(self, a):
        i = len(a.parts) - 1
        if i < 0 or any(c["idx"] == i for c in a.cands):
            return ""
        return a.parts[i][-24:]

    def claim(self, kind, **kw):
        self.claims.append(dict(kind=kind, **kw))

    def _fig(self, a, kind, text, expr, cands):
        ctx = self._ctx(a)
        idx = len(a.parts)
        a.x(text, **cands)
        self.claim(kind, expr=expr, text=text, ctx=ctx, idx=idx)
        return text

    # ---------------------------------------------------------------- editable figures
    def Money(self, a, x, expr, conf=(), edit=True):
        text = self.m(x)
        oth = [self.m(o) for o in conf if abs(round(o, 2) - round(x, 2)) >= 0.01]
        return self._fig(a, "num", text, expr, dict(num=self.m(bump_money(x, self.r)) if edit else None,
                                                    conf=("numerical", self.r.choice(oth)) if (oth and edit) else None))

    def Num(self, a, n, expr, conf=(), edit=True, deltas=(-2, -1, 1, 2, 3)):
        text = str(n)
        alt = [str(n + k) for k in deltas if n + k > 0 and n + k != n]
        oth = [str(o) for o in conf if o != n]
        return self._fig(a, "num", text, expr, dict(num=self.r.choice(alt) if (edit and alt) else None,
                                                    conf=("numerical", self.r.choice(oth)) if (oth and edit) else None))

    def Pct(self, a, p, expr, edit=True):
        text = self.pct(p)
        alt = [self.pct(p + k) for k in (-10, -5, 5, 10, 15) if p + k > 0]
        return self._fig(a, "num", text, expr, dict(num=self.r.choice(alt) if edit else None))

    def Days(self, a, n, expr, unit="days", conf=(), edit=True):
        text = f"{n} {unit if n != 1 else unit.rstrip('s')}"
        alt = [k for k in (-5, -3, -2, 2, 3, 4, 7) if n + k > 0]
        rep = None
        if edit and alt:
            m = n + self.r.choice(alt)
            rep = f"{m} {unit if m != 1 else unit.rstrip('s')}"
        oth = [f"{o} {unit if o != 1 else unit.rstrip('s')}" for o in conf if o != n and o > 0]
        ctx = self._ctx(a)
        idx = len(a.parts)
        a.x(text, num=rep, conf=("numerical", self.r.choice(oth)) if (oth and edit) else None)
        self.claim("num", expr=expr, text=str(n), ctx=ctx, idx=idx, full=text)
        return text

    def Date(self, a, day, expr, conf=(), edit=True, shifts=(-3, -2, -1, 1, 2, 3, 7)):
        text = self.d(day)
        alt = [self.d(day + dt.timedelta(days=k)) for k in shifts]
        oth = [self.d(o) for o in conf if o != day]
        return self._fig(a, "date", text, expr, dict(tmp=self.r.choice(alt) if edit else None,
                                                      conf=("temporal", self.r.choice(oth)) if (oth and edit) else None))

    def Time(self, a, ldt, expr, edit=True):
        text = self.t(ldt)
        alt = [self.t(ldt + dt.timedelta(minutes=k)) for k in (-120, -60, -45, 45, 60, 90)]
        alt = [x for x in alt if x != text]
        return self._fig(a, "time", text, expr, dict(tmp=self.r.choice(alt) if edit else None))

    def cite(self, text, raw):
        self.refs[text] = raw
        return text


# =========================================================================== layouts
LABELS = {
    "issue": ["Issue", "Issue", "Cust. request", "Reason for contact"],
    "findings": ["Findings", "Findings", "Checked", "What I found"],
    "timeline": ["Timeline", "Timeline", "Key dates"],
    "action": ["Action taken", "Action taken", "Actioned"],
    "outcome": ["Outcome", "Outcome", "Status"],
    "next": ["Next steps / owner", "Next steps", "F/u"],
    "open": ["Open questions", "Open questions", "Still open"],
}


class Layout:
    """How a note is laid out: labelled lines, bold labels with bullets, a timeline-first note, or prose."""

    def __init__(self, r: R, kind=None):
        self.r = r
        self.kind = kind or r.choice(["blocks", "bold", "timeline", "prose"])
        self.labels = {k: r.choice(v) for k, v in LABELS.items()}
        self.first = True

    def head(self, a, key):
        """Starts a block; returns True when its items are bullets."""
        lab = self.labels[key]
        sep = "" if self.first else ("\n\n" if self.kind in ("prose", "bold") else "\n")
        self.first = False
        a(sep)
        if self.kind == "prose":
            return False
        if self.kind == "bold":
            a(f"**{lab}:** ")
            return False
        a(f"{lab}: ")
        return False

    def list_head(self, a, key):
        """Starts a block whose items are bullets (bold / timeline layouts) or '; '-joined (others)."""
        lab = self.labels[key]
        sep = "" if self.first else ("\n\n" if self.kind in ("prose", "bold") else "\n")
        self.first = False
        a(sep)
        if self.kind in ("bold", "timeline"):
            a(f"**{lab}:**" if self.kind == "bold" else f"{lab}:")
            return True
        if self.kind == "prose":
            a(self.r.choice(PROSE_LEAD[key]))
            return False
        a(f"{lab}: ")
        return False


PROSE_LEAD = {"timeline": ["Dates: ", "Timeline — ", "Key dates: "],
              "findings": ["Checked the record: ", "Findings — ", "On the record: "]}


def items(a, L, bullets, fns, end="."):
    """Writes items (each fn writes one fragment) as bullets or as one '; '-joined sentence."""
    for i, fn in enumerate(fns):
        if bullets:
            a("\n- ")
            fn()
            a.pb()
        else:
            if i:
                a("; ")
            fn()
    if not bullets:
        a.pc()
        a(end)
        a.p()


def open_q(a, L, r, qs):
    """An optional "Open questions" line (no figures)."""
    if r.random() < 0.4:
        L.head(a, "open")
        a(r.choice(qs))
        a.p()


def cap(s):
    return s[0].upper() + s[1:]


# =========================================================================== scenario base
class AaScenario(Scenario):
    """Shared pieces of the six set-aa scenarios (colleagues, follow-ups, the guard)."""
    rd_ids = ()
    colleagues = ["Dana", "Priya", "Luis", "Kemal", "Hannah", "Tobias", "Aoife", "Marco", "Yuki", "Grace", "Idris",
                  "Carmen"]
    customers_first = ["Alicia", "Bernard", "Chloe", "Desmond", "Esther", "Farid", "Gemma", "Hugo", "Imogen", "Jasper",
                       "Keiko", "Leon", "Marisol", "Niall", "Odile", "Pavel", "Rhea", "Stellan", "Tamsin", "Umar"]
    customers_last = ["Abbott", "Brennan", "Castillo", "Dunmore", "Eriksen", "Fairley", "Gallo", "Hartigan", "Iqbal",
                      "Jovanovic", "Kowalczyk", "Lachance", "Mbeki", "Novak", "Okafor", "Pemberton", "Quist", "Rourke"]
    fake_customers = ["Beatrix Holloway", "Cormac Delaney", "Annika Strand", "Rufus Penhaligon"]

    def customer(self, r):
        return f"{r.choice(self.customers_first)} {r.choice(self.customers_last)}"

    def as_of(self, r, today):
        return dt.datetime(today.year, today.month, today.day, r.randint(8, 18), r.randint(0, 59), tzinfo=dt.timezone.utc)

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
_MON = {m[:3]: i + 1 for i, m in enumerate(MONTHS)}
_MRX = "|".join(MONTHS + [m[:3] for m in MONTHS])
_DATE = re.compile(r"(?<![\w-])(?:(" + _MRX + r") (\d{1,2})(?:, (\d{4}))?(?![\d:])|(\d{1,2}) (" + _MRX
                   + r")(?: (\d{4}))?(?![\w])|(\d{4})-(\d{2})-(\d{2}))")
_TIME = re.compile(r"(?<![\w:.])(?:(1[0-2]|[1-9]):([0-5]\d) (am|pm)|([01]\d|2[0-3]):([0-5]\d))(?![\d:])")
_MONEY = re.compile(r"[$£€](\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?")
_PCT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)%")
_NUM = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\w]|[.,]\d)")
_OPND = r"[$£€]?\d[\d,]*(?:\.\d+)?%?"
_WORK = re.compile(r"((?:" + _OPND + r" ?[+−×÷] ?)+" + _OPND + r") = (" + _OPND + r")")
_DWORK = re.compile(r"(" + _DATE.pattern + r") → (" + _DATE.pattern + r") = (\d+) days?")
_CODE = re.compile(r"`([^`]+)`")
_ID = re.compile(r"(?<![\w-])(?=[A-Z0-9-]*\d)[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+(?![\w-])")
_SEC = re.compile(r"(?:§ ?|sec\. |section |clause )(\d+\.\d+)")
_CAPW = re.compile(r"(?<![\w'’-])[A-Z][\w'’&.-]*")
_STOP = {"which", "their", "there", "these", "those", "about", "would", "could", "should", "after", "before",
         "within", "from", "with", "that", "this", "days", "only", "they", "have", "been", "will", "each", "more",
         "less", "than", "into", "over", "once", "were", "when", "what", "then", "also", "them", "cust", "pls"}
STYLE = set("""A Acct Action Actioned All Also An And Any As Asked At Both But By Cust Customer Checked Confirmed Case
Date Dates Done ETA F/u FYI Findings For From Handed Hand-off Handoff He Her His I I've If In Issue It It's Its Key
N/A No Noted Not Note Of Offered On Open Outcome Owner Per Pls Reason Ref Refund Refused Request She So Status Still
Summary That The Their Then There They This Timeline To Total Verified W/ We What Which With Next Steps Escalated
Left Logged Processed Questions Queue Shift Sent Told Went Tier Waiting Approved Declined Checked Timeline Nothing Re
Balance Credit Due Paid Item Items Order Replacement Repair Remake Warranty Claim Claims Pledge Member Job Batt
Equity Delivery Reported Received Placed Returned Diagnosed Shipped Delivered Charged Ordered Dispensed Collected
Estimate Approved Opened Backer Reward Add-on Add-ons Tracking Goodwill Photos Damage Policy Terms Handbook Guarantee
Labour Labor Parts Deposit Storage Service Discount Dividend Patronage Store Subtotal Fee Fees Window Deadline Cycles
Until Because Since Under Over Outside Inside Only One Two Three Four Five Six Agent Lead Team Heads-up Following
Customer's Cust's Lenses Frame Coatings Coating Battery Motor Frame Watch Movement Crystal Strap Ready Awaiting Given
Mr Ms Mrs Rider Rx Patient None OK Did Does Has Is Was Any Asked Wants Wanted Said Says Called Emailed Chat Phone Email Prior Per Tried Resolution Nothing
Review Pending Pls Chased System Work Approval Owner Watch Battery Bike Lenses Remake Glasses Lamp Backer Creator Campaign Shipping Member Equity Receipt Dividend Till Eligible Refunded Expected Coverage Covered Labour Diagnosis Cycle Cycles Age Purchased Diagnosed Parts Customer-facing Net Fee Sent Partial Structural Cosmetic Stage Promised Booked Cancelled Credited Requested""".split())


def _v(whole, frac):
    return float(whole.replace(",", "") + ("." + frac if frac else ""))


def _val(s):
    if isinstance(s, str):
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
            return dt.date.fromisoformat(s)
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})", s):
            return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))
    return s


def _get(d, path):
    cur = d
    for p in path.split("."):
        if isinstance(cur, dict) and p in cur:
            cur = cur[p]
        elif isinstance(cur, list) and p.isdigit() and int(p) < len(cur):
            cur = cur[int(p)]
        else:
            return None
    return cur


def _date_of(m, years):
    """(month, day, year or None) of a _DATE match (offsets of the plain pattern)."""
    g = m.groups()
    if g[0]:
        return _MON[g[0][:3]], int(g[1]), int(g[2]) if g[2] else None
    if g[3]:
        return _MON[g[4][:3]], int(g[3]), int(g[5]) if g[5] else None
    return int(g[7]), int(g[8]), int(g[6])


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
            (self.docs if isinstance(j, str) else self.results).append(j)
        self.dicts = []
        self.nums, self.strings = set(), []
        for res in self.results:
            self._walk(res)
        self.strings += self.texts + self.docs
        self.dates, self.times = set(), set()
        for s in self.strings:
            for m in re.finditer(r"\b(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?", s):
                self.dates.add(dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
                if m.group(4):
                    self.times.add(int(m.group(4)) * 60 + int(m.group(5)))
            x = re.sub(r"\d{4}-\d{2}-\d{2}(T[\d:]+(Z|[+-]\d{2}:\d{2})?)?", " ", s)
            x = re.sub(r"(?<![\w-])[A-Za-z]+(?:-[A-Za-z0-9]+)+", " ", x)
            x = re.sub(r"(?m)^\s*(#+ )?\d+(\.\d+)+\.?(?=\s)", " ", x)
            for m in re.finditer(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?", x):
                self.nums.add(round(_v(m.group(1), m.group(2)), 6))
        self.blob = "\n".join(self.texts + [json.dumps(x, ensure_ascii=False) for x in self.results] + self.docs
                              + [scn.system] + [json.dumps(t.params) + t.description for t in scn.tools])
        self.fb = fold(self.blob)
        self.keys = set()
        for d in self.docs:
            self.keys |= doc_keys(d)

    def _walk(self, v):
        if isinstance(v, dict):
            self.dicts.append(v)
            for x in v.values():
                self._walk(x)
        elif isinstance(v, list):
            for x in v:
                self._walk(x)
        elif isinstance(v, bool) or v is None:
            return
        elif isinstance(v, (int, float)):
            self.nums.add(round(abs(float(v)), 6))
        else:
            self.strings.append(str(v))

    # ------------------------------------------------------------ expressions
    def ev(self, e, me=None):
        k = e[0]
        if k == "c":
            return e[1]
        if k == "r":
            ds = [d for d in self.dicts if e[1] in d.values() and _get(d, e[2]) is not None]
            assert ds, f"no record {e[1]} with {e[2]}"
            return _val(_get(ds[0], e[2]))
        if k == "g":
            for res in self.results:
                v = _get(res, e[1])
                if v is not None:
                    return _val(v)
            raise AssertionError(f"nothing at {e[1]}")
        if k == "self":
            return _val(_get(me, e[1]))
        if k == "doc":
            _, sec, i = e
            lines = [ln for d in self.docs for ln in d.split("\n") if re.match(r"(#+ )?" + re.escape(sec) + r"\.?\s", ln)]
            assert lines, f"no section {sec}"
            nums = re.findall(r"\d+(?:\.\d+)?", re.sub(r"^(#+ )?\d+\.\d+\.?", "", lines[0]).replace(",", ""))
            x = float(nums[i])
            return int(x) if x == int(x) else x
        if k == "add":
            xs = [self.ev(x, me) for x in e[1:]]
            if isinstance(xs[0], dt.date):
                return xs[0] + dt.timedelta(days=sum(xs[1:]))
            return sum(xs)
        if k == "sub":
            x, y = self.ev(e[1], me), self.ev(e[2], me)
            if isinstance(x, dt.date) and isinstance(y, dt.date):
                return (_day(x) - _day(y)).days
            if isinstance(x, dt.date):
                return x - dt.timedelta(days=y)
            return x - y
        if k == "mul":
            out = 1
            for x in e[1:]:
                out *= self.ev(x, me)
            return out
        if k == "div":
            return self.ev(e[1], me) / self.ev(e[2], me)
        if k == "pct":
            return round(self.ev(e[1], me) * self.ev(e[2], me) / 100, 2)
        if k == "r2":
            return round(self.ev(e[1], me) + 1e-9, 2)
        if k == "day":
            return _day(self.ev(e[1], me))
        if k == "min":
            return min(self.ev(x, me) for x in e[1:])
        if k == "max":
            return max(self.ev(x, me) for x in e[1:])
        if k == "len":
            return len(self.lst(e[1], e[2] if len(e) > 2 else None))
        if k == "sum":
            return round(sum(float(_get(x, e[2])) for x in self.lst(e[1], e[3] if len(e) > 3 else None)), 2)
        raise ValueError(k)

    def lst(self, path, pred=None):
        items = None
        for res in self.results:
            v = _get(res, path)
            if isinstance(v, list):
                items = v
                break
        assert items is not None, f"no list {path}"
        return [x for x in items if pred is None or self.pred(pred, x)]

    def pred(self, p, me):
        k = p[0]
        if k == "and":
            return all(self.pred(x, me) for x in p[1:])
        if k == "not":
            return not self.pred(p[1], me)
        if k == "eq":
            return _get(me, p[1]) == p[2]
        if k == "true":
            return _get(me, p[1]) is True
        if k in ("lt", "le", "gt", "ge", "eqv"):
            x, y = self.ev(p[1], me), self.ev(p[2], me)
            return {"lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y, "eqv": x == y}[k]
        raise ValueError(k)


def _day(x):
    return x.date() if isinstance(x, dt.datetime) else x


def _find(text, ctx, mtext, used):
    i = -1
    while True:
        i = text.find(ctx + mtext, i + 1)
        if i < 0:
            return None
        s = i + len(ctx)
        e = s + len(mtext)
        pre = text[s - 1] if s > 0 else " "
        post = text[e:e + 2]
        if s in used or pre.isalnum() or pre in "$£€,.:-/" or (post[:1].isdigit()) or (post[:1] in ",.:" and post[1:2].isdigit()):
            continue
        used.add(s)
        return s


def _segments(text):
    out = []
    pos = 0
    for line in text.split("\n"):
        p = 0
        for part in re.split(r"(?<=[.;!?])\s+(?=[A-Z*`])", line):
            s = line.find(part, p)
            out.append((pos + s, pos + s + len(part), part))
            p = s + len(part)
        pos += len(line) + 1
    return out


def _mask(text, spans):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            t[i] = " "
    return "".join(t)


def _opnd(s):
    p = s.endswith("%")
    x = float(s.rstrip("%").lstrip("$£€").replace(",", ""))
    return x, p


def read_answer(text, ev: Ev, claims, where="?"):
    """Raises AssertionError when the answer states something the evidence does not support."""
    ok_nums, ok_dates = set(), set()
    used = set()
    n = 0
    for c in claims:
        k = c["kind"]
        if k in ("num", "date", "time"):
            val = ev.ev(c["expr"])
            s = _find(text, c["ctx"], c["text"], used)
            assert s is not None, f"{where}: figure {c['text']!r} not found"
            if k == "num":
                m = re.match(r"[$£€]?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?%?", text[s:])
                got = _v(m.group(1), m.group(2))
                assert abs(got - round(float(val), 2)) < 0.006, f"{where}: {c['text']!r} but the evidence gives {val}"
                ok_nums.add(round(float(val), 2))
            elif k == "date":
                m = _DATE.match(text, s)
                assert m and m.end() - s == len(c["text"]), f"{where}: date {c['text']!r} unreadable"
                mon, day, yr = _date_of(m, None)
                d = _day(val)
                assert (mon, day) == (d.month, d.day) and yr in (None, d.year), f"{where}: {c['text']!r} but the evidence gives {d}"
                ok_dates.add(d)
            else:
                m = _TIME.match(text, s)
                assert m, f"{where}: time {c['text']!r} unreadable"
                mins = (int(m.group(1)) % 12 + (12 if m.group(3) == "pm" else 0)) * 60 + int(m.group(2)) if m.group(1) \
                    else int(m.group(4)) * 60 + int(m.group(5))
                assert mins == val.hour * 60 + val.minute, f"{where}: {c['text']!r} but the evidence gives {val:%H:%M}"
            n += 1
        elif k == "cmp":
            x, y = ev.ev(c["a"]), ev.ev(c["b"])
            ok = {"lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y, "eq": x == y, "ne": x != y}[c["op"]]
            assert ok, f"{where}: comparison {c['op']} {c['a']} {c['b']} is false ({x} vs {y})"
            n += 1
        elif k == "val":
            got = ev.ev(("r", c["id"], c["key"]))
            assert got == c["value"], f"{where}: {c['id']}.{c['key']} is {got!r}, not {c['value']!r}"
            n += 1
    masks = []
    allowed = ev.nums | ok_nums
    # workings
    for m in _DWORK.finditer(text):
        m1, m2 = _DATE.match(m.group(1)), _DATE.match(m.group(11))
        (a1, b1, y1), (a2, b2, y2) = _date_of(m1, None), _date_of(m2, None)
        ds = ev.dates | ok_dates
        c1 = [d for d in ds if (d.month, d.day) == (a1, b1) and y1 in (None, d.year)]
        c2 = [d for d in ds if (d.month, d.day) == (a2, b2) and y2 in (None, d.year)]
        want = int(m.group(21))
        assert any((y - x).days == want for x in c1 for y in c2), f"{where}: date working {m.group(0)!r} is wrong"
        allowed = allowed | {float(want)}
        n += 1
    for m in _WORK.finditer(text):
        toks = re.findall(_OPND + r"|[+−×÷]", m.group(1))
        vals, ops = [], []
        for t in toks:
            if t in "+−×÷":
                ops.append(t)
            else:
                vals.append(_opnd(t))
        terms, cur, sign = [], vals[0][0], 1
        for op, (v, p) in zip(ops, vals[1:]):
            if op == "×":
                cur *= v / 100 if p else v
            elif op == "÷":
                cur /= v
            else:
                terms.append(sign * cur)
                sign, cur = (1 if op == "+" else -1), v
        terms.append(sign * cur)
        res = _opnd(m.group(2))[0]
        assert abs(sum(terms) - res) < 0.0051, f"{where}: working {m.group(0)!r} recomputes to {sum(terms):.4f}"
        for v, _ in vals:
            assert any(abs(v - x) < 0.006 for x in allowed), f"{where}: operand {v} of {m.group(0)!r} is unsupported"
        allowed = allowed | {round(res, 2)}
        n += 1
    # sections, codes, identifiers
    secs = {}
    for d in ev.docs:
        for ln in d.split("\n"):
            mm = re.match(r"(?:#+ )?(\d+\.\d+)\.?\s+(.*)", ln)
            if mm:
                secs.setdefault(mm.group(1), mm.group(2))
    stems = lambda x: {w.lower()[:6] for w in re.findall(r"[A-Za-z][A-Za-z'-]{3,}", x) if w.lower() not in _STOP}
    for m in _SEC.finditer(text):
        win = stems(text[max(0, m.start() - 40):m.start()] + " " + text[m.end():m.end() + 40])
        score = {k: len(stems(v) & win) for k, v in secs.items()}
        mine = score.get(m.group(1), 0)
        assert mine > 0 and all(v < mine for k, v in score.items() if k != m.group(1)), \
            f"{where}: section {m.group(1)} is not the section whose wording the note gives"
    for m in _SEC.finditer(text):
        assert m.group(1) in ev.keys, f"{where}: section {m.group(1)} is not in a fetched document"
        masks.append((m.start(), m.end()))
    for m in _CODE.finditer(text):
        assert m.group(1) in ev.blob, f"{where}: code {m.group(1)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    for m in _ID.finditer(text):
        assert m.group(0) in ev.blob, f"{where}: identifier {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    for m in re.finditer(r"(?<![\w-])([A-Z][a-z]+) (\d{1,3})(?![\w:,.%-]|[.,]\d)", text):
        if m.group(1)[:3] not in _MON:
            assert m.group(0) in ev.blob, f"{where}: name with number {m.group(0)!r} not in the evidence"
    t2 = _mask(text, masks)
    for m in _DATE.finditer(t2):
        mon, day, yr = _date_of(m, None)
        ds = [d for d in ev.dates | ok_dates if (d.month, d.day) == (mon, day) and yr in (None, d.year)]
        assert ds, f"{where}: date {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    t2 = _mask(text, masks)
    for m in _TIME.finditer(t2):
        mins = (int(m.group(1)) % 12 + (12 if m.group(3) == "pm" else 0)) * 60 + int(m.group(2)) if m.group(1) \
            else int(m.group(4)) * 60 + int(m.group(5))
        assert mins in ev.times, f"{where}: time {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    t2 = _mask(text, masks)
    for rx in (_MONEY, _PCT, _NUM):
        for m in rx.finditer(t2):
            x = _v(m.group(1), m.group(2) if rx is not _PCT else None) if rx is not _PCT else float(m.group(1))
            assert any(abs(x - a) < 0.006 for a in allowed), f"{where}: figure {m.group(0)!r} is unsupported"
            masks.append((m.start(), m.end()))
        t2 = _mask(text, masks)
    assert not re.search(r"\d", t2), f"{where}: stray digit in {t2!r}"
    # capitalised words
    nm = _mask(text, [(m.start(), m.end()) for m in _CODE.finditer(text)])
    for m in _CAPW.finditer(nm):
        wd = m.group(0).rstrip(".-’'")
        if wd.endswith(("'s", "’s")):
            wd = wd[:-2]
        if not wd or wd in STYLE or wd.rstrip(".") in STYLE or wd in MONTHS or wd[:3] in _MON or wd in WDAY:
            continue
        assert fold(wd) in ev.fb, f"{where}: name {wd!r} not in the evidence"
    return n


# =========================================================================== the guard
STATS = {"clean": 0, "checks": 0, "dropped": 0, "kept": 0}


def _edited(a, idx, rep):
    return "".join(rep if i == idx else p for i, p in enumerate(a.parts))


def _claims_for(w, idx, rep):
    out = []
    for c in w.claims:
        if c.get("idx") == idx:
            c = dict(c)
            if "full" in c:
                m = re.match(r"\d+", rep)
                c["text"] = m.group(0) if m else rep
            else:
                c["text"] = rep
        out.append(c)
    return out


def vet(scn, plan, w: Nw):
    where = f"{scn.name}/{plan.intent or '?'}"
    a = plan.answer
    ev = Ev(scn, plan)
    STATS["checks"] += read_answer(a.text, ev, w.claims, where)
    STATS["clean"] += 1
    claimed = {c.get("idx") for c in w.claims}
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
        elif typ == "conflation" and c["category"] == "contradiction/entity":
            drop = rep not in ev.blob
        elif typ in ("numeric", "temporal", "conflation") and c["idx"] in claimed:
            try:
                read_answer(_edited(a, c["idx"], rep), ev, _claims_for(w, c["idx"], rep), where)
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
