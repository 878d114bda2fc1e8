"""Set n writer: a finance & operations analyst assistant writing executive briefings for managers.

Every answer leads with a one-line headline (bold, "Bottom line:", "Headline:" or plain), then KPI bullets, short
paragraphs and sometimes a small Markdown table, a data caveat (how fresh the data is, a partial period) and a
recommendation for the manager (recommendations are advice, not factual claims). Per answer, ``Brief`` picks:

* abbreviated magnitudes for money and counts ("$1.2M", "€850K" or "€850k", "£2.05bn" or "£2.05B", "3.4k visitors",
  "1.24M impressions") or exact ones ("$1,240,310", "8,412"), unit amounts with cents ("$3.20 per visitor");
* percentages ("41%", "41.3%", "+12.4%"), percentage points ("up 3.1 pts", "+3.1pp", "3.1 percentage points"), basis
  points ("45 bps"), multiples ("2.3x" / "2.3×", "roughly double", "about half"), ranges ("12–15 days", "between 40 and
  45", "38–44%");
* periods: fiscal quarters and years ("Q3 FY26", "FY26"), month-year ("Mar 2026" / "March 2026"), ISO weeks ("W14"),
  dates ("Mar 4" / "4 Mar", the year only outside the current one), durations ("6m 45s", "6.8 min", "38 sec");
* rounding words ("~", "about", "roughly", "around", "just under", "just over", "north of", "nearly"), bullets ("-",
  "•", "*"), bold KPI labels or not, "÷" or "/" in the parenthetical working ("(18.4k ÷ 52.1k)").

``vet`` is the evidence guard. It (1) drops edit candidates that could turn out to be supported (entity, identifier and
attribute replacements found in the run's evidence, system prompt or tool definitions; section replacements that a
document has; inserted sentences whose reference or text is in the evidence; numeric and temporal replacements that read
back to the original value; temporal replacements whose period is itself an evidence or computed one), and (2) checks the
clean answer against the evidence with an independent reader of this style: every amount (abbreviated or exact, in the
run's currency only), count ("3.4k", "1.2M", plain), percentage, percentage-point and basis-point figure, multiple
(numeric or verbal), duration and plain number is parsed back and must equal, within the precision it is displayed at, an
evidence value of the same kind (JSON numbers typed by their key: money keys, ``*_pct``, ``*_bps``, ``*_sec``,
``*_min``; document text by its units) or a value the template declared as computed (``calc=True``); "~"/"about"/
"roughly"/"around" must be within 6 % of such a value (verbal multiples 10 %), "just under"/"nearly"/"almost" below it
within 3 %, "just over"/"a little over" above it within 3 %, "north of" above it within 10 %; both ends of a range are
checked; every fiscal quarter / year, ISO week, month, month-year and date must be an evidence or computed one; every
parenthetical working ("(18.4k ÷ 52.1k)", "(1,394 − 1,240)", "(4 × $4.00)") and every "a ÷ b = c" line is recomputed
from the displayed operands with interval arithmetic and must agree with the figure it explains; every identifier and
field name must occur in the evidence (or be the name of a tool the run actually called, or a literal the scenario
declares harmless); every section reference must exist in a document of the evidence; and every rendering must read
back to the value it was rendered from. A clean answer that fails raises ``AssertionError`` (the set is not generated).
"""
from __future__ import annotations

import datetime as dt
import json
import math
import re

from .common import A, R, mutate_id

MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
SYM = {"USD": "$", "EUR": "€", "GBP": "£"}
DUR_UNIT = {"sec": 1, "secs": 1, "second": 1, "seconds": 1, "s": 1, "min": 60, "mins": 60, "minute": 60,
            "minutes": 60, "hours": 3600, "hour": 3600, "hrs": 3600, "hr": 3600, "h": 3600}


def D(s):
    if isinstance(s, dt.datetime):
        return s.date()
    if isinstance(s, dt.date):
        return s
    return dt.date.fromisoformat(str(s)[:10])


def ym(d):
    d = D(d)
    return f"{d.year:04d}-{d.month:02d}"


def add_months(y, m, k):
    t = y * 12 + (m - 1) + k
    return t // 12, t % 12 + 1


def iso_week(d):
    y, w, _ = D(d).isocalendar()
    return y, w


def week_label(d):
    y, w = iso_week(d)
    return f"{y}-W{w:02d}"


def week_monday(y, w):
    return dt.date.fromisocalendar(y, w, 1)


def chg_pct(old, new):
    return (new - old) / old * 100.0


def median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def poss(name):
    """Possessive: "Billing's", "Claims'"."""
    return name + ("'" if name.endswith("s") else "'s")


def ordinal(n):
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


# =========================================================================== the writer
HEADLINES = ["bold", "bold", "bottom", "headline", "plain", "summary"]
RECS = ["**Recommendation:** ", "**Suggested next step:** ", "My recommendation: ", "Recommendation: ",
        "**What I'd do:** ", "Next step: "]
CLOSERS = ["Happy to go a level deeper on any of these.", "Can turn this into a slide if that helps.",
           "Let me know if you want the underlying numbers in a sheet.", "Shout if you want a different cut of this."]


class Brief:
    """One answer's formatting choices (see module docstring); records renderings and computed values for ``vet``."""

    def __init__(self, r: R, as_of, cur="USD"):
        self.r = r
        self.as_of = D(as_of)
        self.today = self.as_of
        self.cur = cur
        self.sym = SYM[cur]
        self.K = r.choice(["K", "K", "k"])
        self.BN = r.choice(["bn", "bn", "B"])
        self.mdec = r.choice([1, 2, 2])
        self.short = r.random() < 0.7          # abbreviated counts
        self.ptsw = r.choice(["pts", "pts", "pp", " percentage points"])
        self.xw = r.choice(["x", "x", "×"])
        self.dash = r.choice(["–", "–", " to "])
        self.about_w = r.choice(["~", "~", "about ", "roughly ", "around "])
        self.bullet = r.choice(["- ", "- ", "- ", "• ", "* "])
        self.bold = r.random() < 0.65
        self.dstyle = r.choice(["us", "us", "uk"])
        self.mlong = r.random() < 0.35
        self.div = r.choice(["÷", "÷", "/"])
        self.durstyle = r.choice(["ms", "ms", "min"])
        self.hstyle = r.choice(HEADLINES)
        self.rend = []
        self.calc = {"money": [], "num": [], "pct": [], "pts": [], "bps": [], "mult": [], "dur": []}
        self.calc_dates, self.calc_months, self.calc_weeks, self.calc_fq = [], [], [], []
        self.refs = {}

    # ---------------------------------------------------------------- bookkeeping
    def _c(self, kind, v, calc):
        if calc:
            self.calc[kind].append(abs(float(v)))

    def _rec(self, kind, text, value):
        self.rend.append((kind, text, value))
        return text

    # ---------------------------------------------------------------- markup
    def b(self, s):
        return f"**{s}**" if self.bold else s

    def lbl(self, s):
        """A KPI label at the start of a bullet."""
        return f"**{s}:** " if self.bold else f"{s}: "

    def li(self):
        return self.bullet

    def pb(self, a: A):
        """A bullet insertion point (only where the list uses '- ' so an inserted bullet matches)."""
        if self.bullet == "- ":
            a.pb()

    def head(self):
        """(prefix, suffix) around the headline."""
        s = self.hstyle
        if s == "bold":
            return "**", "**"
        if s == "bottom":
            return ("**Bottom line:** " if self.bold else "Bottom line: "), ""
        if s == "headline":
            return ("**Headline:** " if self.bold else "Headline: "), ""
        if s == "summary":
            return ("**In short:** " if self.bold else "In short: "), ""
        return "", ""

    def rec(self):
        return self.r.choice(RECS if self.bold else [x for x in RECS if not x.startswith("**")])

    def closer(self, a: A, offers=(), p=0.45):
        if self.r.random() < p:
            pool = list(offers) * 2 + CLOSERS
            a.t("\n\n" + self.r.choice(pool))

    # ---------------------------------------------------------------- numbers
    def n(self, x, calc=False):
        """A plain count: '1,240'."""
        v = int(round(x))
        self._c("num", v, calc)
        return self._rec("num", f"{v:,}", float(v))

    def num(self, x, dec=1, calc=False):
        self._c("num", x, calc)
        v = round(float(x), dec)
        return self._rec("num", f"{abs(v):,.{dec}f}", abs(v))

    def k(self, x, calc=False, dec=None, force=None):
        """A count, abbreviated ('3.4k', '52.1k', '412k', '1.24M') or exact ('3,412')."""
        self._c("num", x, calc)
        ax = abs(float(x))
        short = self.short if force is None else force
        if not short or ax < 1000:
            return self._rec("num", f"{int(round(ax)):,}", float(round(ax)))
        if ax >= 1e6:
            v, u = ax / 1e6, "M"
            d = dec if dec is not None else 2 if v < 10 else 1
        else:
            v, u = ax / 1e3, "k"
            d = dec if dec is not None else 1 if v < 100 else 0
        txt = f"{v:,.{d}f}"
        if d and "." in txt:
            txt = txt.rstrip("0").rstrip(".")
        return self._rec("num", txt + u, ax)

    def m(self, x, calc=False, dec=None):
        """An abbreviated amount: '$1.2M', '€850K', '£2.05bn', '$940'."""
        self._c("money", x, calc)
        ax = abs(float(x))
        if ax >= 1e9:
            v, u = ax / 1e9, self.BN
            d = dec if dec is not None else 2
        elif ax >= 1e6:
            v, u = ax / 1e6, "M"
            d = dec if dec is not None else (self.mdec if v < 10 else 1)
        elif ax >= 1e3:
            v, u = ax / 1e3, self.K
            d = dec if dec is not None else (1 if v < 100 else 0)
        else:
            v, u, d = ax, "", dec if dec is not None else 0
        txt = f"{v:,.{d}f}"
        if u and d and "." in txt:
            txt = txt.rstrip("0").rstrip(".")
        return self._rec("money", f"{self.sym}{txt}{u}", ax)

    def money(self, x, dec=2, calc=False):
        """An exact amount: '$3.20', '€1,240'."""
        self._c("money", x, calc)
        v = round(abs(float(x)), dec)
        return self._rec("money", f"{self.sym}{v:,.{dec}f}", v)

    def pct(self, x, dec=1, calc=False, sign=False):
        self._c("pct", x, calc)
        v = round(float(x), dec)
        s = f"{abs(v):.{dec}f}%"
        if sign:
            s = ("+" if v >= 0 else "−") + s
        return self._rec("pct", s, abs(v))

    def pts(self, x, dec=1, calc=False, sign=False):
        self._c("pts", x, calc)
        v = round(float(x), dec)
        s = f"{abs(v):.{dec}f}"
        if sign:
            s = ("+" if v >= 0 else "−") + s
        w = self.ptsw
        if w == "pts" and abs(v) == 1:
            w = "pt"
        return self._rec("pts", s + (w if w == "pp" else (" " + w.strip())), abs(v))

    def bps(self, x, calc=False):
        self._c("bps", x, calc)
        v = int(round(abs(x)))
        return self._rec("bps", f"{v:,} bps", float(v))

    def mult(self, x, dec=1, calc=False):
        self._c("mult", x, calc)
        v = round(float(x), dec)
        return self._rec("mult", f"{v:.{dec}f}{self.xw}", v)

    def dur(self, secs, calc=False, style=None):
        """'6m 45s' / '6.8 min' / '38 sec'."""
        self._c("dur", secs, calc)
        s = float(secs)
        st = style or self.durstyle
        if s < 90 and style is None:
            st = "sec"
        if st == "sec":
            txt = f"{round(s):,} sec"
        elif st == "min":
            txt = f"{s / 60:.1f} min"
        elif st == "min0":
            txt = f"{round(s / 60):,} min"
        elif st == "hours":
            txt = f"{round(s / 3600):,} hours"
        else:
            mm, ss = divmod(int(round(s)), 60)
            txt = f"{mm}m {ss:02d}s" if ss else f"{mm}m"
        return self._rec("dur", txt, s)

    def verbal(self, ratio, calc=True):
        """'roughly double', 'about half', 'nearly triple' ... or None when the ratio is not close to one of them."""
        for target, words in ((2.0, ["roughly double", "about twice"]), (3.0, ["roughly triple", "about three times"]),
                              (0.5, ["about half", "roughly half"]), (1 / 3, ["about a third", "roughly a third"]),
                              (0.25, ["about a quarter", "roughly a quarter"])):
            if abs(ratio - target) / target <= 0.07:
                self._c("mult", ratio, calc)
                txt = self.r.choice(words)
                return self._rec("verbal", txt, ratio)
        return None

    def about(self, v, kind="money", calc=True, **kw):
        """A hedged, rounded figure: '~$1.2M', 'about 41%', 'roughly 3.4k'."""
        self._c(kind if kind != "k" else "num", v, calc)
        if kind == "money":
            txt = self.m(v, **kw)
        elif kind == "k":
            txt = self.k(v, force=True, **kw)
        elif kind == "pct":
            txt = self.pct(v, kw.get("dec", 0))
        elif kind == "mult":
            txt = self.mult(v, kw.get("dec", 1))
        else:
            step = kw.get("step", 1)
            txt = self.n(round(v / step) * step)
        return self.about_w + txt

    def near(self, v, kind="pct", step=None, calc=True):
        """'just under 40%', 'just over $1M', 'north of 50k', 'nearly 3x' — or None when the value is not close to a
        round figure (or is one)."""
        if step is None:
            step = {"pct": 5, "money": None, "k": None, "mult": 0.5, "num": 10}[kind]
        if step is None:
            mag = 10 ** math.floor(math.log10(abs(v))) if v else 1
            step = mag / 2 if abs(v) / mag < 3 else mag
        X = round(v / step) * step
        if X == 0 or X == v:
            return None
        rel = (v - X) / X
        if -0.03 <= rel < 0:
            word = self.r.choice(["just under ", "just under ", "nearly ", "a shade under "])
        elif 0 < rel <= 0.03:
            word = self.r.choice(["just over ", "just over ", "a little over ", "north of "])
        else:
            return None
        self._c(kind if kind != "k" else "num", v, calc)
        if kind == "pct":
            txt = self.pct(X, 0 if float(X).is_integer() else 1)
        elif kind == "money":
            txt = self.m(X)
        elif kind == "k":
            txt = self.k(X, force=True)
        elif kind == "mult":
            txt = self.mult(X, 0 if float(X).is_integer() else 1)
        else:
            txt = self.n(X)
        return word + txt

    def rng(self, lo, hi, fn, unit="", calc=False):
        """'12–15 days', '38–44%', '$1.2M–$1.5M' (both ends rendered with ``fn``)."""
        a, b = fn(lo, calc=calc) if calc else fn(lo), fn(hi, calc=calc) if calc else fn(hi)
        if unit:
            return f"{a}{self.dash}{b}{unit}"
        if a.endswith("%") and b.endswith("%") and self.dash == "–":
            return f"{a[:-1]}–{b}"
        return f"{a}{self.dash}{b}"

    def updown(self, d, up="up", down="down"):
        return up if d >= 0 else down

    # ---------------------------------------------------------------- periods and dates
    def fq(self, q, fy, calc=False):
        if calc:
            self.calc_fq.append((fy % 100, q))
        return self._rec("fq", f"Q{q} FY{fy % 100:02d}", (fy % 100, q))

    def fy(self, fy):
        return self._rec("fy", f"FY{fy % 100:02d}", fy % 100)

    def mon(self, y, m=None, calc=False, long=None):
        if m is None:
            y, m = int(str(y)[:4]), int(str(y)[5:7])
        if calc:
            self.calc_months.append((y, m))
        lg = self.mlong if long is None else long
        return self._rec("month", f"{(MONTHS if lg else MON)[m - 1]} {y}", (y, m))

    def mname(self, y, m=None, calc=False):
        """The month name alone ('March')."""
        if m is None:
            y, m = int(str(y)[:4]), int(str(y)[5:7])
        if calc:
            self.calc_months.append((y, m))
        return self._rec("mname", MONTHS[m - 1], (y, m))

    def wk(self, label_or_week, calc=False):
        s = str(label_or_week)
        w = int(s.split("W")[-1]) if "W" in s else int(s)
        if calc:
            self.calc_weeks.append(w)
        return self._rec("week", f"W{w}", w)

    def d(self, x, calc=False, year=None):
        dd = D(x)
        if calc:
            self.calc_dates.append(dd)
        show_year = (dd.year != self.today.year) if year is None else year
        if self.dstyle == "uk":
            out = f"{dd.day} {MON[dd.month - 1]}" + (f" {dd.year}" if show_year else "")
        else:
            out = f"{MON[dd.month - 1]} {dd.day}" + (f", {dd.year}" if show_year else "")
        return self._rec("date", out, dd)

    # ---------------------------------------------------------------- references
    def sec(self, tok):
        return f"§{tok}"

    def fake_id(self, raw, r: R):
        """Same shape, different identifier; the prefix before the first '-' is kept ('SITE-MAH' -> 'SITE-MKH')."""
        head, sep, tail = raw.partition("-")
        if sep and re.search(r"[A-Za-z0-9]", tail):
            return head + sep + mutate_id(tail, r)
        return mutate_id(raw, r)

    def cite(self, text, raw):
        self.refs[text] = raw
        return text

    def fresh(self, through, period_end=None):
        """A data-freshness caveat sentence, or '' (the dates are evidence dates)."""
        through = D(through)
        if period_end is not None and D(period_end) > through:
            return self.r.choice([f"Caveat: data runs through {self.d(through)}, so the period isn't closed yet.",
                                  f"Note the numbers are only through {self.d(through)}; expect them to move once the "
                                  f"period closes.",
                                  f"(Data through {self.d(through)} — the period is still open.)"])
        return self.r.choice([f"Data is current through {self.d(through)}.", f"(Figures as of {self.d(through)}.)",
                              f"Source data refreshed {self.d(through)}."])


def table(a: A, cols, rows, align=None):
    """A Markdown table; a cell is text, (text, edit-kwargs) or a list of those."""
    a.t("| " + " | ".join(cols) + " |\n")
    a.t("|" + "|".join(align or ["---"] * len(cols)) + "|\n")
    for cells in rows:
        a.t("| ")
        for i, c in enumerate(cells):
            for part in (c if isinstance(c, list) else [c]):
                if isinstance(part, tuple):
                    a.x(part[0], **part[1])
                else:
                    a.t(part)
            a.t(" | " if i < len(cells) - 1 else " |")
        if cells is not rows[-1]:
            a.t("\n")


# =========================================================================== reading the style back (for vet)
_N = r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?"
_MONRX = "|".join(MONTHS + MON)
_SECREF = re.compile(r"(?:§ ?|\b[Ss]ection |\b[Cc]lause |\bsec\. )(\d+(?:\.\d+)*)")
_FQ = re.compile(r"\b(?:Q([1-4]) ?FY ?'?(\d{4}|\d{2})|FY ?'?(\d{4}|\d{2})[ -]?Q([1-4]))\b")
_FY = re.compile(r"\bFY ?'?(\d{4}|\d{2})\b")
_CQ = re.compile(r"\bQ([1-4])(?: (\d{4}))?\b")
_YW = re.compile(r"\b(\d{4})-W(\d{2})\b")
_WEEK = re.compile(r"\bW(\d{1,2})\b")
_ISODATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_YM = re.compile(r"\b(\d{4})-(\d{2})\b(?!-\d)")
_MONYEAR = re.compile(r"\b(" + _MONRX + r") (\d{4})\b")
_DMYY = re.compile(r"\b(\d{1,2}) (" + _MONRX + r") (\d{4})\b")
_MDYY = re.compile(r"\b(" + _MONRX + r") (\d{1,2}), (\d{4})\b")
_MDY = re.compile(r"\b(" + _MONRX + r") (\d{1,2})(?:, (\d{4}))?\b(?!,\d)")
_DMY = re.compile(r"\b(\d{1,2}) (" + _MONRX + r")(?: (\d{4}))?\b")
_MNAME = re.compile(r"\b(" + "|".join(MONTHS) + r")\b")
_MONEY = re.compile(r"([$€£])" + _N + r"(?:(K|k|M|bn|B)(?![\w]))?")
_BPS = re.compile(r"(?<![\w.,])" + _N + r" ?(?:bps|bp|basis points)(?![\w])")
_PTS = re.compile(r"(?<![\w.,])" + _N + r" ?(?:pts|pt|pp|ppts|percentage points?|points?)(?![\w])")
_PCT = re.compile(r"(?<![\w.,])" + _N + r" ?%")
_MULT = re.compile(r"(?<![\w.,])" + _N + r"[x×](?![\w])")
_DURMS = re.compile(r"(?<![\w.,])(\d+)m (\d{1,2})s(?![\w])")
_DURM = re.compile(r"(?<![\w.,])(\d+)m(?![\w])")
_DUR = re.compile(r"(?<![\w.,$€£])" + _N + r" ?(sec|secs|seconds|second|min|mins|minutes|minute|hours|hour|hrs|hr)(?![\w])")
_KM = re.compile(r"(?<![\w.,$€£])(\d+(?:\.\d+)?)(k|K|M|bn)(?![\w])")
_VERBAL = re.compile(r"\b(roughly|about|around|nearly|almost|just over|just under|more than|over) "
                     r"(double|twice|triple|three times|half|a third|a quarter)\b")
_PLAIN = re.compile(r"(?<![\w.,$€£§])" + _N + r"(?![\w%]|\.\d|,\d)")
_PARTNER = re.compile(r"(?<![\w.,$€£])((\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?)(?: ?[–-] ?| to | and )$")
_HEDGE = re.compile(r"(~|≈|about |roughly |around |approx\. |approximately |almost |nearly |just under |a shade under "
                    r"|just over |a little over |north of |over |under |more than |less than )\s?$")
VERBAL_V = {"double": 2.0, "twice": 2.0, "triple": 3.0, "three times": 3.0, "half": 0.5, "a third": 1 / 3,
            "a quarter": 0.25}
KMUL = {"K": 1e3, "k": 1e3, "M": 1e6, "bn": 1e9, "B": 1e9, None: 1}


def _fnum(whole, frac):
    return float(whole.replace(",", "") + ("." + frac if frac else ""))


def _tol(frac, mul=1.0):
    return 0.5 * 10 ** -(len(frac) if frac else 0) * mul


def _hedge(text, s):
    m = _HEDGE.search(text[max(0, s - 16):s])
    return m.group(1).strip() if m else None


def mask(text, spans):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            if t[i] != "\n":
                t[i] = "#"
    return "".join(t)


def read_quantities(text):
    """[(start, end, kind, value, tol, hedge, extra)] for amounts (extra = currency symbol), basis points, percentage
    points, percentages, multiples, durations, short counts, verbal multiples and plain numbers, in that order of
    precedence (a matched quantity is masked before the next kind is read). A bare number joined to a unit quantity by
    a range ('38–44%', '12 to 15k', 'between 40 and 45%') takes that quantity's kind and multiplier."""
    out = []
    orig = text

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

    take(_MONEY, "money", lambda m: (_fnum(m.group(2), m.group(3)) * KMUL[m.group(4)],
                                     _tol(m.group(3), KMUL[m.group(4)]), m.group(1)))
    take(_BPS, "bps", lambda m: (_fnum(m.group(1), m.group(2)), _tol(m.group(2)), None))
    take(_PTS, "pts", lambda m: (_fnum(m.group(1), m.group(2)), _tol(m.group(2)), None))
    take(_PCT, "pct", lambda m: (_fnum(m.group(1), m.group(2)), _tol(m.group(2)), None))
    take(_MULT, "mult", lambda m: (_fnum(m.group(1), m.group(2)), _tol(m.group(2)), None))
    take(_DURMS, "dur", lambda m: (int(m.group(1)) * 60 + int(m.group(2)), 0.5, None))
    take(_DURM, "dur", lambda m: (int(m.group(1)) * 60, 30.0, None))
    take(_DUR, "dur", lambda m: (_fnum(m.group(1), m.group(2)) * DUR_UNIT[m.group(3)],
                                 _tol(m.group(2), DUR_UNIT[m.group(3)]), None))
    take(_KM, "num", lambda m: (float(m.group(1)) * KMUL[m.group(2)], _tol(m.group(1).partition(".")[2], KMUL[m.group(2)]),
                                m.group(2)))
    spans = []
    for m in _VERBAL.finditer(text):
        out.append((m.start(), m.end(), "mult", VERBAL_V[m.group(2)], 0.0, m.group(1), "verbal"))
        spans.append((m.start(), m.end()))
    text = mask(text, spans)
    # range partners: '38–44%', '2.1–2.6x', 'between 40 and 45 pts'
    spans = []
    for q in list(out):
        s, e, kind, v, tol, hedge, extra = q
        if kind not in ("pct", "pts", "bps", "mult") or extra == "verbal":
            continue
        lo = max(0, s - 24)
        m = _PARTNER.search(text[lo:s])
        if not m:
            continue
        out.append((lo + m.start(1), lo + m.end(1), kind, _fnum(m.group(2), m.group(3)), _tol(m.group(3)),
                    _hedge(text, lo + m.start(1)), None))
        spans.append((lo + m.start(1), lo + m.end(1)))
    text = mask(text, spans)
    take(_PLAIN, "num", lambda m: (_fnum(m.group(1), m.group(2)), _tol(m.group(2)) if m.group(2) else 0.0, None))
    out.sort()
    return out


def read_periods(text):
    """[(start, end, kind, value)]: kind 'fq' ((fy2, q)), 'fy' (fy2), 'cq' ((q, year|None)), 'week' (n),
    'date' (date | (month, day, year|None)), 'month' ((year, month)), 'mname' (month)."""
    out = []
    spans = []

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

    def fy2(s):
        return int(s) % 100

    take(_FQ, lambda m: ("fq", (fy2(m.group(2)), int(m.group(1)))) if m.group(1) else ("fq", (fy2(m.group(3)), int(m.group(4)))))
    take(_FY, lambda m: ("fy", fy2(m.group(1))))
    take(_YW, lambda m: ("week", int(m.group(2))))
    take(_WEEK, lambda m: ("week", int(m.group(1))))
    take(_CQ, lambda m: ("cq", (int(m.group(1)), int(m.group(2)) if m.group(2) else None)))

    def isod(m):
        try:
            return ("date", dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
        except ValueError:
            return None

    take(_ISODATE, isod)
    take(_YM, lambda m: ("month", (int(m.group(1)), int(m.group(2)))) if 1 <= int(m.group(2)) <= 12 else None)
    take(_DMYY, lambda m: ("date", (_mi(m.group(2)), int(m.group(1)), int(m.group(3)))) if 1 <= int(m.group(1)) <= 31 else None)
    take(_MDYY, lambda m: ("date", (_mi(m.group(1)), int(m.group(2)), int(m.group(3)))) if 1 <= int(m.group(2)) <= 31 else None)
    take(_MONYEAR, lambda m: ("month", (int(m.group(2)), _mi(m.group(1)))))
    take(_MDY, lambda m: ("date", (_mi(m.group(1)), int(m.group(2)), int(m.group(3)) if m.group(3) else None))
         if 1 <= int(m.group(2)) <= 31 else None)
    take(_DMY, lambda m: ("date", (_mi(m.group(2)), int(m.group(1)), int(m.group(3)) if m.group(3) else None))
         if 1 <= int(m.group(1)) <= 31 else None)
    take(_MNAME, lambda m: ("mname", _mi(m.group(1))))
    out.sort()
    return out


def _mi(name):
    return (MONTHS.index(name) if name in MONTHS else MON.index(name)) + 1


def _fits(v, tol, hedge, allowed, verbal=False):
    for a in allowed:
        if abs(a - v) <= tol + 1e-9 * max(1.0, abs(a)):
            return True
        if hedge is None or v == 0:
            continue
        rel = (a - v) / abs(v)
        if hedge in ("~", "≈", "about", "roughly", "around", "approx.", "approximately") and abs(rel) <= (0.10 if verbal else 0.06):
            return True
        if hedge in ("almost", "nearly", "just under", "a shade under") and -0.03 - 1e-9 <= rel < 0:
            return True
        if hedge in ("just over", "a little over") and 0 < rel <= 0.03 + 1e-9:
            return True
        if hedge == "north of" and 0 < rel <= 0.10:
            return True
        if hedge in ("over", "more than") and 0 < rel <= 0.6:
            return True
        if hedge in ("under", "less than") and -0.6 <= rel < 0:
            return True
    return False


# =========================================================================== evidence
MONEY_KEY = re.compile(r"(^|_)(spend|revenue|sales|budget|amount|cost|costs|price|fee|fees|spent|balance|award|royalty|"
                       r"royalties|drawdown|drawn|remaining|usd|eur|gbp|payment|value|income|target)$")
KEY_KIND = [(re.compile(r"(_pct|_percent)$"), "pct", 1), (re.compile(r"_bps$"), "bps", 1),
            (re.compile(r"(_sec|_secs|_seconds)$"), "dur", 1), (re.compile(r"(_min|_mins|_minutes)$"), "dur", 60),
            (re.compile(r"(_hours|_hrs)$"), "dur", 3600)]
_IDLIKE = re.compile(r"^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9./:_@#-]+$")


class Evidence:
    def __init__(self, unit_keys=None):
        self.q = {"money": set(), "num": set(), "pct": set(), "pts": set(), "bps": set(), "mult": set(), "dur": set()}
        self.dates, self.months, self.weeks, self.fq, self.fy, self.cq = set(), set(), set(), set(), set(), set()
        self.texts, self.docs, self.as_of = [], [], set()
        self.unit_keys = unit_keys or {}

    def add_periods(self, s):
        for s0, e0, kind, v in read_periods(s):
            if kind == "fq":
                self.fq.add(v)
                self.fy.add(v[0])
            elif kind == "fy":
                self.fy.add(v)
            elif kind == "week":
                self.weeks.add(v)
            elif kind == "date" and isinstance(v, dt.date):
                self.dates.add(v)
                self.months.add((v.year, v.month))
                self.q["num"].add(float(v.year))
            elif kind == "month":
                self.months.add(v)
                self.q["num"].add(float(v[0]))
            elif kind == "cq" and v[1]:
                self.cq.add(v)

    def add_text(self, s, doc=False):
        self.texts.append(s)
        if doc:
            self.docs.append(s)
        self.add_periods(s)
        clean = re.sub(r"https?://\S+|\b[\w.-]+/[\w./-]+", " ", s)
        spans = [(a, b) for a, b, *_ in read_periods(clean)]
        clean = mask(clean, spans).replace("#", " ")
        toks = []
        for tok in clean.split():
            core = tok.strip(".,;:()'\"`[]")
            if _IDLIKE.match(core) and not re.fullmatch(r"[+−-]?[$€£]?[\d,]+(\.\d+)?(%|[A-Za-z]{1,7})?", core):
                continue
            toks.append(tok)
        joined = " ".join(toks)
        for s0, e0, kind, v, tol, hedge, extra in read_quantities(joined):
            self.q[kind].add(round(v, 6))
            if kind == "money":
                self.q["num"].add(round(v, 6))
        for m in re.finditer(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?", joined):
            self.q["num"].add(round(_fnum(m.group(1), m.group(2)), 6))

    def add_value(self, v, key=""):
        if isinstance(v, bool) or v is None:
            return
        if isinstance(v, (int, float)):
            x = abs(float(v))
            self.q["num"].add(round(x, 6))
            kind = self.unit_keys.get(key)
            if kind:
                self.q[kind[0]].add(round(x * kind[1], 6))
            elif MONEY_KEY.search(key):
                self.q["money"].add(round(x, 6))
            else:
                for rx, k, mul in KEY_KIND:
                    if rx.search(key):
                        self.q[k].add(round(x * mul, 6))
                        break
        elif isinstance(v, str):
            if key in ("as_of", "data_through"):
                self.as_of.add(D(v))
            self.add_periods(v)
            if _IDLIKE.match(v) and not re.search(r"\d{4}-\d{2}-\d{2}", v):
                self.texts.append(v)
                return
            self.add_text(v)
        elif isinstance(v, dict):
            for k, x in v.items():
                self.add_value(x, k)
        elif isinstance(v, list):
            for x in v:
                self.add_value(x, key)


def gather(scn, plan):
    """Evidence in the dev README's sense: user turns and successful tool results (history included)."""
    ev = Evidence(getattr(scn, "unit_keys", None))
    ev.add_text(plan.request)
    results = []
    for m in plan.history:
        if m["role"] == "user":
            ev.add_text(m["text"])
        elif m["role"] == "tool" and not m["call"].error:
            results.append(m["call"])
    for turn in plan.turns:
        for c in turn.calls:
            if not c.error:
                results.append(c)
    for c in results:
        if isinstance(c.result, str):
            ev.add_text(c.result, doc=True)
        else:
            ev.add_value(c.result)
            ev.texts.append(json.dumps(c.result))
    return ev


def called_tools(plan):
    names = set()
    for m in plan.history:
        if m["role"] == "tool":
            names.add(m["call"].tool)
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


def _flat(s):
    return re.sub(r"\s+", " ", s.lower().replace("`", "").replace('"', ""))


def _squash(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


def section_known(token, blob, docs):
    tok = re.escape(token.strip().rstrip(".)"))
    if not tok:
        return True
    line = (r"(?im)^[ \t]*(?:#+[ \t]*)?(?:§[ \t]*|section[ \t]+|clause[ \t]+)?\(?" + tok + r"(?:[.):]?[ \t]|[.):]?$)")
    ref = r"(?i)(?:§|section|sec\.|clause)[ \t]*" + tok + r"(?![\w]|\.\d)"
    if re.search(line, blob) or re.search(ref, blob):
        return True
    return any(re.search(r"(?<![\w.])" + tok + r"(?![\w]|\.\d)", d) for d in docs)


_QTOK = re.compile(r"^[~≈]?[+−-]?[$€£]?[\d,]+(?:\.\d+)?(?:k|K|M|bn|B|x|×|%|pp|pts|pt|bps|bp|s|m|h|min|sec)?$")
_DOMAIN = re.compile(r"^[a-z0-9_-]+(?:\.[a-z0-9_-]+)+\.?$", re.I)


def _idlike(tok):
    if not re.search(r"[A-Za-z0-9]", tok) or _QTOK.match(tok):
        return False
    if re.fullmatch(r"\d+(?:st|nd|rd|th)", tok):                                   # ordinals
        return False
    if re.fullmatch(r"\d+-(?:second|minute|hour|day|week|month|year|site|store|campaign|point)s?", tok):
        return False
    if re.fullmatch(r"[$€£]?[\d,.]+[KkM]?[–-][$€£]?[\d,.]+[KkM%]?", tok):           # a range written tight
        return False
    if re.search(r"\d", tok) and re.search(r"[A-Za-z]", tok):
        return True
    if "_" in tok or "@" in tok or re.search(r"\w/\w", tok) or tok.startswith("/"):
        return True
    return bool(_DOMAIN.match(tok) and re.search(r"[A-Za-z]", tok))


def _tokens(text):
    for m in re.finditer(r"[^\s|()\[\]{}<>,;\"'`*#]+", text):
        tok = m.group(0).rstrip(".:?!").lstrip("^~=")
        if tok.endswith("'s") or tok.endswith("’s"):
            tok = tok[:-2]
        yield m.start(), m.start() + len(tok), tok


# --------------------------------------------------------------------------- the working (interval arithmetic)
_OPS = {"÷": "/", "/": "/", "×": "*", "+": "+", "−": "-", "-": "-"}


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
    """Interval value of 'A op B [op C ...]' (left to right, × and ÷ before + and −) with A, B ... displayed
    quantities, plus the operand kinds; None when ``expr`` is not an expression of quantities."""
    qs = [q for q in read_quantities(expr)]
    if len(qs) < 2:
        return None
    pos = 0
    items = []
    for q in qs:
        between = expr[pos:q[0]].strip()
        if items:
            if between not in _OPS:
                return None
            items.append(_OPS[between])
        elif between not in ("", "~") and (re.search(r"[\d÷×/+−=]", between) or not expr[:q[0]].endswith(" ")):
            return None
        items.append(q)
        pos = q[1]
    if expr[pos:].strip():
        return None
    # a percentage multiplied by an amount or a count is a fraction: 6.0% × £3.26M
    kinds0 = [q[2] for q in qs]
    if "*" in items[1::2] and "pct" in kinds0 and any(k != "pct" for k in kinds0):
        items = [(q[0], q[1], q[2], q[3] / 100, q[4] / 100) + tuple(q[5:]) if not isinstance(q, str) and q[2] == "pct" else q
                 for q in items]

    def _interval(q):
        tol = max(q[4], 0.5) if q[2] == "num" and q[6] is None else q[4]   # a whole number may be a rounded one
        return (q[3] - tol, q[3] + tol)

    # × and ÷ first
    vals = [_interval(items[0])]
    ops = []
    for i in range(1, len(items), 2):
        op, q = items[i], items[i + 1]
        if op in ("*", "/"):
            vals[-1] = _ev(op, vals[-1], _interval(q))
        else:
            ops.append(op)
            vals.append(_interval(q))
    acc = vals[0]
    for op, v in zip(ops, vals[1:]):
        acc = _ev(op, acc, v)
    kinds = [q[2] for q in qs]
    return acc, kinds, [o for o in items[1::2]]


def check_working(text, where):
    """Every parenthetical working '(A ÷ B)' right after a figure, and every 'A op B = C', agrees with that figure."""
    found = 0
    for m in re.finditer(r"\(([^()\n]*?(?: ÷ | / | × | \+ | − | - )[^()\n]*?)\)", text):
        body = m.group(1)
        got = eval_expr(body)
        if got is None:
            continue
        acc, kinds, ops = got
        before = text[max(0, m.start() - 40):m.start()]
        before = before[before.rfind("\n") + 1:]
        before = mask(before, [(p[0], p[1]) for p in read_periods(before)])
        qs = [q for q in read_quantities(before) if q[1] >= len(before.rstrip(" *")) - 16]
        if not qs:
            raise AssertionError(f"{where}: working {m.group(0)!r} follows no figure")
        _agree(qs[-1], acc, kinds, ops, f"{before.strip()[-20:]} {m.group(0)}", where)
        found += 1
    for line in text.split("\n"):
        for m in re.finditer(r"([^=:\n(]*?) = ([^=\n]+?)(?=$|[;.,)]\s|[;)]$|\.$| \(| —)", line):
            lhs, rhs = m.group(1), m.group(2)
            got = eval_expr(lhs.strip().lstrip("*").strip())
            if got is None:
                continue
            acc, kinds, ops = got
            qs = read_quantities(rhs)
            if not qs:
                raise AssertionError(f"{where}: working {m.group(0)!r} has no result")
            _agree(qs[0], acc, kinds, ops, m.group(0), where)
            found += 1
    return found


def _agree(q, acc, kinds, ops, what, where):
    lo, hi = acc
    if q[2] == "pct" and ops == ["/"] and kinds[0] != "pct":
        lo, hi = lo * 100, hi * 100
    if q[2] == "bps" and ops == ["-"] and all(k in ("pct", "pts") for k in kinds):
        lo, hi = lo * 100, hi * 100
    lo, hi = min(abs(lo), abs(hi)) if lo * hi > 0 else 0.0, max(abs(lo), abs(hi))
    v, tol, hedge = q[3], q[4], q[5]
    if q[2] == "num" and tol == 0:
        tol = 0.5          # a plain whole number shown as the result of a working is rounded to the unit
    slack = 0.06 * v if hedge in ("~", "about", "roughly", "around") else 0.0
    if v + tol + slack < lo - 1e-9 or v - tol - slack > hi + 1e-9:
        raise AssertionError(f"{where}: working {what!r} gives {lo:.4g}–{hi:.4g}, not {v}")


# --------------------------------------------------------------------------- the clean-answer check
def check_clean(scn, plan, w: Brief):
    """Part (2) of ``vet``: the clean answer against the evidence (see module docstring)."""
    text = plan.answer.text
    where = f"{scn.name}/{getattr(plan, 'intent', '?')}"
    ev = gather(scn, plan)
    if w.as_of not in ev.as_of:
        raise AssertionError(f"{where}: the writer's as_of {w.as_of} is not an as_of / data_through of the evidence")
    tools = called_tools(plan)
    allowed_raw = "\n".join(ev.texts + [json.dumps(c.args) for t in plan.turns for c in t.calls if c.valid]
                            + [json.dumps(m["call"].args) for m in plan.history if m["role"] == "tool"]
                            + sorted(tools) + list(getattr(scn, "literal_ok", [])))
    allowed_l, allowed_sq = allowed_raw.lower(), _squash(allowed_raw)
    tool_names = {t.name for t in scn.tools}

    def known(tok):
        return tok.lower() in allowed_l or (len(_squash(tok)) >= 4 and _squash(tok) in allowed_sq)

    # renderings read back to their values
    for kind, t, v in w.rend:
        if kind in ("money", "num", "pct", "pts", "bps", "mult", "dur"):
            got = [q for q in read_quantities(t) if q[2] == kind]
            if not got or not any(_fits(abs(v), q[4], None, [q[3]]) or _fits(q[3], q[4], None, [abs(v)]) for q in got):
                raise AssertionError(f"{where}: rendering {t!r} does not read back as {v} ({got})")
        elif kind == "verbal":
            got = [q for q in read_quantities(t) if q[2] == "mult"]
            if not got or not _fits(got[0][3], 0.0, got[0][5], [v], verbal=True):
                raise AssertionError(f"{where}: verbal multiple {t!r} does not fit {v}")
        elif kind in ("fq", "fy", "week", "date", "month", "mname"):
            got = read_periods(t)
            ok = False
            for g in got:
                if kind == "date" and g[2] == "date":
                    ok = _date_ok(g[3], v, w.today)
                elif kind == "mname" and g[2] == "mname":
                    ok = g[3] == v[1]
                elif g[2] == kind:
                    ok = g[3] == v
            if not ok:
                raise AssertionError(f"{where}: period rendering {t!r} does not read back as {v} ({got})")
    # currency
    for m in re.finditer(r"[$€£]", text):
        if m.group(0) != w.sym:
            raise AssertionError(f"{where}: currency {m.group(0)!r} in an answer written in {w.cur}")
    spans = []
    # section references
    for m in _SECREF.finditer(text):
        if not any(section_known(m.group(1), d, [d]) for d in ev.docs):
            raise AssertionError(f"{where}: section {m.group(1)} is not in a document of the evidence")
        spans.append((m.start(), m.end()))
    masked = mask(text, spans)
    # periods and dates
    months = set(ev.months) | set(w.calc_months)
    dates = set(ev.dates) | set(w.calc_dates)
    for s, e, kind, v in read_periods(masked):
        frag = masked[s:e]
        if kind == "fq":
            ok = v in ev.fq or v in w.calc_fq
        elif kind == "fy":
            ok = v in ev.fy or v in {x[0] for x in w.calc_fq}
        elif kind == "week":
            ok = v in ev.weeks or v in w.calc_weeks
        elif kind == "cq":
            ok = any((mo - 1) // 3 + 1 == v[0] and (v[1] is None or y == v[1]) for y, mo in months)
        elif kind == "date":
            ok = any(_date_ok(v, x, w.today) for x in dates)
        elif kind == "month":
            ok = v in months
        else:
            ok = any(mo == v for _, mo in months)
        if not ok:
            raise AssertionError(f"{where}: {kind} {frag!r} is not an evidence or computed period")
        spans.append((s, e))
    masked = mask(text, spans)
    # identifiers, field names, codes
    for m in re.finditer(r"`([^`\n]+)`", masked):
        body = m.group(1).strip()
        if body in tool_names and body not in tools:
            raise AssertionError(f"{where}: tool `{body}` is named but was not called")
        if not known(body):
            raise AssertionError(f"{where}: backticked {body!r} is not in the evidence")
        spans.append((m.start(), m.end()))
    masked = mask(masked, spans)
    for lit in getattr(scn, "literal_ok", []):
        for m in re.finditer(re.escape(lit), masked):
            spans.append((m.start(), m.end()))
    masked = mask(masked, spans)
    for s0, e0, tok in _tokens(masked):
        if _idlike(tok):
            if tok in tool_names and tok not in tools:
                raise AssertionError(f"{where}: tool {tok} is named but was not called")
            if not known(tok):
                raise AssertionError(f"{where}: unexplained identifier {tok!r}")
            spans.append((s0, s0 + len(tok)))
    masked = mask(masked, spans)
    # quantities
    for s, e, kind, v, tol, hedge, extra in read_quantities(masked):
        allowed = set(ev.q[kind]) | {round(x, 6) for x in w.calc[kind]}
        if kind == "num":
            allowed |= {0.0, 1.0}
        if not _fits(v, tol, hedge, allowed, verbal=extra == "verbal"):
            raise AssertionError(f"{where}: {kind} {masked[s:e]!r} = {v} (hedge {hedge}) is not supported by the "
                                 f"evidence or a computed value")
    # the working
    check_working(text, where)
    return ev


def _date_ok(got, d, today):
    if isinstance(got, dt.date):
        return got == d
    mon, day, y = got
    if d.month != mon or d.day != day:
        return False
    return (y if y is not None else today.year) == d.year


def _readings(text):
    out = set()
    for q in read_quantities(text):
        out.add((q[2], round(q[3], 3)))
    for g in read_periods(text):
        out.add((g[2], str(g[3])))
    return out


def _trim(a: A):
    """No trailing whitespace at the end of the answer."""
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


def vet(scn, plan, w: Brief):
    """Evidence guard (see module docstring). Returns the plan."""
    _trim(plan.answer)
    ev = check_clean(scn, plan, w)
    blob, docs = evidence_text(scn, plan)
    flat, sq = _flat(blob), _squash(blob)
    months = set(ev.months) | set(w.calc_months)
    dates = set(ev.dates) | set(w.calc_dates)
    a = plan.answer
    keep = []
    for c in a.cands:
        rep, orig = c["replacement"], c["original"]
        core = rep.strip("'\"`* ")
        if not core or rep == orig:
            continue
        if c["type"] in ("entity", "fabricated_attribute") and (_flat(core) in flat or _squash(core) in sq):
            continue
        if c["type"] == "fabricated_id":
            if _squash(core) in sq or _squash(core) == _squash(orig):
                continue
        if c["type"] == "fabricated_section":
            m = _SECREF.search(core)
            if not m or section_known(m.group(1), blob, docs):
                continue
        if c["type"] in ("numeric", "temporal") or (c["type"] == "conflation" and c["category"] in
                                                    ("contradiction/numerical", "contradiction/temporal")):
            if _readings(orig) == _readings(rep):
                continue
        if c["type"] == "temporal":
            bad = False
            for s0, e0, kind, v in read_periods(rep):
                if kind == "date" and any(_date_ok(v, x, w.today) for x in dates):
                    bad = True
                if kind == "month" and v in months:
                    bad = True
                if kind == "week" and (v in ev.weeks or v in w.calc_weeks):
                    bad = True
                if kind == "fq" and (v in ev.fq or v in w.calc_fq):
                    bad = True
                if kind == "mname" and any(mo == v for _, mo in months):
                    bad = True
            if bad:
                continue
        keep.append(c)
    a.cands = keep
    for typ in list(a.inserts):
        ok = []
        for text, clause in a.inserts[typ]:
            if typ == "fabricated_citation":
                raw = w.refs.get(text)
                if not raw or raw in blob or _squash(raw) in sq:
                    continue
            elif text.rstrip(".").lower() in blob.lower():
                continue
            ok.append((text, clause))
        a.inserts[typ] = ok
    return plan
