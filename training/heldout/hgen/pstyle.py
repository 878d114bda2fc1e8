"""Set p writer: the data / analytics assistant of a continental-European company.

The agent answers operational questions by running queries and reading exports: SQL-style query results (``columns`` +
``rows``), semicolon-separated CSV exports with decimal commas, spreadsheet-like JSON (``values``: a header row and
formatted cells such as "1.234,50 €", "15,5 %", "KW 11"), a few JSON records, a short numbered document (KPI
definitions, a customer specification, a contract, service terms) and one write action whose refusal is a normal
result with a reason code and an offered alternative. Evidence carries European formats (decimal comma, DD.MM.YYYY,
ISO weeks, 24-hour times) and non-ASCII names.

Answers are in English: a short headline sentence, then compact bullets or a small Markdown table, aggregations over
rows (counts, sums, averages, min/max, top-N, shares, changes vs the previous period), the working shown
("3 × 12,50 € = 37,50 €", "(1.240 − 1.180) ÷ 1.180 = +5,1 %", "1.180 → 1.240 (+5,1 %)", "412 of 1.530 (26,9 %)"),
backticked column / view names, query IDs and export paths as sources, and sometimes an offer. Per answer, ``Ana``
picks the number locale (1.234,5 / 1 234,5 / 1’234.5 / 1,234.5 — the scenario lists which), whether four-digit
numbers are grouped, the currency layout ("1.234,50 €", "€ 1.234,50", "EUR 1.234,50", "1 234,50 zł", "SEK 12 345",
"CHF 1’234.50"), cents or not on whole amounts, "12,5 %" or "12,5%", the minus sign, the date style (16.03.2026 /
16.03. / 16 March 2026 / 2026-03-16 / 16/03/2026), the ISO-week style (KW 11 / CW 11 / week 11 / W11 / 2026-W11),
bullets, bold, and an opener and a closer.

``vet`` is the evidence guard. It (1) drops edit candidates that could turn out to be supported (entity, identifier and
attribute replacements found anywhere in the run's evidence, system prompt or tool definitions — also after folding
accents; section replacements that a fetched document has; numeric and temporal replacements that read back to the
original value; temporal replacements whose date, week, month or time is itself an evidence or computed one; edits
inside a quotation that still quote a document; inserted sentences whose reference or text occurs in the evidence), and
(2) reads the clean answer back with an independent reader of this style (told only the answer's number locale and
the scenario's currency): every amount (in the scenario's currency only), percentage, percentage-point change, count
(digits or a number word before a unit) and plain number must equal, within the precision shown (or a hedge's
tolerance), an evidence value of the same kind (JSON numbers typed by key or column name, CSV and sheet cells typed by
their header, document text by its units) or a value the template declared computed; in every sentence that names a
row of a table-like result (a query row, a CSV row, a sheet row, a record in a list), each number must come from that
row, from non-tabular evidence or from a computed value (so one row's value cannot be attributed to another); every
date, ISO week, month and time must be an evidence or computed one (a week may also be the week of such a date; a
weekday written before a date must be that date's weekday); every identifier, path, URL and backticked name must
occur in the evidence; every section reference must exist in a fetched document; every quotation must be verbatim in
a tool result; every working — "A × B = C", "A + B + C = D", "(A − B) ÷ B = p %", "A ÷ n ≈ m", "A → B (±p %)",
"A → B (±p pp)", "X of Y (p %)", "D + N days = D2" — is recomputed from its displayed operands with interval
arithmetic and must agree with its result; and every rendering must read back to the value it was rendered from. A
clean answer that fails raises ``AssertionError`` (the set is not generated).
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
MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WD3 = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

# number locales: (thousands separator, decimal separator)
LOC = {"eu": (".", ","), "sp": ("\u202f", ","), "ch": ("’", "."), "en": (",", ".")}
CUR_TOK = {"EUR": ["€", "EUR"], "PLN": ["zł", "PLN"], "SEK": ["kr", "SEK"], "CHF": ["CHF", "Fr."]}
CUR_LAYOUTS = {"EUR": ["{n} €", "{n} €", "€ {n}", "EUR {n}", "{n} EUR"], "PLN": ["{n} zł", "{n} zł", "{n} PLN", "PLN {n}"],
               "SEK": ["{n} kr", "{n} kr", "SEK {n}", "{n} SEK"], "CHF": ["CHF {n}", "CHF {n}", "Fr. {n}", "{n} CHF"]}
ALL_CUR = r"€|EUR|zł|PLN|kr|SEK|CHF|Fr\.|\$|£|USD|GBP|DKK|NOK|CZK|HUF"
NUMW = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12}
WORD_OF = {v: k for k, v in NUMW.items()}
UNITS = (r"(?:(?:more|fewer|extra|other|open|active|working|calendar|full|separate|new|whole|late|cancelled|"
         r"completed|booked|empty|sold-out)[ -]){0,2}"
         r"(?:sites?|bays?|washes|cars?|machines?|slots?|products?|barns?|flocks?|batch(?:es)?|lots?|weeks?|days?|"
         r"hours?|minutes?|rows?|stylists?|salons?|bookings?|appointments?|no-shows?|kilns?|lines?|claims?|cafés?|"
         r"customers?|tickets?|orders?|pallets?|bags?|trays?|refills?|visits?|months?|roasts?|charges?|packs?|"
         r"deliveries|delivery|suppliers?|loads?|trucks?|items?|locations?|stores?|records?|entries|entry|"
         r"shifts?|members?|subscribers?|cancellations?|units?|grades?|sizes?|routes?|invoices?|boards?|logs?|"
         r"kilns?|eggs?|hens?|cases?|services?|sheets?|exports?|queries|query|programmes?|tanks?|bins?)\b")
_NUMW_RX = "|".join(sorted(NUMW, key=len, reverse=True))


def rnd(x, dec=0):
    """Round half away from zero, as people do (12.5 -> 13), not half to even."""
    q = Decimal(1).scaleb(-dec)
    return float(Decimal(repr(float(x))).quantize(q, rounding=ROUND_HALF_UP))


def D(s):
    if isinstance(s, dt.datetime):
        return s.date()
    if isinstance(s, dt.date):
        return s
    return dt.date.fromisoformat(str(s)[:10])


def iso_week(d):
    y, w, _ = D(d).isocalendar()
    return (y, w)


def week_monday(y, w):
    return dt.date.fromisocalendar(y, w, 1)


def fold(s):
    """Lower case, accents removed (Łódź -> lodz, Ø -> o)."""
    s = s.replace("ł", "l").replace("Ł", "L").replace("ø", "o").replace("Ø", "O").replace("ß", "ss")
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch)).lower()


def squash(s):
    return re.sub(r"[^a-z0-9]", "", fold(s))


# =========================================================================== the writer
OPENERS = ["Ran the numbers.", "Here's what the data shows.", "I pulled this from the warehouse.",
           "Done — summary below.", "Checked the figures."]
CLOSERS = ["Want me to break it down by day?", "I can schedule this as a weekly report if that helps.",
           "Happy to drill into any of these.", "Shall I export the rows as CSV?", "Let me know if you need the query."]


class Ana:
    """One answer's formatting choices (module docstring); records renderings and computed values for ``vet``."""

    def __init__(self, r: R, today, cur, locs=("eu", "eu", "eu", "en"), dstyles=("dot", "dot", "long", "iso"),
                 wstyles=("KW", "CW", "week", "week", "W", "iso")):
        self.r = r
        self.today = D(today)
        self.cur = cur
        self.loc = r.choice(list(locs))
        self.ts, self.ds = LOC[self.loc]
        self.group4 = r.random() < 0.6
        lay = [x for x in CUR_LAYOUTS[cur]]
        if self.loc == "en" and cur == "EUR":
            lay = ["€{n}", "€{n}", "EUR {n}"]
        self.layout = r.choice(lay)
        self.cents = r.random() < 0.55 and cur != "SEK"
        self.pspace = self.loc != "en" and r.random() < 0.7
        self.minus = r.choice(["−", "−", "-"])
        ds = [x for x in dstyles]
        self.dstyle = r.choice(ds)
        self.short = self.dstyle == "dot" and self.loc in ("eu", "sp") and r.random() < 0.5
        self.mabbr = r.random() < 0.3
        self.wstyle = r.choice(list(wstyles))
        self.bullet = r.choice(["- ", "- ", "- ", "• ", "* "])
        self.bold = r.random() < 0.5
        self.avg = r.choice(["avg.", "average", "Ø"])
        self.rend = []
        self.calc = {"money": set(), "num": set(), "pct": set()}
        self.calc_dates, self.calc_times, self.calc_weeks = set(), set(), set()
        self.refs = {}

    # ---------------------------------------------------------------- bookkeeping
    def _c(self, kind, v, calc, shown=None):
        if calc:
            self.calc[kind].add(round(abs(float(v)), 6))
            if shown is not None:
                self.calc[kind].add(round(abs(float(shown)), 6))

    def _rec(self, kind, text, value):
        self.rend.append((kind, text, value))
        return text

    def declare(self, kind, v):
        if kind == "date":
            self.calc_dates.add(D(v))
        elif kind == "week":
            self.calc_weeks.add(tuple(v))
        elif kind == "time":
            self.calc_times.add(tuple(v))
        else:
            self.calc[kind].add(round(abs(float(v)), 6))

    # ---------------------------------------------------------------- markup
    def b(self, s):
        return f"**{s}**" if self.bold else s

    def li(self):
        return self.bullet

    def pb(self, a: A):
        if self.bullet == "- ":
            a.pb()

    def opener(self, a: A, p=0.25):
        if self.r.random() < p:
            a.t(self.r.choice(OPENERS) + " ")

    def closer(self, a: A, offers=(), p=0.5):
        if self.r.random() < p:
            a.t("\n\n" + self.r.choice(list(offers) * 2 + CLOSERS))

    def code(self, s):
        return f"`{s}`"

    def cite_text(self, text, raw):
        self.refs[text] = raw
        return text

    def fake_id(self, raw, r: R):
        return mutate_id(raw, r)

    def fake_path(self, ref, r: R):
        head, _, tail = ref.rstrip("/").rpartition("/")
        stem, dot, ext = tail.rpartition(".")
        base = stem if dot else tail
        parts = re.split(r"([_-])", base)
        alts = {"weekly": "monthly", "daily": "hourly", "sales": "revenue", "export": "extract", "bookings": "visits",
                "intake": "deliveries", "grading": "sorting", "mix": "split", "stock": "inventory", "roasts": "batches",
                "planogram": "layout", "terms": "conditions", "spec": "specification", "handbook": "manual",
                "kpi": "metrics", "contract": "agreement", "rules": "standard", "policy": "guideline"}
        hits = [i for i, p in enumerate(parts) if p in alts]
        if hits and r.random() < 0.6:
            k = r.choice(hits)
            parts[k] = alts[parts[k]]
            nb = "".join(parts)
        else:
            ms = list(re.finditer(r"(?<![A-Za-z])\d{1,3}(?!\d)", base))
            if ms and r.random() < 0.6:
                m = ms[-1]
                v = int(m.group(0))
                nv = str(v + r.choice([1, 2, 3])).zfill(len(m.group(0)))
                nb = base[:m.start()] + nv + base[m.end():]
            else:
                nb = base + r.choice(["_v2", "_full", "_final", "-all", "_raw"])
        return head + "/" + nb + (dot + ext if dot else "")

    # ---------------------------------------------------------------- numbers
    def fmt(self, x, dec=0):
        s = f"{abs(rnd(x, dec)):,.{dec}f}"
        ip, _, fp = s.partition(".")
        if not self.group4 and abs(rnd(x, dec)) < 10000:
            ip = ip.replace(",", "")
        ip = ip.replace(",", self.ts)
        return ip + (self.ds + fp if dec else "")

    def n(self, x, unit=None, calc=False, word=None, pl=None):
        """A count, optionally with a unit ('1.240 washes', 'three sites')."""
        v = int(rnd(x))
        self._c("num", v, calc)
        use_word = bool(word) and unit is not None and v in WORD_OF
        txt = WORD_OF[v] if use_word else self.fmt(v)
        if unit:
            txt += " " + (unit if v == 1 else (pl or unit + "s"))
        return self._rec("num", txt, float(v))

    def num(self, x, dec=1, unit=None, calc=False):
        v = rnd(x, dec)
        self._c("num", x, calc, v)
        txt = self.fmt(v, dec) + (" " + unit if unit else "")
        return self._rec("num", txt, v)

    def money(self, x, calc=False, cents=None, dec=None):
        self._c("money", x, calc, rnd(abs(float(x)), 2))
        v = rnd(abs(float(x)), 2)
        whole = abs(v - round(v)) < 1e-9
        c = self.cents if cents is None else cents
        if dec is None:
            dec = 0 if (whole and not c) or self.cur == "SEK" and whole else 2
        body = self.fmt(v, dec)
        return self._rec("money", self.layout.format(n=body), rnd(v, dec))

    def pct(self, x, dec=1, calc=False, sign=False):
        v = rnd(x, dec)
        self._c("pct", x, calc, v)
        sp = "\u00a0" if self.pspace else ""
        s = self.fmt(v, dec) + sp + "%"
        if sign:
            s = ("+" if v > 0 else (self.minus if v < 0 else "±")) + s
        return self._rec("pct", s, abs(v))

    def pp(self, x, dec=1, calc=True):
        v = rnd(x, dec)
        self._c("pct", x, calc, v)
        s = ("+" if v > 0 else (self.minus if v < 0 else "±")) + self.fmt(v, dec) + " pp"
        return self._rec("pct", s, abs(v))

    def signed_n(self, x, unit=None, calc=True):
        v = int(rnd(x))
        t = self.n(abs(v), unit, calc=calc)
        return ("+" if v > 0 else (self.minus if v < 0 else "±")) + t

    def signed_money(self, x, calc=True):
        t = self.money(abs(x), calc=calc)
        return ("+" if x > 0 else (self.minus if x < 0 else "±")) + t

    def op(self, o):
        return {"x": "×", "/": "÷", "+": "+", "-": "−"}[o]

    # ---------------------------------------------------------------- periods
    def d(self, x, calc=False, year=None, wd=False, style=None):
        dd = D(x)
        if calc:
            self.calc_dates.add(dd)
        st = style or self.dstyle
        same = dd.year == self.today.year
        if st == "dot":
            out = f"{dd.day:02d}.{dd.month:02d}." + ("" if (self.short and same and year is not True) else str(dd.year))
        elif st == "slash":
            out = f"{dd.day:02d}/{dd.month:02d}/{dd.year}"
        elif st == "iso":
            out = dd.isoformat()
        else:
            mn = (MON if self.mabbr else MONTHS)[dd.month - 1]
            show = (not same) if year is None else year
            out = f"{dd.day} {mn}" + (f" {dd.year}" if show else "")
        if wd:
            out = (WD3[dd.weekday()] + " " if st in ("dot", "slash", "iso") else WEEKDAYS[dd.weekday()] + " ") + out
        return self._rec("date", out, dd)

    def wk(self, yw, calc=False, style=None):
        y, w = yw
        if calc:
            self.calc_weeks.add((y, w))
        st = style or self.wstyle
        out = {"KW": f"KW {w}", "CW": f"CW {w}", "week": f"week {w}", "W": f"W{w:02d}", "iso": f"{y}-W{w:02d}"}[st]
        return self._rec("week", out, (y, w))

    def wk_bare(self, yw, calc=False):
        """A week that reads well after 'in' or as a table header."""
        return self.wk(yw, calc)

    def mon(self, y, m, calc=False):
        if calc:
            self.calc_dates.add(dt.date(y, m, 1))
        if self.dstyle == "iso":
            out = f"{y}-{m:02d}"
        else:
            out = f"{(MON if self.mabbr else MONTHS)[m - 1]} {y}"
        return self._rec("month", out, (y, m))

    def tm(self, h, m=0, calc=False):
        if calc:
            self.calc_times.add((h, m))
        return self._rec("time", f"{h:02d}:{m:02d}", (h, m))


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


# =========================================================================== reading the style back
def _num_rx(loc):
    ts, ds = LOC[loc]
    tsr = {".": r"\.", ",": ",", "\u202f": "[\u202f\u00a0]", "’": "[’']"}[ts]
    return r"(\d{1,3}(?:" + tsr + r"\d{3})+|\d+)(?:" + re.escape(ds) + r"(\d+))?"


def _val(whole, frac):
    return float(re.sub(r"[^\d]", "", whole) + ("." + frac if frac else ""))


def _tol(frac):
    return 0.5 * 10 ** -len(frac) if frac else 0.0


def mask(text, spans):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            if t[i] != "\n":
                t[i] = "#"
    return "".join(t)


_HEDGE = re.compile(r"(~|≈|about |roughly |around |approximately |approx\. |almost |nearly |just under |just over "
                    r"|over |more than |under |less than |up to |at least |at most )\s?$", re.I)


def _hedge(text, s):
    m = _HEDGE.search(text[max(0, s - 18):s])
    return m.group(1).strip().lower() if m else None


class Reader:
    """Quantity and period reader for one number locale."""

    def __init__(self, loc, today):
        self.loc, self.today = loc, D(today)
        N = _num_rx(loc)
        lb = r"(?<![\w.,’'#/:\u202f\u00a0])"
        la = r"(?![\w]|[.,’'\u202f\u00a0]\d)"
        cur = r"(?:€|EUR|zł|PLN|kr|SEK|CHF|Fr\.)"
        sp = r"[ \u00a0\u202f]?"
        self.money = re.compile(r"(?<![\w])(" + cur + r")" + sp + r"[+−-]?" + N + la + r"|" + lb + N + sp + r"(" + cur + r")(?![\w])")
        self.pct = re.compile(lb + N + r"(?:" + sp + r"%| ?percent\b| ?per cent\b)")
        self.pp = re.compile(lb + N + r" ?(?:pp\b|percentage points?\b)")
        self.numw = re.compile(r"(?<![\w-])(" + _NUMW_RX + r")(?=[ -]" + UNITS + r")", re.I)
        self.plain = re.compile(lb + N + r"(?![\w%]|[.,’'\u202f\u00a0]\d)")

    def quantities(self, text):
        """[(start, end, kind, value, tol, hedge, extra)] for amounts, percentages, percentage points, number words and
        plain numbers (each pass masks what it read)."""
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

        def money(m):
            if m.group(1):
                return _val(m.group(2), m.group(3)), _tol(m.group(3)), m.group(1)
            return _val(m.group(4), m.group(5)), _tol(m.group(5)), m.group(6)

        take(self.money, "money", money)
        take(self.pct, "pct", lambda m: (_val(m.group(1), m.group(2)), _tol(m.group(2)), None))
        take(self.pp, "pct", lambda m: (_val(m.group(1), m.group(2)), _tol(m.group(2)), "pp"))
        take(self.numw, "num", lambda m: (float(NUMW[m.group(1).lower()]), 0.0, "word"))
        take(self.plain, "num", lambda m: (_val(m.group(1), m.group(2)), _tol(m.group(2)), None))
        out.sort()
        return out

    # ------------------------------------------------------------------ periods
    _MONRX = "|".join(MONTHS + MON)
    _WDRX = "|".join(WEEKDAYS + WD3)

    def periods(self, text):
        """[(start, end, kind, value)]: 'date' (a date, or (month, day, None) without a year), 'week' ((year|None,
        week)), 'month' ((year, month)), 'time' ((h, m))."""
        out = []
        MR = self._MONRX

        def take(rx, fn):
            nonlocal text
            sp = []
            for m in re.finditer(rx, text):
                got = fn(m)
                if got is None:
                    continue
                for g in (got if isinstance(got, list) else [got]):
                    out.append((m.start(), m.end()) + g)
                sp.append((m.start(), m.end()))
            text = mask(text, sp)

        def mk(y, mo, d):
            try:
                return ("date", dt.date(int(y), int(mo), int(d)))
            except ValueError:
                return None

        def short(mo, d):
            if 1 <= int(mo) <= 12 and 1 <= int(d) <= 31:
                return ("date", (int(mo), int(d), None))
            return None

        def weeks(y, a, b):
            yy = int(y) if y else None
            res = [("week", (yy, int(a)))]
            if b:
                res.append(("week", (yy, int(b))))
            return res if all(1 <= x[1][1] <= 53 for x in res) else None

        take(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?!\d)", lambda m: mk(m.group(1), m.group(2), m.group(3)))
        take(r"(?<![\w-])(\d{4})-W(\d{2})(?:\s?[–-]\s?(?:\d{4}-)?W(\d{2}))?(?!\d)", lambda m: weeks(m.group(1), m.group(2), m.group(3)))
        take(r"(?<![\d-])(\d{4})-(\d{2})(?![\d-])", lambda m: ("month", (int(m.group(1)), int(m.group(2)))) if 1 <= int(m.group(2)) <= 12 else None)
        take(r"(?<![\d.,])(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)", lambda m: mk(m.group(3), m.group(2), m.group(1)))
        take(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?!\d)", lambda m: mk(m.group(3), m.group(2), m.group(1)))
        take(r"\b(\d{1,2}) (" + MR + r")\.? (\d{4})\b", lambda m: mk(m.group(3), _mi(m.group(2)), m.group(1)))
        take(r"\b(" + MR + r") (\d{1,2}), (\d{4})\b", lambda m: mk(m.group(3), _mi(m.group(1)), m.group(2)))
        take(r"\b(" + MR + r") (\d{4})\b", lambda m: ("month", (int(m.group(2)), _mi(m.group(1)))))
        take(r"(?<![\d/])(\d{2})/(\d{4})(?!\d)", lambda m: ("month", (int(m.group(2)), int(m.group(1)))) if 1 <= int(m.group(1)) <= 12 else None)
        if self.loc in ("eu", "sp"):
            take(r"(?<![\d.,’])(\d{1,2})\.(\d{1,2})\.(?!\d)", lambda m: short(m.group(2), m.group(1)))
        take(r"\b(\d{1,2}) (" + MR + r")\b", lambda m: short(_mi(m.group(2)), m.group(1)))
        take(r"\b(" + MR + r") (\d{1,2})\b(?![.,]\d|:\d)", lambda m: short(_mi(m.group(1)), m.group(2)))
        wk2 = r"(?:\s?[–-]\s?|\s(?:to|and|&)\s)(?:KW|CW|W|week)?\s?(\d{1,2})"
        take(r"(?<![\w-])(?:KW|CW)\s?(\d{1,2})(?:" + wk2 + r")?(?!\d)", lambda m: weeks(None, m.group(1), m.group(2)))
        take(r"(?<![\w-])W(\d{1,2})(?:" + wk2 + r")?(?!\d)", lambda m: weeks(None, m.group(1), m.group(2)))
        take(r"(?<![\w-])(?:[Ww]eeks?|[Ww]k\.?)\s(\d{1,2})(?:" + wk2 + r")?(?!\d)", lambda m: weeks(None, m.group(1), m.group(2)))
        take(r"(?<![\d:.,])([01]?\d|2[0-3]):([0-5]\d)(?::\d\d)?(?![\d:])", lambda m: ("time", (int(m.group(1)), int(m.group(2)))))
        out.sort()
        return out


def _mi(name):
    name = name.rstrip(".")
    return (MONTHS.index(name) if name in MONTHS else MON.index(name)) + 1


def _date_ok(got, d, today):
    if isinstance(got, dt.date):
        return got == d
    mon, day, y = got
    return d.month == mon and d.day == day and (y if y is not None else today.year) == d.year


def _mk(v, today):
    mon, day, y = v
    try:
        return dt.date(y if y is not None else today.year, mon, day)
    except ValueError:
        return None


def _fits(v, tol, hedge, allowed):
    for a in allowed:
        if abs(a - v) <= tol + 1e-9 * max(1.0, abs(a)):
            return True
        if hedge is None or v == 0:
            continue
        rel = (a - v) / abs(v)
        if hedge in ("~", "≈", "about", "roughly", "around", "approximately", "approx.") and abs(rel) <= 0.06:
            return True
        if hedge in ("almost", "nearly", "just under") and -0.03 - 1e-9 <= -rel < 0 + 1e-12 and a < v:
            return True
        if hedge == "just over" and 0 < (v - a) / abs(v) <= 0.03 + 1e-9:
            return True
        if hedge in ("over", "more than", "at least") and a >= v and (a - v) / abs(v) <= 0.6:
            return True
        if hedge in ("under", "less than", "up to", "at most") and a <= v and (v - a) / abs(v) <= 0.6:
            return True
    return False


# =========================================================================== evidence
MONEY_KEY = re.compile(r"(revenue|umsatz|amount|betrag|kwota|belopp|price|preis|cena|pris|cost|kosten|koszt|kostnad|"
                       r"fee|gebühr|opłata|avgift|value|wert|wartość|värde|total|summe|suma|summa|net|gross|brutto|"
                       r"netto|eur|pln|sek|chf|€|zł|\bkr\b|commission|prowizja|spend|payout|margin|cash|sales_chf|"
                       r"ticket|budget|limit_|invoice|rechnung|faktura)", re.I)
PCT_KEY = re.compile(r"(pct|percent|%|rate|share|anteil|quote|udział|andel|loss|verlust|yield|ausbeute|utbyte|"
                     r"utilisation|utilization|auslastung|availability|verfügbarkeit)", re.I)
WEEK_KEY = re.compile(r"^(iso_week|week|kw|cw|calendar_week|tydzien|vecka|woche)$", re.I)
_IDTOK = re.compile(r"^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9./:_@#×-]+$")


class Ev:
    def __init__(self, today, src_loc):
        self.today = D(today)
        self.rd = Reader(src_loc, today)
        self.q = {"money": set(), "num": set(), "pct": set()}
        self.other = {"money": set(), "num": set(), "pct": set()}
        self.rows = []                 # (names, q)
        self.dates, self.months, self.weeks, self.times = set(), set(), set(), set()
        self.weeks_any = set()
        self.texts = []
        self.docs = {}

    def _add_q(self, kind, v, q):
        for sink in (q, self.q):
            sink[kind].add(round(abs(v), 6))
            if kind != "num":
                sink["num"].add(round(abs(v), 6))

    def add_periods(self, s):
        for s0, e0, kind, v in self.rd.periods(s):
            if kind == "date":
                d = v if isinstance(v, dt.date) else _mk(v, self.today)
                if d:
                    self.dates.add(d)
            elif kind == "month":
                self.months.add(v)
            elif kind == "week":
                if v[0] is None:
                    self.weeks_any.add(v[1])
                else:
                    self.weeks.add(v)
            elif kind == "time":
                self.times.add(v)

    def add_string(self, s, key, q):
        self.add_periods(s)
        if _IDTOK.match(s) and not re.search(r"\d{4}-\d{2}-\d{2}|\d\.\d{2}\.\d{4}", s) and not re.fullmatch(r"(?:\d{4}-)?(?:KW|CW|W)\s?\d{1,2}", s):
            return
        clean = mask(s, [(a, b) for a, b, *_ in self.rd.periods(s)])
        clean = re.sub(r"https?://\S+|(?<![\w.])/(?:[\w.-]+/)+[\w.-]*", " ", clean)
        clean = re.sub(r"(?:§ ?|\b[Ss]ection |\b[Cc]lause )\d+(?:\.\d+)*", " ", clean)
        clean = re.sub(r"(?m)^(\s*#*\s*)\d+(?:\.\d+)*\.? ", r"\1", clean)
        toks = []
        for tok in re.split(r"(\s+)", clean):
            core = tok.strip(".,;:()'\"`[]|*")
            if core and _IDTOK.match(core) and not re.fullmatch(r"[+−-]?[\d.,’']+(%|[A-Za-z³²]{1,4}|zł)?", core):
                toks.append(" ")
            else:
                toks.append(tok)
        for s0, e0, kind, v, tol, hedge, extra in self.rd.quantities("".join(toks)):
            if kind == "num" and key and MONEY_KEY.search(key):
                self._add_q("money", v, q)
            if kind == "num" and key and PCT_KEY.search(key):
                self._add_q("pct", v, q)
            self._add_q(kind, v, q)

    def add_value(self, v, key, q):
        if isinstance(v, bool) or v is None:
            return
        if isinstance(v, (int, float)):
            x = float(v)
            self._add_q("num", x, q)
            if MONEY_KEY.search(key or ""):
                self._add_q("money", x, q)
            if PCT_KEY.search(key or ""):
                self._add_q("pct", x, q)
                if 0 < abs(x) <= 1 and not float(x).is_integer():
                    self._add_q("pct", x * 100, q)
            if WEEK_KEY.match(key or "") and isinstance(v, int):
                self.weeks_any.add(v)
        elif isinstance(v, str):
            self.add_string(v, key, q)
        elif isinstance(v, dict):
            for k, x in v.items():
                self.add_value(x, k, q)
        elif isinstance(v, list):
            for x in v:
                self.add_value(x, key, q)

    def add_row(self, pairs):
        q = {"money": set(), "num": set(), "pct": set()}
        names = set()
        for k, v in pairs:
            self.add_value(v, k, q)
            if (isinstance(v, str) and re.search(r"[A-Za-zÀ-ž]", v) and len(v) >= 3 and not re.fullmatch(r"[a-z_]+", v)
                    and not re.fullmatch(r"(?:\d{4}-)?(?:KW|CW|W) ?\d{1,2}|\d{4}-\d{2}(?:-\d{2}.*)?", v)):
                names.add(v)
        self.rows.append((names, q))

    def walk(self, v, key=""):
        if isinstance(v, dict):
            if isinstance(v.get("columns"), list) and isinstance(v.get("rows"), list):
                for row in v["rows"]:
                    self.add_row(list(zip(v["columns"], row)))
                for k, x in v.items():
                    if k not in ("columns", "rows"):
                        self.walk(x, k)
                return
            vals = v.get("values")
            if isinstance(vals, list) and vals and all(isinstance(x, list) for x in vals):
                for row in vals[1:]:
                    self.add_row(list(zip([str(h) for h in vals[0]], row)))
                for k, x in v.items():
                    if k != "values":
                        self.walk(x, k)
                return
            for k, x in v.items():
                self.walk(x, k)
        elif isinstance(v, list):
            if v and all(isinstance(x, dict) for x in v):
                for x in v:
                    flat = []
                    _flatten(x, "", flat)
                    self.add_row(flat)
                return
            for x in v:
                self.walk(x, key)
        else:
            self.add_value(v, key, self.other)


def _flatten(v, key, out):
    if isinstance(v, dict):
        for k, x in v.items():
            _flatten(x, k, out)
    elif isinstance(v, list):
        for x in v:
            _flatten(x, key, out)
    else:
        out.append((key, v))


def parse_csv(text):
    """(header, rows) of a semicolon-separated export, or None."""
    lines = [l for l in text.split("\n") if l.strip() and not l.startswith("#") and not l.lower().startswith("sep=")]
    if len(lines) < 2 or ";" not in lines[0]:
        return None
    n = lines[0].count(";")
    if any(l.count(";") != n for l in lines[1:]):
        return None
    split = lambda l: [c.strip().strip('"') for c in l.split(";")]
    return split(lines[0]), [split(l) for l in lines[1:]]


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


def gather(scn, plan, today):
    ev = Ev(today, scn.src_loc)
    users = [plan.request] + [m["text"] for m in plan.history if m["role"] == "user"]
    for u in users:
        ev.texts.append(u)
        ev.add_string(u, "", ev.other)
    for c in results(plan):
        if isinstance(c.result, str):
            ev.texts.append(c.result)
            tab = parse_csv(c.result)
            if tab:
                head, rows = tab
                for row in rows:
                    ev.add_row(list(zip(head, row)))
                for line in c.result.split("\n"):
                    if line.startswith("#"):
                        ev.add_string(line, "", ev.other)
            else:
                ref = next((v for v in c.args.values() if isinstance(v, str)), None)
                ev.docs[ref] = c.result
                ev.add_string(c.result, "", ev.other)
        else:
            ev.texts.append(json.dumps(c.result, ensure_ascii=False))
            ev.walk(c.result)
    return ev


def called_tools(plan):
    names = {m["call"].tool for m in plan.history if m["role"] == "tool"}
    for t in plan.turns:
        for c in t.calls:
            names.add(c.tool)
    return names


def evidence_text(scn, plan):
    """Everything a replacement must not occur in (decoded)."""
    chunks = [plan.request, scn.system]
    docs = []
    for m in plan.history:
        if m["role"] in ("user", "assistant") and m.get("text"):
            chunks.append(m["text"])
        elif m["role"] == "tool":
            c = m["call"]
            chunks += [json.dumps(c.args, ensure_ascii=False), c.result if isinstance(c.result, str) else json.dumps(c.result, ensure_ascii=False)]
            if isinstance(c.result, str):
                docs.append(c.result)
    for turn in plan.turns:
        if turn.text:
            chunks.append(turn.text)
        for c in turn.calls:
            chunks += [json.dumps(c.args, ensure_ascii=False), c.result if isinstance(c.result, str) else json.dumps(c.result, ensure_ascii=False)]
            if isinstance(c.result, str):
                docs.append(c.result)
    for tool in scn.tools:
        chunks += [tool.name, tool.description, json.dumps(tool.params, ensure_ascii=False)]
    return "\n".join(chunks), docs


# --------------------------------------------------------------------------- sections, quotations, identifiers
_SECREF = re.compile(r"(?:§ ?|\b[Ss]ection |\b[Cc]lause |\b[Pp]aragraph )(\d+(?:\.\d+)*)")


def section_in(token, doc):
    tok = re.escape(token.strip().rstrip(".)"))
    line = (r"(?im)^[ \t]*(?:#+[ \t]*)?(?:\*\*)?(?:§[ \t]*|section[ \t]+|clause[ \t]+|paragraph[ \t]+)?\(?" + tok
            + r"(?:[.):]?[ \t]|[.):]?$|\*\*)")
    return bool(re.search(line, doc))


def norm(s):
    s = s.replace("**", "").replace("`", "")
    s = s.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"').replace("„", '"')
    return re.sub(r"\s+", " ", s).strip().lower()


_QUOTE = re.compile(r"“([^”\n]+)”|„([^“”\n]+)[“”]|(?<![\w])\"([^\"\n]+)\"")


def quotes_of(text):
    out = []
    for m in _QUOTE.finditer(text):
        body = next(g for g in m.groups() if g is not None)
        out.append((m.start(), m.end(), body))
    return out


def quote_in(body, texts):
    frags = [norm(f).strip(" .,;:") for f in re.split(r"\s*(?:…|\.\.\.)\s*", body)]
    frags = [f for f in frags if f]
    for t in texts:
        nt = norm(t)
        pos, ok = 0, True
        for f in frags:
            i = nt.find(f, pos)
            if i < 0:
                ok = False
                break
            pos = i + len(f)
        if ok:
            return True
    return not frags


_URL = re.compile(r"https?://[^\s)\]>\"'`,]+[^\s)\]>\"'`,.;:]")
_PATH = re.compile(r"(?<![\w.])/(?:[\w.-]+/)+[\w.-]*\w")
_BACKTICK = re.compile(r"`([^`\n]+)`")
_WEEKTOK = re.compile(r"^(?:\d{4}-)?(?:KW|CW|W)\d{1,2}(?:[–-](?:\d{4}-)?(?:KW|CW|W)?\d{1,2})?$")


def _idlike(tok):
    if _WEEKTOK.match(tok):
        return False
    if re.search(r"\d[×x]\d", tok):
        return True
    if re.search(r"\d", tok) and re.search(r"[A-Za-z]", tok):
        return not re.fullmatch(r"\d+(?:st|nd|rd|th|h|x)", tok)
    return "_" in tok or "@" in tok or tok.startswith("/")


def _tokens(text):
    for m in re.finditer(r"[^\s|()\[\]{}<>,;\"`*#“”„]+", text):
        tok = m.group(0).rstrip(".:?!").lstrip("^~=")
        if tok.endswith("'s") or tok.endswith("’s"):
            tok = tok[:-2]
        yield m.start(), m.start() + len(tok), tok


# --------------------------------------------------------------------------- the working
_OPCH = {"×": "*", "÷": "/", "/": "/", "+": "+", "−": "-", "-": "-"}


def _iv_op(op, a, b):
    (l1, h1), (l2, h2) = a, b
    if op == "+":
        return (l1 + l2, h1 + h2)
    if op == "-":
        return (l1 - h2, h1 - l2)
    if op == "*":
        ps = [l1 * l2, l1 * h2, h1 * l2, h1 * h2]
        return (min(ps), max(ps))
    if l2 <= 0 <= h2:
        return (float("-inf"), float("inf"))
    ps = [l1 / l2, l1 / h2, h1 / l2, h1 / h2]
    return (min(ps), max(ps))


def _lex(text, rd):
    """Tokens of a line: ('q', start, end, kind, value, tol), ('op', s, e, op), ('(' | ')' | '=' | '≈' | 'w', s, e)."""
    qs = rd.quantities(text)
    toks = []
    pos = 0
    qi = 0
    while pos < len(text):
        if qi < len(qs) and qs[qi][0] == pos:
            q = qs[qi]
            sign = 1.0
            if toks and toks[-1][0] == "sign":
                sign = -1.0 if toks[-1][3] in "−-" else 1.0
                toks.pop()
            toks.append(("q", q[0], q[1], q[2], sign * q[3], q[4], q[6]))
            pos = q[1]
            qi += 1
            continue
        ch = text[pos]
        if ch in " \u00a0\u202f":
            pos += 1
            continue
        if ch in "×÷/+−-":
            prev = toks[-1][0] if toks else None
            nxt_q = qi < len(qs) and qs[qi][0] == pos + 1
            if ch in "+−-" and nxt_q and prev not in ("q", ")"):
                toks.append(("sign", pos, pos + 1, ch))
            else:
                toks.append(("op", pos, pos + 1, _OPCH[ch]))
            pos += 1
            continue
        if ch in "()=≈":
            toks.append((ch, pos, pos + 1))
            pos += 1
            continue
        m = re.match(r"[^\s()=≈×÷/+−-]+", text[pos:])
        ln = m.end() if m else 1
        if qi < len(qs) and pos < qs[qi][0] < pos + ln:
            ln = qs[qi][0] - pos
        toks.append(("w", pos, pos + ln, text[pos:pos + ln]))
        pos += ln
    return toks


def _parse(toks):
    """Interval value of an expression token list (× ÷ before + −, parentheses); None when malformed."""
    pos = 0

    def atom():
        nonlocal pos
        if pos >= len(toks):
            raise ValueError
        t = toks[pos]
        if t[0] == "(":
            pos += 1
            v = expr()
            if pos >= len(toks) or toks[pos][0] != ")":
                raise ValueError
            pos += 1
            return v
        if t[0] == "q":
            pos += 1
            return (t[4] - t[5], t[4] + t[5])
        raise ValueError

    def term():
        nonlocal pos
        v = atom()
        while pos < len(toks) and toks[pos][0] == "op" and toks[pos][3] in "*/":
            o = toks[pos][3]
            pos += 1
            v = _iv_op(o, v, atom())
        return v

    def expr():
        nonlocal pos
        v = term()
        while pos < len(toks) and toks[pos][0] == "op" and toks[pos][3] in "+-":
            o = toks[pos][3]
            pos += 1
            v = _iv_op(o, v, term())
        return v

    try:
        v = expr()
    except ValueError:
        return None
    return v if pos == len(toks) else None


def check_working(text, where, rd, today):
    """Recompute every 'EXPR = R' / 'EXPR ≈ R', 'A → B (±p %)', 'A → B (±p pp)', 'X of Y (p %)' and
    'D + N days = D2'. Returns how many were checked."""
    found = 0
    ptext = mask(text, [(a, b) for a, b, *_ in rd.periods(text)])
    for line in ptext.split("\n"):
        toks = _lex(line, rd)
        for i, t in enumerate(toks):
            if t[0] not in ("=", "≈"):
                continue
            # left: walk back over quantities, operators and parentheses (a unit word may follow a quantity)
            j = i - 1
            lhs = []
            while j >= 0:
                u = toks[j]
                if u[0] in ("q", "op", "(", ")"):
                    lhs.insert(0, u)
                elif (u[0] == "w" and j > 0 and toks[j - 1][0] == "q" and re.fullmatch(r"[A-Za-zÀ-žµ³²/.]+", u[3])
                      and (not lhs or lhs[0][0] == "op")):
                    pass
                else:
                    break
                j -= 1
            while lhs and lhs[0][0] in ("op", ")"):
                lhs.pop(0)
            depth = 0
            bal = []
            for u in lhs:
                if u[0] == "(":
                    depth += 1
                elif u[0] == ")":
                    depth -= 1
                bal.append(u)
            while depth > 0 and bal and bal[0][0] == "(":
                bal.pop(0)
                depth -= 1
            if not any(u[0] == "op" for u in bal) or depth != 0:
                continue
            got = _parse(bal)
            if got is None:
                continue
            res = next((u for u in toks[i + 1:i + 3] if u[0] == "q"), None)
            if res is None:
                raise AssertionError(f"{where}: working {line!r} has no result")
            kinds = {u[3] for u in bal if u[0] == "q"}
            lo, hi = got
            if res[3] == "pct" and "pct" not in kinds:
                lo, hi = lo * 100, hi * 100
            if "pct" in kinds and res[3] != "pct" and any(u[0] == "op" and u[3] == "*" for u in bal):
                lo, hi = lo / 100, hi / 100
            tol = res[5] if res[5] else (0.005 if res[3] == "money" else 0.5)
            if t[0] == "≈":
                tol = max(tol, 0.006 * abs(res[4]))
            lo_, hi_ = min(abs(lo), abs(hi)) if lo * hi > 0 else 0.0, max(abs(lo), abs(hi))
            if abs(res[4]) + tol < lo_ - 1e-9 or abs(res[4]) - tol > hi_ + 1e-9:
                raise AssertionError(f"{where}: working in {line!r} gives {lo_:.6g}–{hi_:.6g}, not {res[4]}")
            if (lo > 0 and res[4] < 0) or (hi < 0 and res[4] > 0):
                raise AssertionError(f"{where}: working in {line!r} has the wrong sign")
            found += 1
        # A → B (±p %) / (±p pp)
        for i, t in enumerate(toks):
            if t[0] != "w" or t[3] != "→":
                continue
            if i == 0 or toks[i - 1][0] != "q" or i + 1 >= len(toks) or toks[i + 1][0] != "q":
                continue
            a, b = toks[i - 1], toks[i + 1]
            k = i + 2
            while k < len(toks) and toks[k][0] == "w" and re.fullmatch(r"[A-Za-zÀ-žµ³²/.]+", toks[k][3]):
                k += 1
            if k + 2 < len(toks) and toks[k][0] == "(" and toks[k + 1][0] == "q" and toks[k + 2][0] == ")":
                p = toks[k + 1]
                if p[3] != "pct":
                    continue
                (al, ah), (bl, bh) = (a[4] - a[5], a[4] + a[5]), (b[4] - b[5], b[4] + b[5])
                if p[6] == "pp":
                    lo, hi = bl - ah, bh - al
                else:
                    lo, hi = _iv_op("/", (bl - ah, bh - al), (al, ah))
                    lo, hi = lo * 100, hi * 100
                tol = p[5] or 0.5
                if not (lo - tol - 1e-9 <= p[4] <= hi + tol + 1e-9):
                    raise AssertionError(f"{where}: change in {line!r} should be {lo:.4g}…{hi:.4g}, not {p[4]}")
                found += 1
    # X of Y (p %)
    rx = re.compile(r"(\S+(?: \S+)?) of (?:all |the )?(\S+(?: \S+)?) \(([^()]*%)\)")
    for line in ptext.split("\n"):
        for m in rx.finditer(line):
            qa, qb, qp = rd.quantities(m.group(1)), rd.quantities(m.group(2)), rd.quantities(m.group(3))
            if len(qa) != 1 or len(qb) != 1 or len(qp) != 1 or qp[0][2] != "pct":
                continue
            a, b, p = qa[0], qb[0], qp[0]
            lo, hi = _iv_op("/", (a[3] - a[4], a[3] + a[4]), (b[3] - b[4], b[3] + b[4]))
            tol = p[4] or 0.5
            if not (lo * 100 - tol - 1e-9 <= p[3] <= hi * 100 + tol + 1e-9):
                raise AssertionError(f"{where}: share in {line!r} should be {lo * 100:.4g}…{hi * 100:.4g} %")
            found += 1
    # D + N days = D2
    for m in re.finditer(r"(\S+(?: \S+)?) \+ (\d+) (days?|weeks?) = (\S+(?: \S+)?)", text):
        d1 = [p for p in rd.periods(m.group(1)) if p[2] == "date"]
        d2 = [p for p in rd.periods(m.group(4)) if p[2] == "date"]
        if not d1 or not d2:
            continue
        a = d1[-1][3] if isinstance(d1[-1][3], dt.date) else _mk(d1[-1][3], today)
        b = d2[0][3] if isinstance(d2[0][3], dt.date) else _mk(d2[0][3], today)
        k = int(m.group(2)) * (7 if m.group(3).startswith("week") else 1)
        if a is None or b != a + dt.timedelta(days=k):
            raise AssertionError(f"{where}: date working {m.group(0)!r} is wrong")
        found += 1
    return found


# --------------------------------------------------------------------------- the clean-answer check
def _sentences(text):
    out = []
    pos = 0
    for line in text.split("\n"):
        for m in re.finditer(r".+?(?:(?<=[.!?])(?=\s+[A-Z*(\[])|$)", line):
            if m.group(0).strip():
                out.append((pos + m.start(), pos + m.end()))
        pos += len(line) + 1
    return out


def check_clean(scn, plan, w: Ana):
    text = plan.answer.text
    where = f"{scn.name}/{getattr(plan, 'intent', '?')}"
    ev = gather(scn, plan, w.today)
    rd = Reader(w.loc, w.today)
    tools = called_tools(plan)
    tool_names = {t.name for t in scn.tools}
    # renderings read back
    for kind, t, v in w.rend:
        if kind in ("money", "num", "pct"):
            got = [q for q in rd.quantities(t) if q[2] == kind]
            if not got or not any(abs(q[3] - v) <= q[4] + 1e-9 for q in got):
                raise AssertionError(f"{where}: rendering {t!r} does not read back as {v} ({got})")
        else:
            got = [g for g in rd.periods(t) if g[2] == kind]
            if not got:
                raise AssertionError(f"{where}: rendering {t!r} is not read as a {kind}")
            g = got[0][3]
            ok = (_date_ok(g, v, w.today) if kind == "date" else
                  (g[1] == v[1] and g[0] in (None, v[0])) if kind == "week" else g == tuple(v))
            if not ok:
                raise AssertionError(f"{where}: rendering {t!r} does not read back as {v}")
    # currency
    toks = set(CUR_TOK[scn.currency])
    for m in re.finditer(r"(?<![\w])(" + ALL_CUR + r")(?![\w])", text):
        if m.group(1) not in toks:
            raise AssertionError(f"{where}: currency {m.group(1)!r} in an answer written in {scn.currency}")
    # weekdays
    for m in re.finditer(r"\b(" + Reader._WDRX + r")\.?,? ", text):
        rest = text[m.end():m.end() + 24]
        got = rd.periods(rest)
        if got and got[0][0] == 0 and got[0][2] == "date":
            d = got[0][3] if isinstance(got[0][3], dt.date) else _mk(got[0][3], w.today)
            nm = m.group(1)
            idx = WEEKDAYS.index(nm) if nm in WEEKDAYS else WD3.index(nm)
            if d is None or d.weekday() != idx:
                raise AssertionError(f"{where}: weekday {m.group(0)!r} does not match {rest[:got[0][1]]!r}")
    allowed_raw = "\n".join(ev.texts + [json.dumps(c.args, ensure_ascii=False) for t in plan.turns for c in t.calls if c.valid]
                            + [json.dumps(m["call"].args, ensure_ascii=False) for m in plan.history if m["role"] == "tool"]
                            + sorted(tools) + list(getattr(scn, "literal_ok", [])))
    allowed_l, allowed_sq = allowed_raw.lower(), squash(allowed_raw)

    def known(tok):
        return tok.lower() in allowed_l or (len(squash(tok)) >= 4 and squash(tok) in allowed_sq)

    spans = []
    for rx in (_URL, _PATH):
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
    quotes = quotes_of(mask(text, spans))
    for s, e, body in quotes:
        if not quote_in(body, ev.texts):
            raise AssertionError(f"{where}: quotation {body!r} is not verbatim in the evidence")
        spans.append((s, e))
    for m in _SECREF.finditer(mask(text, spans)):
        if not any(section_in(m.group(1), d) for d in ev.docs.values()):
            raise AssertionError(f"{where}: section {m.group(1)} is not in a fetched document")
        spans.append((m.start(), m.end()))
    masked = mask(text, spans)
    for lit in sorted(getattr(scn, "literal_ok", []), key=len, reverse=True):
        masked = mask(masked, [(m.start(), m.end()) for m in re.finditer(re.escape(lit), masked)])
    ids = []
    for s0, e0, tok in _tokens(masked):
        if _idlike(tok):
            if tok in tool_names and tok not in tools:
                raise AssertionError(f"{where}: tool {tok} is named but was not called")
            if not known(tok):
                raise AssertionError(f"{where}: unexplained identifier {tok!r}")
            ids.append((s0, e0))
    masked = mask(masked, ids)
    masked = re.sub(r"(?m)^(\s*)(\d+)([.)]) ", lambda m: m.group(1) + "#" * len(m.group(2)) + m.group(3) + " ", masked)
    # periods
    dates = ev.dates | w.calc_dates
    months = ev.months | {(d.year, d.month) for d in dates}
    weeks = ev.weeks | w.calc_weeks | {iso_week(d) for d in dates}
    wnums = ev.weeks_any | {x[1] for x in weeks}
    times = ev.times | w.calc_times
    pspans = []
    for s, e, kind, v in rd.periods(masked):
        if kind == "date":
            ok = any(_date_ok(v, x, w.today) for x in dates)
        elif kind == "month":
            ok = v in months
        elif kind == "week":
            ok = (v in weeks or (v[1] in ev.weeks_any and v[0] in (w.today.year, iso_week(w.today)[0])))
            ok = ok if v[0] is not None else (v[1] in wnums)
        else:
            ok = v in times
        if not ok:
            raise AssertionError(f"{where}: {kind} {masked[s:e]!r} is not an evidence or computed one")
        pspans.append((s, e))
    masked = mask(masked, pspans)
    # quantities
    calc = w.calc

    def allowed(q, kind):
        al = set(q[kind]) | calc[kind]
        if kind == "num":
            al |= {0.0, 1.0} | calc["money"] | calc["pct"]
        return al

    for s, e, kind, v, tol, hedge, extra in rd.quantities(masked):
        if not _fits(v, tol, hedge, allowed(ev.q, kind)):
            raise AssertionError(f"{where}: {kind} {masked[s:e]!r} = {v} (hedge {hedge}) is not supported by the evidence "
                                 f"or a computed value")
    # a sentence naming a row: its numbers come from that row, non-tabular evidence or a computed value
    for us, ue in _sentences(text):
        sent = text[us:ue]
        hit = [q for names, q in ev.rows if any(nm in sent for nm in names)]
        if not hit:
            continue
        al = {k: set(ev.other[k]) for k in ev.other}
        for q in hit:
            for k in al:
                al[k] |= q[k]
        for s, e, kind, v, tol, hedge, extra in rd.quantities(masked[us:ue]):
            if not _fits(v, tol, hedge, allowed(al, kind)):
                raise AssertionError(f"{where}: {masked[us:ue][s:e]!r} in {sent!r} is not from the row it names")
    check_working(mask(text, [(a, b) for a, b in spans if not any(a <= q[0] < b for q in quotes)]), where, rd, w.today)
    return ev


def _readings(text, rd):
    out = set()
    for q in rd.quantities(text):
        out.add((q[2], round(q[3], 3)))
    for g in rd.periods(text):
        v = g[3]
        out.add((g[2], str(v)))
    return out


def _trim(a: A):
    editable = {c["idx"] for c in a.cands}
    for i in range(len(a.parts) - 1, -1, -1):
        if i in editable:
            break
        a.parts[i] = a.parts[i].rstrip()
        if a.parts[i]:
            break
    end = len(a.parts)
    a.points = [(p if p < end else end, k) for p, k in a.points]


def vet(scn, plan, w: Ana):
    """Evidence guard (module docstring). Returns the plan."""
    _trim(plan.answer)
    ev = check_clean(scn, plan, w)
    rd = Reader(w.loc, w.today)
    blob, docs = evidence_text(scn, plan)
    fl, sq = fold(blob), squash(blob)
    dates = ev.dates | w.calc_dates
    weeks = ev.weeks | w.calc_weeks | {iso_week(d) for d in dates}
    wnums = ev.weeks_any | {x[1] for x in weeks}
    times = ev.times | w.calc_times
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
        if c["type"] in ("entity", "fabricated_attribute") or (c["type"] == "conflation" and c["category"] == "contradiction/entity"):
            if c["type"] != "conflation" and (fold(core) in fl or (len(squash(core)) >= 3 and squash(core) in sq)):
                continue
        if c["type"] == "fabricated_id":
            if squash(core) in sq or squash(core) == squash(orig):
                continue
        if c["type"] == "fabricated_section":
            m = _SECREF.search(rep)
            if not m or any(section_in(m.group(1), d) for d in docs):
                continue
        if c["type"] in ("numeric", "temporal") or (c["type"] == "conflation" and c["category"] in
                                                    ("contradiction/numerical", "contradiction/temporal")):
            if _readings(orig, rd) == _readings(rep, rd):
                continue
        if c["type"] == "temporal":
            bad = False
            for s0, e0, kind, v in rd.periods(rep):
                if kind == "date" and any(_date_ok(v, x, w.today) for x in dates):
                    bad = True
                if kind == "week" and ((v in weeks) if v[0] is not None else (v[1] in wnums)):
                    bad = True
                if kind == "time" and v in times:
                    bad = True
                if kind == "month" and v in ev.months | {(d.year, d.month) for d in dates}:
                    bad = True
            if bad:
                continue
        s = offs[c["idx"]]
        inq = [qq for qq in quotes if qq[0] <= s < qq[1]]
        if inq:
            qs, qe, body = inq[0]
            new = text[qs:s] + rep + text[s + len(orig):qe]
            if quote_in(new.strip("\"“”„"), list(docs) + ev.texts):
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
