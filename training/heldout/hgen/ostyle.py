"""Set o writer: a knowledge-base / research assistant that answers from retrieved documents.

The agent's tools are mostly search and fetch over prose (ranked hits with titles, URLs / paths / article IDs, snippets
and ``updated_at``; long plain-text, Markdown or lightly HTML-ish documents with numbered sections and tables), plus a
JSON record lookup and one write action. Answers paraphrase and summarize the documents, quote short passages in
quotation marks, cite the hits as [1], [2] (tied to the search ranks), as "(source: *Title*, §4.2)" or "per the *Title*
(updated 3 Feb 2026)", hedge where the document hedges ("typically", "in most cases"), spell out conditions and
exceptions ("unless", "only if", "except"), paraphrase procedures as step lists, compare two documents or versions,
embed numbers in prose (limits, fees, durations, counts, dates of effect), show simple working ("(€27.50 × 7 =
€192.50)", "(2 March + 30 days = 1 April)"), and sometimes close with a "Sources:" list or an offer. Per answer, ``Kb``
picks the citation style, the date style (US, UK or ISO), quotation marks (straight or curly), small numbers as words
or digits ("ten working days"), whole amounts with or without cents, bullets and step markers, bold or not, the section
sign or the word "section", 24- or 12-hour times, an opener and a closer.

``vet`` is the evidence guard. It (1) drops edit candidates that could turn out to be supported (entity, identifier and
attribute replacements found anywhere in the run's evidence, system prompt or tool definitions; section replacements
that a document has; citation-number replacements that name an existing hit; edits inside a quotation that still quote
a document verbatim; numeric and temporal replacements that read back to the original; temporal replacements that are
themselves an evidence or computed date or time; inserted sentences whose reference or text occurs in the evidence),
and (2) reads the clean answer back with an independent reader of this style: every quotation must occur verbatim in a
document or tool result (fragments around an ellipsis in order); every italic title must be a title in the evidence;
every [n] must be a rank of a search hit, and every number, date and quotation in a sentence that cites [n] or a titled
source must be in that source (its snippet or the fetched document), in a record lookup or the user's turns, or be a
computed value; "(source: *Title*, §4.2)" needs that section in that document and "(updated D)" that document's date;
every "Sources:" line must name the hit of that rank and its URL / path / ID; every section reference must exist in a
fetched document; every amount (in the run's currency only), percentage, count (digits or number words before a unit)
and plain number must equal, within the precision shown (or the hedge's tolerance), an evidence value of the same kind
or a value the template declared computed; every date, month and time must be an evidence or computed one (a weekday
must match its date); every identifier, URL, path, version and backticked code must occur in the evidence; every
working ("(A × B = C)", "A + B + C = D", "(D1 + 30 days = D2)", "(14:00 + 18 hours = 08:00 the next day)") is
recomputed from its displayed operands with interval arithmetic; and every rendering reads back to the value it was
rendered from. A clean answer that fails raises ``AssertionError`` (the set is not generated).
"""
from __future__ import annotations

import calendar
import datetime as dt
import json
import math
import re

from .common import A, R, mutate_id

MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WD3 = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
SYM = {"USD": "$", "EUR": "€", "GBP": "£"}
NUMW = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
        "eighteen": 18, "nineteen": 19, "twenty": 20, "twenty-one": 21, "twenty-four": 24, "twenty-eight": 28,
        "thirty": 30, "forty": 40, "forty-five": 45, "forty-eight": 48, "fifty": 50, "sixty": 60, "ninety": 90}
WORD_OF = {v: k for k, v in NUMW.items()}
UNIT_WORDS = (r"(?:(?:calendar|working|business|consecutive|full|clear|more|extra|additional|further|separate|"
              r"half|whole|boat|shore|pool|independent|dependent|excess|new|open|in-water|logged)[ -]){0,2}"
              r"(?:days?|weeks?|months?|years?|hours?|minutes?|seconds?|dives?|claims?|figures?|tables?|words?|"
              r"notices?|containers?|bookings?|extensions?|times|members?|items?|steps?|offers?|inspections?|"
              r"sessions?|shots?|spaces?|places?|pages?|copies|people|persons?|plots?|courses?|questions?|references?|slots?|"
              r"litres?|liters?|metres?|meters?|sites?|trips?|attempts?|refusals?|visits?|cards?|frames?|"
              r"bodies|lenses|gloves|pairs?|bottles?|results?|hits?|articles?|sections?|paragraphs?|versions?|"
              r"applications?|fees?|reminders?|warnings?|checks?|forms?|tanks?|loans?|mL|L|m|kg)\b")
_NUMW_RX = "|".join(sorted(NUMW, key=len, reverse=True))


def D(s):
    if isinstance(s, dt.datetime):
        return s.date()
    if isinstance(s, dt.date):
        return s
    return dt.date.fromisoformat(str(s)[:10])


def add_months(d, k):
    d = D(d)
    t = d.year * 12 + (d.month - 1) + k
    y, m = t // 12, t % 12 + 1
    return dt.date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def poss(name):
    return name + ("'" if name.endswith("s") else "'s")


def plural(unit, v):
    if v == 1:
        return unit
    irregular = {"person": "people", "copy": "copies", "body": "bodies", "lens": "lenses", "is": "are"}
    if unit in irregular:
        return irregular[unit]
    words_ = unit.split(" ")
    last = words_[-1]
    if last in irregular:
        last = irregular[last]
    elif last in ("mL", "L", "m", "kg") or last.endswith("s"):
        pass
    else:
        last = last + "s"
    return " ".join(words_[:-1] + [last])


# =========================================================================== sources
class Src:
    """A document the answer may cite: its search rank (or None), title, URL / path / article ID and date."""

    def __init__(self, rank, title, ref, updated=None):
        self.rank, self.title, self.ref, self.updated = rank, title, ref, updated


def hits_of(results, key):
    """Src objects for a list of search hits (dicts with rank, title, ``key`` and updated_at)."""
    return [Src(h["rank"], h["title"], h[key], h.get("updated_at")) for h in results]


# =========================================================================== the writer
OPEN_LINES = ["Here's what the documentation says.", "I checked the knowledge base.", "I found the relevant guidance.",
              "Here's what I found in the docs.", "I looked this up for you.", "Based on the articles I found:"]
CLOSERS = ["Anything else you'd like me to look up?", "Happy to check anything else in the docs.",
           "Let me know if you need the exact wording of any section.", "Want me to pull the full article?"]
SRC_HEADS = ["Sources:", "**Sources**", "References:", "Sources"]


class Kb:
    """One answer's formatting choices (see module docstring); records renderings and computed values for ``vet``."""

    def __init__(self, r: R, today, cur="USD", num_ok=False):
        self.r = r
        self.today = D(today)
        self.cur = cur
        self.sym = SYM[cur]
        self.dstyle = r.choice(["us", "us", "uk", "uk", "iso"])
        self.mabbr = r.random() < 0.35
        self.qo, self.qc = r.choice([('"', '"'), ('"', '"'), ("“", "”")])
        self.words = r.random() < 0.4
        self.cents = r.random() < 0.35
        self.bullet = r.choice(["- ", "- ", "- ", "* ", "• "])
        self.stepstyle = r.choice(["1. ", "1. ", "1) ", "Step 1: "])
        self.bold = r.random() < 0.5
        self.secw = r.choice(["§", "§", "section "])
        self.t24 = r.random() < 0.6
        self.pctw = r.choice(["%", "%", "%", " percent" if cur == "USD" else " per cent"])
        styles = ["paren", "per", "name"] + (["num", "num", "num"] if num_ok else [])
        self.cstyle = r.choice(styles)
        self.rend = []
        self.calc = {"money": [], "num": [], "pct": []}
        self.calc_dates, self.calc_times = [], []
        self.refs = {}
        self.used_lead = False

    # ---------------------------------------------------------------- bookkeeping
    def _c(self, kind, v, calc):
        if calc:
            self.calc[kind].append(abs(float(v)))

    def _rec(self, kind, text, value):
        self.rend.append((kind, text, value))
        return text

    def declare(self, kind, v):
        """A value the template computed without rendering it here (e.g. shown in words elsewhere)."""
        if kind == "date":
            self.calc_dates.append(D(v))
        elif kind == "time":
            self.calc_times.append(v)
        else:
            self.calc[kind].append(abs(float(v)))

    # ---------------------------------------------------------------- markup
    def b(self, s):
        return f"**{s}**" if self.bold else s

    def li(self):
        return self.bullet

    def step(self, i):
        s = self.stepstyle
        if s.startswith("Step"):
            return f"Step {i}: "
        return f"{i}{s[1:]}"

    def pb(self, a: A):
        if self.bullet == "- ":
            a.pb()

    def q(self, s):
        return f"{self.qo}{s}{self.qc}"

    def ttl(self, title):
        return f"*{title}*"

    def sec(self, tok, cap=False):
        if self.secw == "§":
            return f"§{tok}"
        return ("Section " if cap else "section ") + tok

    def opener(self, a: A, p=0.3):
        if self.r.random() < p:
            line = self.r.choice(OPEN_LINES)
            a.t(line + ("\n\n" if line.endswith(":") or self.r.random() < 0.5 else " "))

    def closer(self, a: A, offers=(), p=0.5):
        if self.r.random() < p:
            pool = list(offers) * 2 + CLOSERS
            a.t("\n\n" + self.r.choice(pool))

    def fake_id(self, raw, r: R):
        head, sep, tail = raw.partition("-")
        if sep and re.search(r"[A-Za-z0-9]", tail):
            return head + sep + mutate_id(tail, r)
        return mutate_id(raw, r)

    def fake_ref(self, ref, r: R):
        """A URL / path / article ID of the same shape that differs in its last component."""
        if ref.startswith("http") or ref.startswith("/"):
            head, _, tail = ref.rstrip("/").rpartition("/")
            stem, dot, ext = tail.rpartition(".")
            base = stem if dot else tail
            parts = base.split("-")
            alts = {"policy": "policies", "guide": "guidance", "fees": "charges", "rules": "regulations",
                    "notes": "notices", "faq": "help", "manual": "handbook", "list": "lists", "care": "cleaning",
                    "deadlines": "dates", "revisions": "resubmissions", "types": "formats"}
            hit = [i for i, p in enumerate(parts) if p in alts]
            if hit and r.random() < 0.5:
                k = r.choice(hit)
                parts[k] = alts[parts[k]]
            else:
                parts.append(r.choice([x for x in ["faq", "overview", "summary", "v2", "archive", "policy"] if x not in parts]))
            nb = "-".join(parts)
            return head + "/" + nb + (dot + ext if dot else "")
        return self.fake_id(ref, r)

    def cite_text(self, text, raw):
        self.refs[text] = raw
        return text

    # ---------------------------------------------------------------- citations
    def can_num(self, src):
        return self.cstyle == "num" and src is not None and src.rank is not None

    def tail(self, a: A, src, sec=None, fake_rank=None, fake_sec=None, fake_title=None):
        """The citation after a claim (before its full stop): ' [2]' or ' (source: *Title*, §4.2)'; '' otherwise."""
        if src is None:
            return
        if self.cstyle == "num" and src.rank is not None:
            a.t(" ").x(f"[{src.rank}]", sec=f"[{fake_rank}]" if fake_rank else None)
        elif self.cstyle == "paren":
            a.t(" (" + self.r.choice(["source: ", "source: ", "see ", "from "]))
            a.x(self.ttl(src.title), ent=self.ttl(fake_title) if fake_title else None)
            if sec:
                a.t(", ").x(self.sec(sec), sec=self.sec(fake_sec) if fake_sec else None)
            a.t(")")

    def lead(self, a: A, src, sec=None, fake_sec=None, fake_title=None, fake_date=None, mid=False):
        """A sentence-opening attribution for the 'per' and 'name' styles; nothing for the others. ``mid``: inside a
        sentence (lower case)."""
        if src is None or self.cstyle not in ("per", "name"):
            return False
        if self.cstyle == "per":
            a.t("per the " if mid else "Per the ").x(self.ttl(src.title), ent=self.ttl(fake_title) if fake_title else None)
            if src.updated and not self.used_lead:
                a.t(" (updated ").x(self.d(src.updated), tmp=fake_date).t(")")
            if sec:
                a.t(", ").x(self.sec(sec), sec=self.sec(fake_sec) if fake_sec else None)
            a.t(", ")
        else:
            if sec and self.r.random() < 0.5:
                a.t("under " if mid else "Under ").x(self.sec(sec), sec=self.sec(fake_sec) if fake_sec else None).t(" of ")
                a.x(self.ttl(src.title), ent=self.ttl(fake_title) if fake_title else None).t(", ")
            else:
                a.t("according to " if mid else "According to ").x(self.ttl(src.title), ent=self.ttl(fake_title) if fake_title else None).t(", ")
        self.used_lead = True
        return True

    def sources(self, a: A, srcs, fake=None, r=None, show_updated=None):
        """A closing 'Sources:' list of search hits ([n] Title — ref). ``fake``: rank whose ref gets an edit candidate."""
        head = self.r.choice(SRC_HEADS if self.bold else [h for h in SRC_HEADS if "**" not in h])
        upd = self.r.random() < 0.4 if show_updated is None else show_updated
        a.t("\n\n" + head + "\n")
        for i, s in enumerate(sorted(srcs, key=lambda s: s.rank)):
            a.t(f"[{s.rank}] {s.title} — ")
            a.x(s.ref, fid=self.fake_ref(s.ref, r) if fake == s.rank and r is not None else None)
            if upd and s.updated:
                a.t(" (updated " + self.d(s.updated) + ")")
            if i < len(srcs) - 1:
                a.t("\n")

    # ---------------------------------------------------------------- numbers
    def n(self, x, unit=None, calc=False, word=None):
        """A count, optionally with a unit ('10 days', 'ten working days', '1 claim')."""
        v = int(round(x))
        self._c("num", v, calc)
        use_word = (self.words if word is None else word) and unit is not None and v in WORD_OF
        txt = WORD_OF[v] if use_word else f"{v:,}"
        if unit:
            txt += " " + plural(unit, v)
        return self._rec("num", txt, float(v))

    def num(self, x, dec=1, unit=None, calc=False):
        self._c("num", x, calc)
        v = round(float(x), dec)
        txt = f"{v:,.{dec}f}"
        if unit:
            txt += " " + unit
        return self._rec("num", txt, v)

    def money(self, x, calc=False, cents=None):
        self._c("money", x, calc)
        v = round(abs(float(x)), 2)
        whole = abs(v - round(v)) < 1e-9
        c = self.cents if cents is None else cents
        txt = f"{self.sym}{v:,.0f}" if whole and not c else f"{self.sym}{v:,.2f}"
        return self._rec("money", txt, v)

    def pct(self, x, dec=0, calc=False):
        self._c("pct", x, calc)
        v = round(float(x), dec)
        return self._rec("pct", f"{v:.{dec}f}{self.pctw}", v)

    # ---------------------------------------------------------------- dates and times
    def d(self, x, calc=False, year=None, wd=False):
        dd = D(x)
        if calc:
            self.calc_dates.append(dd)
        show_year = (dd.year != self.today.year) if year is None else year
        mn = (MON if self.mabbr else MONTHS)[dd.month - 1]
        if self.dstyle == "iso":
            out = dd.isoformat()
            if wd:
                out = f"{WEEKDAYS[dd.weekday()]} {out}"
        elif self.dstyle == "us":
            out = f"{mn} {dd.day}" + (f", {dd.year}" if show_year else "")
            if wd:
                out = f"{WEEKDAYS[dd.weekday()]}, {out}"
        else:
            out = f"{dd.day} {mn}" + (f" {dd.year}" if show_year else "")
            if wd:
                out = f"{WEEKDAYS[dd.weekday()]} {out}"
        return self._rec("date", out, dd)

    def tm(self, t, calc=False):
        """'14:05' or '2:05 pm' from a datetime / 'HH:MM' / (h, m)."""
        if isinstance(t, str):
            t = dt.datetime.fromisoformat(t) if "T" in t else dt.datetime(2000, 1, 1, int(t[:2]), int(t[3:5]))
        hm = (t.hour, t.minute) if not isinstance(t, tuple) else t
        if calc:
            self.calc_times.append(hm)
        h, m = hm
        if self.t24:
            out = f"{h:02d}:{m:02d}"
        else:
            out = f"{h % 12 or 12}:{m:02d} {'am' if h < 12 else 'pm'}"
        return self._rec("time", out, hm)


def table(a: A, cols, rows):
    """A Markdown table; a cell is text, (text, edit-kwargs) or a list of those."""
    a.t("| " + " | ".join(cols) + " |\n")
    a.t("|" + "|".join(["---"] * len(cols)) + "|\n")
    for k, cells in enumerate(rows):
        a.t("| ")
        for i, c in enumerate(cells):
            for part in (c if isinstance(c, list) else [c]):
                if isinstance(part, tuple):
                    a.x(part[0], **part[1])
                else:
                    a.t(part)
            a.t(" | " if i < len(cells) - 1 else " |")
        if k < len(rows) - 1:
            a.t("\n")


# =========================================================================== reading the style back (for vet)
_N = r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?"
_MONRX = "|".join(MONTHS + MON)
_WDRX = "|".join(WEEKDAYS + WD3)
_URL = re.compile(r"https?://[^\s)\]>\"'`,]+[^\s)\]>\"'`,.;:]")
_PATH = re.compile(r"(?<![\w.])/(?:[\w.-]+/)+[\w.-]*[\w]")
_BACKTICK = re.compile(r"`([^`\n]+)`")
_CITE = re.compile(r"\[(\d+)\](?!\()")
_ITAL = re.compile(r"(?<![*\w])\*(?!\*)([^*\n]+?)(?<![*\s])\*(?![*\w])")
_SECREF = re.compile(r"(?:§ ?|\b[Ss]ection |\b[Pp]aragraph |\b[Cc]lause |\bpara\. )(\d+(?:\.\d+)*)")
_VERSION = re.compile(r"(?<![\w.])v?\d+\.\d+\.\d+(?![\w.]|\.\d)")
_ISODATE = re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?!\d)")
_DMYY = re.compile(r"\b(\d{1,2}) (" + _MONRX + r") (\d{4})\b")
_MDYY = re.compile(r"\b(" + _MONRX + r") (\d{1,2}), (\d{4})\b")
_MONYEAR = re.compile(r"\b(" + _MONRX + r") (\d{4})\b")
_MDY = re.compile(r"\b(" + _MONRX + r") (\d{1,2})\b(?!,\d|:\d)")
_DMY = re.compile(r"\b(\d{1,2}) (" + _MONRX + r")\b")
_TIME = re.compile(r"(?<![\d:.])([01]?\d|2[0-3]):([0-5]\d)(?::\d\d)?(?![\d:])(?: ?([ap])\.?m\.?\b| ?([AP])M\b)?")
_MONEY = re.compile(r"([$€£])" + _N)
_PCT = re.compile(r"(?<![\w.,])" + _N + r"(?: ?%| percent\b| per cent\b)")
_NUMWORD = re.compile(r"(?<![\w-])(" + _NUMW_RX + r")(?=[ -]" + UNIT_WORDS + r")", re.I)
_PLAIN = re.compile(r"(?<![\w.,$€£§:/])" + _N + r"(?![\w%]|\.\d|,\d|:\d)")
_LISTNUM = re.compile(r"(?m)^(\s*)(?:Step (\d+):|(\d+)[.)])(?= )")
_HEDGE = re.compile(r"(~|about |roughly |around |approximately |approx\. |almost |nearly |just under |just over "
                    r"|over |more than |under |less than |up to |at least |at most )\s?$", re.I)


def _fnum(whole, frac):
    return float(whole.replace(",", "") + ("." + frac if frac else ""))


def _tol(frac):
    return 0.5 * 10 ** -(len(frac) if frac else 0) if frac else 0.0


def mask(text, spans):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            if t[i] != "\n":
                t[i] = "#"
    return "".join(t)


def _hedge(text, s):
    m = _HEDGE.search(text[max(0, s - 18):s])
    return m.group(1).strip().lower() if m else None


def read_quantities(text):
    """[(start, end, kind, value, tol, hedge, extra)]: amounts (extra = currency symbol), percentages, number words
    before a unit, plain numbers — in that order (a match is masked before the next kind is read)."""
    out = []

    def take(rx, kind, fn):
        nonlocal text
        spans = []
        for m in rx.finditer(text):
            got = fn(m)
            if got is None:
                continue
            v, tol, extra = got
            out.append((m.start(), m.end(), kind, v, tol, _hedge(text, m.start()), extra))
            spans.append((m.start(), m.end()))
        text = mask(text, spans)

    take(_MONEY, "money", lambda m: (_fnum(m.group(2), m.group(3)), _tol(m.group(3)), m.group(1)))
    take(_PCT, "pct", lambda m: (_fnum(m.group(1), m.group(2)), _tol(m.group(2)), None))
    take(_NUMWORD, "num", lambda m: (float(NUMW[m.group(1).lower()]), 0.0, "word"))
    take(_PLAIN, "num", lambda m: (_fnum(m.group(1), m.group(2)), _tol(m.group(2)), None))
    out.sort()
    return out


def _mi(name):
    return (MONTHS.index(name) if name in MONTHS else MON.index(name)) + 1


def read_periods(text):
    """[(start, end, kind, value)]: 'date' (date or (month, day, None)), 'month' ((year, month)), 'time' ((h, m)),
    with a weekday check: ('wdbad', text) when a weekday in front of a full date does not match it."""
    out = []

    def take(rx, fn):
        nonlocal text
        sp = []
        for m in rx.finditer(text):
            got = fn(m)
            if got is None:
                continue
            out.append((m.start(), m.end()) + got)
            sp.append((m.start(), m.end()))
        text = mask(text, sp)

    def isod(m):
        try:
            return ("date", dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
        except ValueError:
            return None

    def full(mo, day, y):
        try:
            return ("date", dt.date(y, mo, day))
        except ValueError:
            return None

    def tm(m):
        h, mi = int(m.group(1)), int(m.group(2))
        ap = (m.group(3) or m.group(4) or "").lower()
        if ap:
            if not 1 <= h <= 12:
                return None
            h = h % 12 + (12 if ap == "p" else 0)
        return ("time", (h, mi))

    take(_ISODATE, isod)
    take(_DMYY, lambda m: full(_mi(m.group(2)), int(m.group(1)), int(m.group(3))))
    take(_MDYY, lambda m: full(_mi(m.group(1)), int(m.group(2)), int(m.group(3))))
    take(_MONYEAR, lambda m: ("month", (int(m.group(2)), _mi(m.group(1)))))
    take(_MDY, lambda m: ("date", (_mi(m.group(1)), int(m.group(2)), None)) if 1 <= int(m.group(2)) <= 31 else None)
    take(_DMY, lambda m: ("date", (_mi(m.group(2)), int(m.group(1)), None)) if 1 <= int(m.group(1)) <= 31 else None)
    take(_TIME, tm)
    out.sort()
    return out


def weekday_problems(text, today):
    """Weekday names written right in front of a date that fall on another day."""
    bad = []
    for m in re.finditer(r"\b(" + _WDRX + r"),? ", text):
        rest = text[m.end():m.end() + 24]
        for s, e, kind, v in read_periods(rest):
            if s != 0 or kind != "date":
                break
            d = v if isinstance(v, dt.date) else _mk(v, today)
            if d is None:
                break
            name = m.group(1)
            idx = WEEKDAYS.index(name) if name in WEEKDAYS else WD3.index(name)
            if d.weekday() != idx:
                bad.append(m.group(0) + rest[:e])
            break
    return bad


def _mk(v, today):
    mo, day, y = v
    try:
        return dt.date(y if y is not None else today.year, mo, day)
    except ValueError:
        return None


def _date_ok(got, d, today):
    if isinstance(got, dt.date):
        return got == d
    mon, day, y = got
    return d.month == mon and d.day == day and (y if y is not None else today.year) == d.year


def _fits(v, tol, hedge, allowed):
    for a in allowed:
        if abs(a - v) <= tol + 1e-9 * max(1.0, abs(a)):
            return True
        if hedge is None or v == 0:
            continue
        rel = (a - v) / abs(v)
        if hedge in ("~", "about", "roughly", "around", "approximately", "approx.") and abs(rel) <= 0.06:
            return True
        if hedge in ("almost", "nearly", "just under") and -0.03 - 1e-9 <= rel < 0:
            return True
        if hedge == "just over" and 0 < rel <= 0.03 + 1e-9:
            return True
        if hedge in ("over", "more than") and 0 < rel <= 0.6:
            return True
        if hedge in ("under", "less than") and -0.6 <= rel < 0:
            return True
    return False


# --------------------------------------------------------------------------- normalisation
def norm(s):
    """For quotations and titles: tags, Markdown emphasis and code marks dropped, quotes straightened, lower case,
    whitespace collapsed."""
    s = re.sub(r"<[^>]+>", " ", s)
    s = s.replace("&amp;", "&").replace("&nbsp;", " ")
    s = s.replace("**", "").replace("__", "").replace("`", "")
    s = s.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    s = re.sub(r"(?<![\w])\*|\*(?![\w])", "", s)
    s = re.sub(r"^\s*(?:[-*•]|\d+[.)])\s+", " ", s, flags=re.M)
    s = re.sub(r"^\s*#+\s*", " ", s, flags=re.M)
    s = re.sub(r"\s*\|\s*", " | ", s)
    return re.sub(r"\s+", " ", s).strip().lower()


def _squash(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


def _flat(s):
    return re.sub(r"\s+", " ", s.lower().replace("`", "").replace('"', "").replace("*", ""))


def doc_title(text):
    """The first heading / title line of a document."""
    for line in text.split("\n"):
        s = re.sub(r"<[^>]+>", "", line).strip().lstrip("#").strip()
        if s:
            return s
    return ""


def section_in(token, doc):
    tok = re.escape(token.strip().rstrip(".)"))
    if not tok:
        return True
    plain = re.sub(r"<[^>]+>", "", doc)
    line = (r"(?im)^[ \t]*(?:#+[ \t]*)?(?:\*\*)?(?:§[ \t]*|section[ \t]+|paragraph[ \t]+|clause[ \t]+)?\(?" + tok
            + r"(?:[.):]?[ \t]|[.):]?$|\*\*)")
    return bool(re.search(line, plain))


# =========================================================================== evidence
MONEY_KEY = re.compile(r"(^|_)(fee|fees|price|cost|charge|amount|total|paid|refund|rent|apc|deposit|balance|"
                       r"credit|due|eur|usd|gbp)$")
PCT_KEY = re.compile(r"(_pct|_percent)$")
_IDLIKE = re.compile(r"^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9./:_@#-]+$")


class Evidence:
    def __init__(self, today):
        self.today = today
        self.q = {"money": set(), "num": set(), "pct": set()}
        self.dates, self.months, self.times = set(), set(), set()
        self.texts = []            # every evidence text (for identifiers / quotations)
        self.docs = {}             # ref -> fetched document text
        self.hits = {}             # rank -> [hit dict]
        self.hitkeys = []
        self.titles = {}           # normalised title -> [source text]
        self.updated = {}          # normalised title -> {dates}
        self.records = []          # texts of record lookups (non-search JSON results) and user turns

    # -------------------------------------------------------- periods
    def add_periods(self, s):
        for s0, e0, kind, v in read_periods(s):
            if kind == "date":
                d = v if isinstance(v, dt.date) else _mk(v, self.today)
                if d:
                    self.dates.add(d)
                    self.months.add((d.year, d.month))
            elif kind == "month":
                self.months.add(v)
            elif kind == "time":
                self.times.add(v)

    def add_text(self, s, sink=None):
        self.texts.append(s)
        self.add_periods(s)
        q = sink if sink is not None else self.q
        for kind, v in quantities_of_text(s):
            q[kind].add(v)
            if kind != "num":
                q["num"].add(v)

    def add_value(self, v, key="", sink=None):
        q = sink if sink is not None else self.q
        if isinstance(v, bool) or v is None:
            return
        if isinstance(v, (int, float)):
            x = round(abs(float(v)), 6)
            q["num"].add(x)
            if MONEY_KEY.search(key):
                q["money"].add(x)
            if PCT_KEY.search(key):
                q["pct"].add(x)
        elif isinstance(v, str):
            self.add_periods(v)
            if _IDLIKE.match(v) and not re.search(r"\d{4}-\d{2}-\d{2}", v):
                self.texts.append(v)
                return
            self.add_text(v, sink)
        elif isinstance(v, dict):
            for k, x in v.items():
                self.add_value(x, k, sink)
        elif isinstance(v, list):
            for x in v:
                self.add_value(x, key, sink)


def quantities_of_text(s):
    """(kind, value) of the quantities of a document or string value (identifiers, URLs and dates masked)."""
    clean = _URL.sub(" ", s)
    clean = _PATH.sub(" ", clean)
    clean = re.sub(r"<[^>]+>", " ", clean)
    spans = [(a, b) for a, b, *_ in read_periods(clean)]
    clean = mask(clean, spans).replace("#", " ")
    clean = _VERSION.sub(" ", clean)
    clean = _SECREF.sub(" ", clean)
    clean = _LISTNUM.sub(lambda m: m.group(1), clean)
    clean = re.sub(r"(?m)^(\s*#*\s*)\d+(?:\.\d+)+\.? ", r"\1", clean)   # numbered section headings
    toks = []
    for tok in re.split(r"(\s+)", clean):
        core = tok.strip(".,;:()'\"`[]|*")
        if core and _IDLIKE.match(core) and not re.fullmatch(r"[+−-]?[$€£]?[\d,]+(\.\d+)?(%|[A-Za-z]{1,7})?|\d+(?:-[A-Za-z]+)+", core):
            toks.append(" ")
            continue
        toks.append(tok)
    joined = "".join(toks)
    out = []
    for s0, e0, kind, v, tol, hedge, extra in read_quantities(joined):
        out.append((kind, round(v, 6)))
    # "a 2.5% gel": percentages also as plain numbers; "14 (fourteen)" both forms are read above
    return out


def _hit_lists(v, out):
    if isinstance(v, dict):
        for k, x in v.items():
            if isinstance(x, list) and x and all(isinstance(h, dict) and "rank" in h and "title" in h for h in x):
                out.append(x)
            else:
                _hit_lists(x, out)
    elif isinstance(v, list):
        for x in v:
            _hit_lists(x, out)


REF_KEYS = ("url", "path", "article_id", "doc_path", "page_url", "guide_url")


def _results(plan):
    res = []
    for m in plan.history:
        if m["role"] == "tool" and not m["call"].error:
            res.append(m["call"])
    for t in plan.turns:
        for c in t.calls:
            if not c.error:
                res.append(c)
    return res


def gather(scn, plan, today):
    """Evidence in the dev README's sense: user turns and successful tool results (history included)."""
    ev = Evidence(today)
    users = [plan.request] + [m["text"] for m in plan.history if m["role"] == "user"]
    for u in users:
        ev.add_text(u)
        ev.records.append(u)
    calls = _results(plan)
    for c in calls:
        if isinstance(c.result, str):
            ev.add_text(c.result)
            ref = next((v for v in c.args.values() if isinstance(v, str)), None)
            ev.docs[ref] = c.result
            t = norm(doc_title(c.result))
            ev.titles.setdefault(t, []).append(c.result)
        else:
            ev.add_value(c.result)
            ev.texts.append(json.dumps(c.result, ensure_ascii=False))
            lists = []
            _hit_lists(c.result, lists)
            if not lists:
                ev.records.append(json.dumps(c.result, ensure_ascii=False))
            for hl in lists:
                for h in hl:
                    ev.hits.setdefault(h["rank"], []).append(dict(h))     # a copy: the tool result is not touched
    for rank, hs in ev.hits.items():
        for h in hs:
            ref = next((h[k] for k in REF_KEYS if k in h), None)
            text = h["title"] + "\n" + h.get("snippet", "") + "\n" + str(h.get("updated_at", ""))
            if ref in ev.docs:
                text += "\n" + ev.docs[ref]
            h["_text"], h["_ref"] = text, ref
            ev.titles.setdefault(norm(h["title"]), []).append(text)
            if h.get("updated_at"):
                ev.updated.setdefault(norm(h["title"]), set()).add(D(h["updated_at"]))
    # titles given in record lookups ('title', '*_title' keys) and documents' own 'Updated:' lines
    for c in calls:
        if not isinstance(c.result, str):
            for k, v in _walk(c.result):
                if k == "title" or k.endswith("_title"):
                    ev.titles.setdefault(norm(v), []).append(json.dumps(c.result, ensure_ascii=False))
        else:
            m = re.search(r"(?im)^\W*(?:updated|last updated|revised|effective)\W*:?\s*(.+)$", c.result)
            if m:
                got = [v for s0, e0, kind, v in read_periods(m.group(1)) if kind == "date" and isinstance(v, dt.date)]
                if got:
                    ev.updated.setdefault(norm(doc_title(c.result)), set()).add(got[0])
    return ev


def _walk(v, key=""):
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _walk(x, k)
    elif isinstance(v, list):
        for x in v:
            yield from _walk(x, key)
    elif isinstance(v, str):
        yield key, v


def called_tools(plan):
    names = {m["call"].tool for m in plan.history if m["role"] == "tool"}
    for t in plan.turns:
        for c in t.calls:
            names.add(c.tool)
    return names


def evidence_text(scn, plan):
    """Everything a replacement must not occur in: user and assistant turns, tool arguments and results, the system
    prompt and the tool definitions."""
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


# --------------------------------------------------------------------------- quotations
_QUOTE = re.compile(r"“([^”\n]+)”|(?<![\w])\"([^\"\n]+)\"")


def quotes_of(text):
    out = []
    for m in _QUOTE.finditer(text):
        body = m.group(1) if m.group(1) is not None else m.group(2)
        out.append((m.start(), m.end(), body))
    return out


def quote_in(body, texts):
    """Whether a quotation (fragments around an ellipsis, in order) occurs verbatim in one of ``texts``."""
    frags = [norm(f).strip(" .,;:") for f in re.split(r"\s*(?:…|\.\.\.|\[…\]|\[\.\.\.\])\s*", body)]
    frags = [f for f in frags if f]
    if not frags:
        return True
    for t in texts:
        nt = norm(t)
        pos = 0
        ok = True
        for f in frags:
            i = nt.find(f, pos)
            if i < 0:
                ok = False
                break
            pos = i + len(f)
        if ok:
            return True
    return False


# --------------------------------------------------------------------------- identifiers
_QTOK = re.compile(r"^[~]?[+−-]?[$€£]?[\d,]+(?:\.\d+)?(?:%|m|mL|L|kg|h|s)?$")
_DOMAIN = re.compile(r"^[a-z0-9_-]+(?:\.[a-z0-9_-]+)+\.?$", re.I)


def _idlike(tok):
    if not re.search(r"[A-Za-z0-9]", tok) or _QTOK.match(tok):
        return False
    if re.fullmatch(r"\d+(?:st|nd|rd|th)", tok):
        return False
    if re.fullmatch(r"\d+-(?:second|minute|hour|day|week|month|year|metre|meter|litre|liter|page|word|figure|claim|"
                    r"plot|dive|step|point|person|part|time)s?", tok):
        return False
    if re.fullmatch(r"[$€£]?[\d,.]+[–-][$€£]?[\d,.]+%?", tok):
        return False
    if re.search(r"\d", tok) and re.search(r"[A-Za-z]", tok):
        return True
    if "_" in tok or "@" in tok or re.search(r"\w/\w", tok) or tok.startswith("/"):
        return True
    return bool(_DOMAIN.match(tok) and re.search(r"[A-Za-z]", tok))


def _tokens(text):
    for m in re.finditer(r"[^\s|()\[\]{}<>,;\"'`*#“”]+", text):
        tok = m.group(0).rstrip(".:?!").lstrip("^~=")
        if tok.endswith("'s") or tok.endswith("’s"):
            tok = tok[:-2]
        yield m.start(), m.start() + len(tok), tok


# --------------------------------------------------------------------------- the working
_OPS = {"÷": "/", "×": "*", "+": "+", "−": "-", "-": "-"}


def _ev(op, a, b):
    lo1, hi1 = a
    lo2, hi2 = b
    if op == "+":
        return (lo1 + lo2, hi1 + hi2)
    if op == "-":
        return (lo1 - hi2, hi1 - lo2)
    if op == "*":
        ps = [lo1 * lo2, lo1 * hi2, hi1 * lo2, hi1 * hi2]
        return (min(ps), max(ps))
    if lo2 <= 0 <= hi2:
        return (-math.inf, math.inf)
    ps = [lo1 / lo2, lo1 / hi2, hi1 / lo2, hi1 / hi2]
    return (min(ps), max(ps))


def eval_expr(expr):
    """Interval value of 'A op B [op C ...]' (× and ÷ before + and −); None when it is not such an expression."""
    qs = read_quantities(expr)
    if len(qs) < 2:
        return None
    items, pos = [], 0
    for q in qs:
        between = expr[pos:q[0]]
        if items:
            core = between.strip()
            if core not in _OPS:
                return None
            items.append(_OPS[core])
        elif between.strip():
            return None
        items.append(q)
        # a unit word after an operand ('7 claims × €27.50') is allowed
        rest = expr[q[1]:]
        m = re.match(r"\s*(?:[A-Za-z][\w-]*)(?:\s+[A-Za-z][\w-]*)?(?=\s*[×÷+−-]\s|\s*$)", rest)
        pos = q[1] + (m.end() if m and not re.match(r"\s*(?:to|and|or|of)\b", rest) else 0)
    if expr[pos:].strip():
        return None
    kinds = [q[2] for q in qs]
    if "*" in items[1::2] and "pct" in kinds and any(k != "pct" for k in kinds):
        items = [(q[0], q[1], q[2], q[3] / 100, q[4] / 100) + tuple(q[5:]) if not isinstance(q, str) and q[2] == "pct"
                 else q for q in items]

    def iv(q):
        return (q[3] - q[4], q[3] + q[4])

    vals, ops = [iv(items[0])], []
    for i in range(1, len(items), 2):
        op, q = items[i], items[i + 1]
        if op in ("*", "/"):
            vals[-1] = _ev(op, vals[-1], iv(q))
        else:
            ops.append(op)
            vals.append(iv(q))
    acc = vals[0]
    for op, v in zip(ops, vals[1:]):
        acc = _ev(op, acc, v)
    return acc, kinds


def _date_of(s, today):
    got = read_periods(s)
    for g in got:
        if g[2] == "date":
            return g[3] if isinstance(g[3], dt.date) else _mk(g[3], today)
    return None


_DATEPAT = (r"(?:(?:" + _WDRX + r"),? )?(?:\d{4}-\d{2}-\d{2}|\d{1,2} (?:" + _MONRX + r")(?: \d{4})?|(?:" + _MONRX
            + r") \d{1,2}(?:, \d{4})?)")
_DATE_WORK = re.compile(r"(" + _DATEPAT + r") \+ (\d+|" + _NUMW_RX + r") (days?|weeks?|months?|years?) = ("
                        + _DATEPAT + r")")
_TIMEPAT = r"(?:[01]?\d|2[0-3]):[0-5]\d(?: ?[ap]m| ?[AP]M)?"
_TIME_WORK = re.compile(r"(" + _TIMEPAT + r") \+ (\d+|" + _NUMW_RX + r") hours? = (" + _TIMEPAT + r")( the next day| the "
                        r"same day| on (?:the )?(?:" + _WDRX + r"))?")


def check_working(text, where, today):
    """Every '(… op … = R)' / 'A op B = R' agrees with R; every date and time working is recomputed."""
    found = 0
    special = [(m.start(), m.end()) for rx in (_DATE_WORK, _TIME_WORK) for m in rx.finditer(text)]
    for m in re.finditer(r"([^=:\n(\[]*?) = ([^=\n]+?)(?=$|[;.,)]\s|[;)]$|\.$| \(| —| –| and | so )", text, flags=re.M):
        lhs, rhs = m.group(1), m.group(2)
        if any(a < m.end() and m.start() < b for a, b in special):
            continue
        got = eval_expr(lhs.strip().lstrip("*").strip())
        if got is None:
            continue
        (lo, hi), kinds = got
        qs = read_quantities(rhs)
        if not qs:
            raise AssertionError(f"{where}: working {m.group(0)!r} has no result")
        q = qs[0]
        lo_, hi_ = (min(abs(lo), abs(hi)) if lo * hi > 0 else 0.0), max(abs(lo), abs(hi))
        tol = q[4] if q[4] else (0.005 if q[2] == "money" else 0.5)
        if q[3] + tol < lo_ - 1e-9 or q[3] - tol > hi_ + 1e-9:
            raise AssertionError(f"{where}: working {m.group(0)!r} gives {lo_:.6g}–{hi_:.6g}, not {q[3]}")
        found += 1
    for m in _DATE_WORK.finditer(text):
        d1, d2 = _date_of(m.group(1), today), _date_of(m.group(4), today)
        k = int(m.group(2)) if m.group(2).isdigit() else NUMW[m.group(2).lower()]
        unit = m.group(3)
        if unit.startswith("day"):
            want = d1 + dt.timedelta(days=k)
        elif unit.startswith("week"):
            want = d1 + dt.timedelta(days=7 * k)
        elif unit.startswith("month"):
            want = add_months(d1, k)
        else:
            want = add_months(d1, 12 * k)
        if d1 is None or d2 != want:
            raise AssertionError(f"{where}: date working {m.group(0)!r} should give {want}")
        found += 1
    for m in _TIME_WORK.finditer(text):
        t1 = read_periods(m.group(1))[0][3]
        t2 = read_periods(m.group(3))[0][3]
        k = int(m.group(2)) if m.group(2).isdigit() else NUMW[m.group(2).lower()]
        mins = t1[0] * 60 + t1[1] + 60 * k
        days, rest = divmod(mins, 24 * 60)
        nxt = (m.group(4) or "").strip()
        if (rest // 60, rest % 60) != t2 or (days == 1) != (nxt == "the next day") or days > 1:
            raise AssertionError(f"{where}: time working {m.group(0)!r} is wrong")
        found += 1
    return found


# --------------------------------------------------------------------------- the clean-answer check
def _units(text):
    """Sentences / lines of an answer, with their offsets."""
    out = []
    pos = 0
    for line in text.split("\n"):
        start = pos
        for m in re.finditer(r".+?(?:(?<=[.!?])(?=\s+[A-Z*\"“(\[§])|$)", line):
            if m.group(0).strip():
                out.append((start + m.start(), start + m.end(), m.group(0)))
        pos += len(line) + 1
    return out


def _sources_block(text):
    m = re.search(r"(?m)^\**(?:Sources|References)\**:?\**\s*$", text)
    if not m:
        return None, []
    lines = []
    pos = m.end() + 1
    for line in text[m.end() + 1:].split("\n"):
        mm = re.match(r"\s*\[(\d+)\]\s+(.*)$", line)
        if not mm:
            break
        lines.append((pos, pos + len(line), int(mm.group(1)), mm.group(2)))
        pos += len(line) + 1
    return (m.start(), pos), lines


def check_clean(scn, plan, w: Kb):
    """Part (2) of ``vet``: the clean answer against the evidence (see module docstring)."""
    text = plan.answer.text
    where = f"{scn.name}/{getattr(plan, 'intent', '?')}"
    ev = gather(scn, plan, w.today)
    tools = called_tools(plan)
    tool_names = {t.name for t in scn.tools}
    allowed_raw = "\n".join(ev.texts + [json.dumps(c.args) for t in plan.turns for c in t.calls if c.valid]
                            + [json.dumps(m["call"].args) for m in plan.history if m["role"] == "tool"]
                            + sorted(tools) + list(getattr(scn, "literal_ok", [])))
    allowed_l, allowed_sq = allowed_raw.lower(), _squash(allowed_raw)
    ntexts = [norm(t) for t in ev.texts]

    def known(tok):
        return tok.lower() in allowed_l or (len(_squash(tok)) >= 4 and _squash(tok) in allowed_sq)

    # renderings read back to their values
    for kind, t, v in w.rend:
        if kind in ("money", "num", "pct"):
            got = [q for q in read_quantities(t) if q[2] == kind]
            if not got or not any(abs(q[3] - v) <= q[4] + 1e-9 for q in got):
                raise AssertionError(f"{where}: rendering {t!r} does not read back as {v} ({got})")
        elif kind in ("date", "time"):
            got = [g for g in read_periods(t) if g[2] == kind]
            ok = bool(got) and ((_date_ok(got[0][3], v, w.today)) if kind == "date" else got[0][3] == v)
            if not ok:
                raise AssertionError(f"{where}: rendering {t!r} does not read back as {v} ({got})")
    for m in re.finditer(r"[$€£]", text):
        if m.group(0) != w.sym:
            raise AssertionError(f"{where}: currency {m.group(0)!r} in an answer written in {w.cur}")
    bad = weekday_problems(text, w.today)
    if bad:
        raise AssertionError(f"{where}: weekday does not match its date: {bad}")
    spans = []
    # URLs, paths, versions, backticks
    for rx in (_URL, _PATH, _VERSION):
        for m in rx.finditer(mask(text, spans)):
            if m.group(0).lower() not in allowed_l:
                raise AssertionError(f"{where}: {m.group(0)!r} is not in the evidence")
            spans.append((m.start(), m.end()))
    for m in _BACKTICK.finditer(text):
        body = m.group(1).strip()
        if body in tool_names and body not in tools:
            raise AssertionError(f"{where}: tool `{body}` is named but was not called")
        if not known(body):
            raise AssertionError(f"{where}: backticked {body!r} is not in the evidence")
        spans.append((m.start(), m.end()))
    # quotations
    btext = mask(text, [(m.start(), m.end()) for m in _BACKTICK.finditer(text)])
    quotes = quotes_of(btext)
    for s, e, body in quotes:
        if not quote_in(body, ev.texts):
            raise AssertionError(f"{where}: quotation {body!r} is not verbatim in the evidence")
    # italic titles
    titles = []
    for m in _ITAL.finditer(btext):
        t = norm(m.group(1))
        if t not in ev.titles:
            raise AssertionError(f"{where}: title *{m.group(1)}* is not a document title in the evidence")
        titles.append((m.start(), m.end(), t))
    # Sources list
    blk, lines = _sources_block(text)
    for s, e, n, body in lines:
        hs = ev.hits.get(n)
        if not hs:
            raise AssertionError(f"{where}: Sources line [{n}] names no search hit")
        if not any(norm(h["title"]) in norm(body) and h["_ref"] in body for h in hs):
            raise AssertionError(f"{where}: Sources line [{n}] {body!r} does not match hit {n}")
        um = re.search(r"\(updated ([^)]+)\)", body)
        if um and not any(_date_of(um.group(1), w.today) == D(h.get("updated_at", "1900-01-01")) for h in hs):
            raise AssertionError(f"{where}: Sources line [{n}] has the wrong date")
        spans.append((s, e))
    # citation markers
    for m in _CITE.finditer(mask(text, spans)):
        if int(m.group(1)) not in ev.hits:
            raise AssertionError(f"{where}: citation [{m.group(1)}] names no search hit")
    # sections
    for m in _SECREF.finditer(mask(text, spans)):
        if not any(section_in(m.group(1), d) for d in ev.docs.values()):
            raise AssertionError(f"{where}: section {m.group(1)} is not in a fetched document")
    # '(updated D)' after a title
    for m in re.finditer(r"\*([^*\n]+)\* \(updated ([^)]+)\)", text):
        d = _date_of(m.group(2), w.today)
        if d not in ev.updated.get(norm(m.group(1)), set()):
            raise AssertionError(f"{where}: *{m.group(1)}* was not updated on {m.group(2)}")
    masked0 = mask(text, spans)
    # identifiers
    masked = mask(masked0, [(s, e) for s, e, _ in quotes] + [(s, e) for s, e, _ in titles])
    for lit in getattr(scn, "literal_ok", []):
        masked = mask(masked, [(m.start(), m.end()) for m in re.finditer(re.escape(lit), masked)])
    idspans = []
    for s0, e0, tok in _tokens(masked):
        if _idlike(tok):
            if tok in tool_names and tok not in tools:
                raise AssertionError(f"{where}: tool {tok} is named but was not called")
            if not known(tok):
                raise AssertionError(f"{where}: unexplained identifier {tok!r}")
            idspans.append((s0, e0))
    masked = mask(masked, idspans)
    masked = mask(masked, [(m.start(), m.end()) for m in _SECREF.finditer(masked)])
    masked = mask(masked, [(m.start(), m.end()) for m in _CITE.finditer(masked)])
    masked = _LISTNUM.sub(lambda m: m.group(0)[:len(m.group(1))] + "#" * (len(m.group(0)) - len(m.group(1))), masked)
    # periods
    dates = set(ev.dates) | set(w.calc_dates)
    months = set(ev.months) | {(d.year, d.month) for d in dates}
    times = set(ev.times) | set(w.calc_times)
    masked_p = masked
    pspans = []
    for s, e, kind, v in read_periods(masked):
        if kind == "date":
            ok = any(_date_ok(v, x, w.today) for x in dates)
        elif kind == "month":
            ok = v in months
        else:
            ok = v in times
        if not ok:
            raise AssertionError(f"{where}: {kind} {masked[s:e]!r} is not an evidence or computed one")
        pspans.append((s, e))
    masked = mask(masked, pspans)
    # quantities
    calc = {k: {round(x, 6) for x in v} for k, v in w.calc.items()}

    def allowed_for(q, kind):
        al = set(q[kind]) | calc[kind]
        if kind == "num":
            al |= {0.0, 1.0} | calc["money"] | calc["pct"]
        return al

    for s, e, kind, v, tol, hedge, extra in read_quantities(masked):
        if not _fits(v, tol, hedge, allowed_for(ev.q, kind)):
            raise AssertionError(f"{where}: {kind} {masked[s:e]!r} = {v} (hedge {hedge}) is not supported by the "
                                 f"evidence or a computed value")
    # sentences that cite a source: their numbers, dates and quotations come from that source (or a record lookup,
    # the user's turns, or a computed value)
    for us, ue, unit in _units(text):
        if blk and blk[0] <= us < blk[1]:
            continue
        srcs = []
        for m in _CITE.finditer(masked0[us:ue]):
            srcs += [h["_text"] for h in ev.hits.get(int(m.group(1)), [])]
        for s, e, t in titles:
            if us <= s < ue:
                srcs += ev.titles.get(t, [])
        if not srcs:
            continue
        sev = Evidence(w.today)
        for t in srcs + ev.records:
            sev.add_text(t)
        for t in ev.records:
            try:
                sev.add_value(json.loads(t))
            except ValueError:
                pass
        um = masked[us:ue]
        for s, e, kind, v, tol, hedge, extra in read_quantities(um):
            if not _fits(v, tol, hedge, allowed_for(sev.q, kind)):
                raise AssertionError(f"{where}: {um[s:e]!r} in a cited sentence is not in the cited source: {unit!r}")
        for s, e, kind, v in read_periods(masked_p[us:ue]):
            if kind == "date" and not any(_date_ok(v, x, w.today) for x in sev.dates | set(w.calc_dates)):
                raise AssertionError(f"{where}: date {unit[s:e]!r} in a cited sentence is not in the cited source")
        for s, e, body in quotes:
            if us <= s < ue and not quote_in(body, srcs + ev.records):
                raise AssertionError(f"{where}: quotation {body!r} is not in the source its sentence cites")
    # '(source: *Title*, §s)' / 'Under §s of *Title*' / 'Per the *Title*, §s': that section is in that document
    for m in re.finditer(r"\*([^*\n]+)\*, (?:§ ?|[Ss]ection )(\d+(?:\.\d+)*)", text):
        if not any(section_in(m.group(2), t) for t in ev.titles.get(norm(m.group(1)), [])):
            raise AssertionError(f"{where}: *{m.group(1)}* has no section {m.group(2)}")
    for m in re.finditer(r"[Uu]nder (?:§ ?|[Ss]ection )(\d+(?:\.\d+)*) of \*([^*\n]+)\*", text):
        if not any(section_in(m.group(1), t) for t in ev.titles.get(norm(m.group(2)), [])):
            raise AssertionError(f"{where}: *{m.group(2)}* has no section {m.group(1)}")
    check_working(text, where, w.today)
    return ev


def _readings(text, today):
    out = set()
    for q in read_quantities(text):
        out.add((q[2], round(q[3], 3)))
    for g in read_periods(text):
        v = g[3]
        out.add((g[2], str(_mk(v, today) if isinstance(v, tuple) and len(v) == 3 else v)))
    return out


def _trim(a: A):
    editable = {c["idx"] for c in a.cands}
    for i in range(len(a.parts) - 1, -1, -1):
        if i in editable:
            break
        a.parts[i] = a.parts[i].rstrip()
        if a.parts[i]:
            break
    if a.points:
        end = len(a.parts)
        a.points = [(p if p < end else end, k) for p, k in a.points]


def vet(scn, plan, w: Kb):
    """Evidence guard (see module docstring). Returns the plan."""
    _trim(plan.answer)
    ev = check_clean(scn, plan, w)
    blob, docs = evidence_text(scn, plan)
    flat, sq = _flat(blob), _squash(blob)
    dates = set(ev.dates) | set(w.calc_dates)
    times = set(ev.times) | set(w.calc_times)
    a = plan.answer
    text = a.text
    offs, pos = [], 0
    for p in a.parts:
        offs.append(pos)
        pos += len(p)
    quotes = quotes_of(text)
    keep = []
    for c in a.cands:
        rep, orig = c["replacement"], c["original"]
        core = rep.strip("'\"`* ")
        if not core or rep == orig:
            continue
        if c["type"] in ("entity", "fabricated_attribute") and (_flat(core) in flat or _squash(core) in sq
                                                                 or norm(core) in ev.titles):
            continue
        if c["type"] == "fabricated_id":
            if _squash(core) in sq or _squash(core) == _squash(orig):
                continue
        if c["type"] == "fabricated_section":
            m = _SECREF.search(rep)
            mc = _CITE.search(rep)
            if mc:
                if int(mc.group(1)) in ev.hits:
                    continue
            elif not m or any(section_in(m.group(1), d) for d in docs):
                continue
        if c["type"] in ("numeric", "temporal") or (c["type"] == "conflation" and c["category"] in
                                                    ("contradiction/numerical", "contradiction/temporal")):
            if _readings(orig, w.today) == _readings(rep, w.today):
                continue
        if c["type"] == "temporal":
            bad = False
            for s0, e0, kind, v in read_periods(rep):
                if kind == "date" and any(_date_ok(v, x, w.today) for x in dates):
                    bad = True
                if kind == "time" and v in times:
                    bad = True
                if kind == "month" and v in {(d.year, d.month) for d in dates}:
                    bad = True
            if bad:
                continue
        # an edit inside a quotation must not still quote a document
        s = offs[c["idx"]]
        inq = [qq for qq in quotes if qq[0] <= s < qq[1]]
        if inq:
            qs, qe, body = inq[0]
            new = text[qs:s] + rep + text[s + len(orig):qe]
            if quote_in(new.strip("\"“”"), list(docs) + ev.texts):
                continue
        keep.append(c)
    a.cands = keep
    for typ in list(a.inserts):
        ok = []
        for t, clause in a.inserts[typ]:
            if typ == "fabricated_citation":
                raw = w.refs.get(t)
                if not raw or raw.lower() in blob.lower() or _squash(raw) in sq:
                    continue
            elif t.rstrip(".").lower() in blob.lower():
                continue
            ok.append((t, clause))
        a.inserts[typ] = ok
    return plan
