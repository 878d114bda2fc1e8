"""Set m writer: a coding / DevOps assistant answering in a developer's terminal or chat (in the manner of current CLI
coding agents).

Answers narrate what was checked ("I queried `get_zone` for `acme.io` and ..."), put identifiers, versions, paths,
field names and commands in inline backticks, and use Markdown: "TL;DR:" lines, bullet lists, small tables, bold
labels, fenced code blocks (a command to run, a config snippet, values copied from a result), arrows (→) and "~"/"≈"
for approximate values, and the working of a computation inline ("3 × 1.5 GiB = 4.5 GiB"). Per answer, ``Term``
picks:

* byte sizes in IEC or SI units ("412.3 KiB", "1.2 GiB" / "422.2 kB", "1.3 GB");
* compact durations ("4m 07s" or "4m 7s", "1h 12m", "47s", "2d 4h", "312 ms", "90 s");
* dates as ISO ("2026-03-14"), "Mar 14" or "Sat, Mar 14" (the year only outside the current one); timestamps as
  "2026-03-14 09:15 UTC", "2026-03-14T09:15Z", "Mar 14, 09:15 UTC"; relative times always computed from the run's
  ``as_of`` ("3 days ago", "in 41 days", "41 days from now", "in ~6h", "~3h ago", "tomorrow");
* thousands separators or not ("23,637" / "23637"), large counts exact or short ("1.2M", "48.3k");
* the arrow ("→" / "->"), the approximation mark ("~" / "≈"), section references ("§3.2" / "section 3.2").

``vet`` is the evidence guard. It (1) drops edit candidates that could turn out to be supported (entity, identifier
and attribute replacements found in the run's evidence, system prompt or tool definitions; section replacements that a
document has; inserted sentences whose reference or text is in the evidence; numeric and temporal replacements that read
back to the original value; temporal replacements whose date or time is itself an evidence or computed one), and (2)
checks the clean answer against the evidence with an independent reader of this style: every byte size, duration,
amount, percentage, count and plain number is parsed back (units converted: IEC/SI bytes, ms/s/m/h/d/w) and must equal,
within the precision it is displayed at, a value of the evidence of the same kind (evidence numbers are typed by their
JSON key: ``*_bytes``, ``*_ms``, ``*_s``, ``*_minutes``, ``*_hours``, ``*_days``, ``*_pct``, ``*_usd``; document text
by its units) or a value the template declared as computed (``calc=True``); "~"/"≈"/"about" must be within 6 % of such a
value, "just under"/"almost" below it within 3 %, "just over" above it within 3 %; every date, weekday, timestamp and
clock time must be an evidence or computed one; every relative time must agree with the evidence's ``as_of`` and the date
it is paired with; every version, IP address, hash prefix, identifier, path, URL, field name and backticked token must
occur in the evidence (or be the name of a tool the run actually called, or a literal the scenario declares harmless);
every section reference must exist in a document of the evidence; and every rendering must read back to the value it
was rendered from. A clean answer that fails raises ``AssertionError`` (the set is not generated).
"""
from __future__ import annotations

import datetime as dt
import json
import re

from .common import A, R, mutate_id

UTC = dt.timezone.utc
MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
WDS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
IEC = [("TiB", 1024 ** 4), ("GiB", 1024 ** 3), ("MiB", 1024 ** 2), ("KiB", 1024)]
SI = [("TB", 10 ** 12), ("GB", 10 ** 9), ("MB", 10 ** 6), ("kB", 10 ** 3)]
SIZE_UNIT = {"B": 1, "KiB": 1024, "MiB": 1024 ** 2, "GiB": 1024 ** 3, "TiB": 1024 ** 4, "kB": 1e3, "KB": 1e3,
             "MB": 1e6, "GB": 1e9, "TB": 1e12}
DUR_UNIT = {"ms": 0.001, "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "m": 60, "min": 60, "mins": 60,
            "minute": 60, "minutes": 60, "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
            "d": 86400, "day": 86400, "days": 86400, "w": 604800, "wk": 604800, "week": 604800, "weeks": 604800}


# --------------------------------------------------------------------------- time helpers
def utc(d, hh=0, mm=0, ss=0):
    d = day_of(d)
    return dt.datetime(d.year, d.month, d.day, hh, mm, ss, tzinfo=UTC)


def zulu(x):
    """ISO-8601 UTC timestamp, e.g. 2026-03-14T09:15:00Z."""
    return x.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def moment(x):
    if isinstance(x, dt.datetime):
        return x if x.tzinfo else x.replace(tzinfo=UTC)
    return dt.datetime.fromisoformat(str(x).replace("Z", "+00:00")).astimezone(UTC)


def day_of(x):
    if isinstance(x, dt.datetime):
        return x.astimezone(UTC).date() if x.tzinfo else x.date()
    if isinstance(x, dt.date):
        return x
    s = str(x)
    if "T" in s:
        return moment(s).date()
    return dt.date.fromisoformat(s[:10])


def add_days(x, n):
    return x + dt.timedelta(days=n)


def sha40(r: R):
    """A commit hash that starts with a letter and has a digit in its 7-character prefix (so a short SHA never reads as
    a number or a duration such as '901756d')."""
    while True:
        h = r.hexid(20)
        if re.match(r"[a-f]", h) and re.search(r"\d", h[:7]):
            return h


# --------------------------------------------------------------------------- the writer
OPEN_NARR = ["I queried `{tool}` for {target}", "I ran `{tool}` against {target}", "I checked {target} with `{tool}`",
             "Pulled {target} via `{tool}`", "Looked up {target} with `{tool}`"]
CLOSE = ["Want me to dig into any of these?", "Happy to go further if you need more detail.",
         "Let me know if you want the raw JSON.", "Anything else you want me to check?",
         "Shout if you want me to look at something else."]


class Term:
    """One answer's formatting choices (see module docstring); records renderings and computed values for ``vet``."""

    def __init__(self, r: R, now):
        self.r = r
        self.now = moment(now)
        self.today = self.now.date()
        self.iec = r.random() < 0.65
        self.dstyle = r.choice(["iso", "iso", "mon", "wd"])
        self.zstyle = r.choice(["utc", "utc", "z"])
        self.pad = r.random() < 0.6
        self.thou = r.random() < 0.85
        self.shortbig = r.random() < 0.4
        self.arrow = r.choice(["→", "→", "->"])
        self.tilde = r.choice(["~", "~", "≈"])
        self.sstyle = r.choice(["§", "§", "section"])
        self.bold = r.random() < 0.55
        self.relstyle = r.choice(["paren", "paren", "lead", "from_now"])
        self.rend = []
        self.calc = {"size": [], "dur": [], "money": [], "pct": [], "num": []}
        self.calc_dates, self.calc_times, self.calc_moments = [], [], []
        self.refs = {}

    # ---------------------------------------------------------------- bookkeeping
    def _c(self, kind, v, calc):
        if calc:
            self.calc[kind].append(float(v))

    def _rec(self, kind, text, value):
        self.rend.append((kind, text, value))
        return text

    # ---------------------------------------------------------------- markup
    @staticmethod
    def c(s):
        """Inline code."""
        return f"`{s}`"

    def b(self, s):
        """Bold label (or plain)."""
        return f"**{s}**" if self.bold else s

    def tldr(self):
        return self.r.choice(["TL;DR:", "**TL;DR:**", "TL;DR —", "Short version:"])

    def head(self, s):
        return self.r.choice([f"**{s}**", f"### {s}", f"**{s}:**"])

    # ---------------------------------------------------------------- numbers
    def num(self, x, dec=0, calc=False, thou=None):
        self._c("num", x, calc)
        thou = self.thou if thou is None else thou
        x = round(float(x), dec)
        s = f"{abs(x):,.{dec}f}" if thou else f"{abs(x):.{dec}f}"
        return self._rec("num", ("-" if x < 0 else "") + s, x)

    def n(self, k, calc=False):
        return self.num(k, 0, calc)

    def hours(self, h, calc=False):
        """'156h' (a number of hours, recorded as a duration)."""
        self._c("dur", h * 3600, calc)
        v = round(float(h), 1)
        txt = (f"{v:,.0f}" if v.is_integer() else f"{v:,.1f}") + "h"
        return self._rec("dur", txt, h * 3600.0)

    def big(self, x, calc=False):
        """A large count: exact ('23,637') or short ('23.6k', '1.2M')."""
        self._c("num", x, calc)
        if self.shortbig and x >= 10000:
            if x >= 1e6:
                v = round(x / 1e6, 1)
                txt = f"{v:g}M" if v < 100 else f"{round(x / 1e6):.0f}M"
                return self._rec("num", txt, float(x))
            v = round(x / 1e3, 1)
            txt = f"{v:g}k" if v < 100 else f"{round(x / 1e3):.0f}k"
            return self._rec("num", txt, float(x))
        return self.num(x, 0)

    def pct(self, x, dec=1, calc=False, sign=False):
        self._c("pct", abs(x), calc)
        v = round(float(x), dec)
        s = f"{abs(v):.{dec}f}%"
        if sign:
            s = ("+" if v >= 0 else "−") + s
        return self._rec("pct", s, abs(v))

    def money(self, x, dec=2, calc=False):
        self._c("money", abs(x), calc)
        v = round(float(x), dec)
        s = f"${abs(v):,.{dec}f}"
        return self._rec("money", ("−" if v < 0 else "") + s, abs(v))

    def rate(self, x, per, dec=None):
        if dec is None:
            dec = max(2, len(f"{x:g}".partition(".")[2]))
        return self.money(x, dec) + "/" + per

    def size(self, b, calc=False, unit=None, dec=None):
        """'412.3 KiB' / '1.2 GiB' (IEC) or '422.2 kB' / '1.3 GB' (SI)."""
        self._c("size", b, calc)
        table = IEC if (self.iec if unit is None else unit in dict(IEC)) else SI
        name, mul = table[-1]
        if unit:
            name, mul = unit, SIZE_UNIT[unit]
        else:
            for nm, ml in table:
                if b >= ml:
                    name, mul = nm, ml
                    break
            if b < table[-1][1]:
                return self._rec("size", f"{int(b)} B", float(b))
        v = b / mul
        if dec is None:
            dec = 1 if v < 100 else 0
        txt = f"{v:,.{dec}f} {name}"
        return self._rec("size", txt, float(b))

    def dur(self, secs, calc=False, style=None):
        """'4m 07s' / '4m 7s' / '47s' / '1h 12m' / '2d 4h' / '90 s' / '312 ms' (style 'ms', 's', 'min', 'h')."""
        self._c("dur", secs, calc)
        s = float(secs)
        if style == "ms" or (style is None and s < 1):
            txt = f"{round(s * 1000):,} ms"
        elif style == "s":
            txt = f"{round(s):,} s" if s >= 10 or float(s).is_integer() else f"{s:.1f} s"
        elif style == "min":
            txt = f"{round(s / 60):,} min"
        elif style == "h":
            txt = f"{round(s / 3600):,}h"
        elif style == "d":
            txt = f"{round(s / 86400):,} days"
        elif s < 60:
            txt = f"{round(s)}s" if float(s).is_integer() or s >= 10 else f"{s:.1f}s"
        elif s < 3600:
            m, sec = divmod(int(round(s)), 60)
            txt = f"{m}m {sec:02d}s" if self.pad else f"{m}m {sec}s"
            if sec == 0:
                txt = f"{m}m"
        elif s < 86400 * 2:
            h, rest = divmod(int(round(s)), 3600)
            m = int(round(rest / 60))
            if m == 60:
                h, m = h + 1, 0
            txt = f"{h}h {m:02d}m" if (m and self.pad) else (f"{h}h {m}m" if m else f"{h}h")
        else:
            d, rest = divmod(int(round(s)), 86400)
            h = int(round(rest / 3600))
            if h == 24:
                d, h = d + 1, 0
            txt = f"{d}d {h}h" if h else f"{d}d"
        return self._rec("dur", txt, s)

    def approx(self, v, kind="num", step=None, calc=True, **kw):
        """'~1.2M', '≈4.5 GiB', '~6 min' — the approximation mark on a value rounded for display."""
        self._c(kind, v, calc)
        if kind == "num":
            if step:
                rv = round(v / step) * step
                txt = self.num(rv, 0 if float(step).is_integer() else len(f"{step:g}".partition(".")[2]))
            else:
                save = self.shortbig
                self.shortbig = True
                txt = self.big(v)
                self.shortbig = save
        elif kind == "size":
            txt = self.size(v, **kw)
        elif kind == "dur":
            txt = self.dur(v, **kw)
        elif kind == "pct":
            txt = self.pct(v, **kw)
        else:
            txt = self.money(v, **kw)
        return self.tilde + txt

    # ---------------------------------------------------------------- dates and times
    def d(self, x, calc=False, wk=None, style=None):
        dd = day_of(x)
        if calc:
            self.calc_dates.append(dd)
        s = style or self.dstyle
        if s == "iso":
            out = dd.isoformat()
        else:
            out = f"{MON[dd.month - 1]} {dd.day}"
            if dd.year != self.today.year:
                out += f", {dd.year}"
            if s == "wd" if wk is None else wk:
                out = f"{WDS[dd.weekday()]}, {out}"
        return self._rec("date", out, dd)

    def ts(self, x, calc=False, style=None):
        """'2026-03-14 09:15 UTC' / '2026-03-14T09:15Z' / 'Mar 14, 09:15 UTC'."""
        m = moment(x)
        if calc:
            self.calc_moments.append(m)
            self.calc_dates.append(m.date())
            self.calc_times.append((m.hour, m.minute))
        s = style or self.dstyle
        if s == "iso" and self.zstyle == "z":
            out = m.strftime("%Y-%m-%dT%H:%MZ")
        elif s == "iso":
            out = m.strftime("%Y-%m-%d %H:%M UTC")
        else:
            dpart = f"{MON[m.month - 1]} {m.day}" + (f", {m.year}" if m.year != self.today.year else "")
            if s == "wd":
                dpart = f"{WDS[m.weekday()]} {dpart}"
            out = f"{dpart}, {m.strftime('%H:%M')} UTC"
        return self._rec("ts", out, m)

    def t(self, x, calc=False):
        if isinstance(x, tuple):
            hh, mm = x
        else:
            m = moment(x)
            hh, mm = m.hour, m.minute
        if calc:
            self.calc_times.append((hh, mm))
        out = f"{hh:02d}:{mm:02d}" + ("Z" if self.zstyle == "z" else " UTC")
        return self._rec("time", out, (hh, mm))

    def relp(self, x):
        dd = day_of(x)
        n = (dd - self.today).days
        if n == 0:
            return "today"
        if n == 1:
            return "tomorrow"
        if n == -1:
            return "yesterday"
        if n > 0:
            return f"{n:,} days from now" if self.relstyle == "from_now" else f"in {n:,} days"
        return f"{-n:,} days ago"

    def rel(self, x, calc=False):
        dd = day_of(x)
        if calc:
            self.calc_dates.append(dd)
        out = self.relp(dd)
        return self._rec("rel", out, dd)

    def when(self, x, calc=False, ts=False, paren=False):
        """A date paired with its relative phrase: '2026-04-24 (in 41 days)' / 'in 41 days (2026-04-24)'."""
        date = self.ts(x, calc) if ts else self.d(x, calc)
        rel = self.rel(x)
        if self.relstyle == "lead" and not paren:
            return f"{rel} ({date})"
        return f"{date} ({rel})"

    def relh(self, x, calc=False):
        """'in ~6h' / '~3h ago' / 'in ~40 min' relative to as_of."""
        m = moment(x)
        if calc:
            self.calc_moments.append(m)
        secs = (m - self.now).total_seconds()
        a = abs(secs)
        if a < 3600:
            v = f"{self.tilde}{max(1, round(a / 60))} min"
        else:
            v = f"{self.tilde}{round(a / 3600)}h"
        out = f"in {v}" if secs >= 0 else f"{v} ago"
        return self._rec("relh", out, m)

    # ---------------------------------------------------------------- references
    def _sec_text(self, tok, cap=False):
        return f"§{tok}" if self.sstyle == "§" else f"{'S' if cap else 's'}ection {tok}"

    def sec(self, tok, cap=False):
        return self._sec_text(tok, cap)

    def fake_sec(self, tok, cap=False):
        return self._sec_text(tok, cap)

    def fake_id(self, raw, r: R, tick=True):
        v = mutate_id(raw, r)
        return f"`{v}`" if tick else v

    def cite(self, text, raw):
        self.refs[text] = raw
        return text

    # ---------------------------------------------------------------- structure
    def narrate(self, tool, target):
        return self.r.choice(OPEN_NARR).format(tool=tool, target=target)

    def closer(self, a: A, offers=(), p=0.6, sep="\n\n"):
        if self.r.random() < p:
            pool = list(offers) * 2 + CLOSE
            a.t(sep + self.r.choice(pool))


def row(a: A, cells):
    """A Markdown table row; a cell is text, (text, edit-kwargs) or a list of those."""
    a.t("| ")
    for i, c in enumerate(cells):
        for part in (c if isinstance(c, list) else [c]):
            if isinstance(part, tuple):
                a.x(part[0], **part[1])
            else:
                a.t(part)
        a.t(" | " if i < len(cells) - 1 else " |\n")


def table_head(a: A, cols):
    a.t("| " + " | ".join(cols) + " |\n" + "|" + "|".join("---" for _ in cols) + "|\n")


def plural(n, word, pl=None):
    return word if n == 1 else (pl or word + "s")


# =========================================================================== reading the style back (for vet)
_NUM = r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?"
_SIZE = re.compile(r"(?<![\w.,])" + _NUM + r"\s?(KiB|MiB|GiB|TiB|kB|KB|MB|GB|TB|B)(?![\w-])")
_MONEY = re.compile(r"[-−]?\$" + _NUM + r"(k|M)?(?![\w])")
_PCT = re.compile(r"(?<![\w.,])[+−-]?" + _NUM + r"\s?%")
_DURC = re.compile(r"(?<![\w.,$])" + _NUM + r"(?:\s|-)?(ms|seconds|second|secs|sec|s|minutes|minute|mins|min|m|hours|hour|hrs|hr|h"
                   r"|days|day|d|weeks|week|wk|w)(?![\w])")
_KM = re.compile(r"(?<![\w.,$])(\d+(?:\.\d+)?)(k|M)(?![\w])")
_PLAIN = re.compile(r"(?<![\w.,$§])" + _NUM + r"(?![\w%]|\.\d|,\d)")
_VER = re.compile(r"(?<![\w.])\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?(?![\w]|\.\d)")
_IP = re.compile(r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2})?(?![\w]|\.\d)")
_ISODT = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}| UTC)?)?")
_MONDATE = re.compile(r"\b(?:(" + "|".join(WDS) + r"),? )?(" + "|".join(MON) + r") (\d{1,2})(?:, (\d{4}))?(?:, (\d{2}):(\d{2}) UTC)?\b")
_TIME = re.compile(r"(?<![\d:])([01]\d|2[0-3]):([0-5]\d)(?::\d{2})?(?: ?UTC|Z)?(?![\d:])")
_SECREF = re.compile(r"(?:§ ?|\b[Ss]ection |\bclause |\bsec\. )(\d+(?:\.\d+)*)")
_RELD = re.compile(r"\b(?:in (?P<a>[\d,]+) days?|(?P<b>[\d,]+) days? ago|(?P<c>[\d,]+) days? from now|(?P<t>today|tomorrow|yesterday))\b")
_RELH = re.compile(r"\b(?:in (?P<h1>[~≈])?(?P<v1>\d+(?:\.\d+)?) ?(?P<u1>h|min)\b|(?P<h2>[~≈])?(?P<v2>\d+(?:\.\d+)?) ?(?P<u2>h|min) ago\b)")
_HEDGE = re.compile(r"(~|≈|about |roughly |around |approx\. |approximately |almost |nearly |just under |just over |a bit over "
                    r"|over |under |more than |less than |>|<|≥|≤)\s?$")


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
    """[(start, end, kind, value, tol, hedge)] for sizes, amounts, percentages, durations, short counts and plain
    numbers, in that order of precedence (a matched quantity is masked before the next kind is read)."""
    out = []

    def take(rx, kind, fn):
        nonlocal text
        spans = []
        for m in rx.finditer(text):
            got = fn(m)
            if got is None:
                continue
            v, tol = got
            out.append((m.start(), m.end(), kind, v, tol, _hedge(text, m.start())))
            spans.append((m.start(), m.end()))
        text = mask(text, spans)

    take(_SIZE, "size", lambda m: (_fnum(m.group(1), m.group(2)) * SIZE_UNIT[m.group(3)],
                                   _tol(m.group(2), SIZE_UNIT[m.group(3)])))
    take(_MONEY, "money", lambda m: (_fnum(m.group(1), m.group(2)) * {"k": 1e3, "M": 1e6, None: 1}[m.group(3)],
                                     _tol(m.group(2), {"k": 1e3, "M": 1e6, None: 1}[m.group(3)])))
    take(_PCT, "pct", lambda m: (_fnum(m.group(1), m.group(2)), _tol(m.group(2))))
    # durations: adjacent components in decreasing order merge ('1h 12m', '4m 07s', '2d 4h')
    comps = [(m.start(), m.end(), _fnum(m.group(1), m.group(2)), DUR_UNIT[m.group(3)], m.group(2))
             for m in _DURC.finditer(text)]
    groups, cur = [], []
    for c in comps:
        if cur and c[0] - cur[-1][1] <= 1 and text[cur[-1][1]:c[0]] in ("", " ") and c[3] < cur[-1][3]:
            cur.append(c)
        else:
            if cur:
                groups.append(cur)
            cur = [c]
    if cur:
        groups.append(cur)
    spans = []
    for g in groups:
        v = sum(c[2] * c[3] for c in g)
        tol = _tol(g[-1][4], g[-1][3])
        out.append((g[0][0], g[-1][1], "dur", v, tol, _hedge(text, g[0][0])))
        spans.append((g[0][0], g[-1][1]))
    text = mask(text, spans)
    take(_KM, "num", lambda m: (float(m.group(1)) * {"k": 1e3, "M": 1e6}[m.group(2)],
                                _tol(m.group(1).partition(".")[2], {"k": 1e3, "M": 1e6}[m.group(2)])))
    take(_PLAIN, "num", lambda m: (_fnum(m.group(1), m.group(2)), _tol(m.group(2)) if m.group(2) else 0.0))
    return out


def read_dates(text):
    """[(start, end, date, (h, m) | None, weekday | None, explicit_year)]."""
    out = []
    for m in _ISODT.finditer(text):
        try:
            d = dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            continue
        tm = (int(m.group(4)), int(m.group(5))) if m.group(4) else None
        out.append((m.start(), m.end(), d, tm, None, True))
    for m in _MONDATE.finditer(text):
        wd = WDS.index(m.group(1)) if m.group(1) else None
        y = int(m.group(4)) if m.group(4) else None
        tm = (int(m.group(5)), int(m.group(6))) if m.group(5) else None
        out.append((m.start(), m.end(), (MON.index(m.group(2)) + 1, int(m.group(3)), y), tm, wd, y is not None))
    out.sort()
    return out


def read_rel(text, now):
    """[(start, end, kind, value)]: kind 'd' (days from today) or 'h' (seconds from now, hedge)."""
    out = []
    for m in _RELD.finditer(text):
        g = m.groupdict()
        if g["t"]:
            n = {"today": 0, "tomorrow": 1, "yesterday": -1}[g["t"]]
        elif g["a"] or g["c"]:
            n = int((g["a"] or g["c"]).replace(",", ""))
        else:
            n = -int(g["b"].replace(",", ""))
        out.append((m.start(), m.end(), "d", n))
    for m in _RELH.finditer(text):
        g = m.groupdict()
        if g["v1"]:
            v, u, hedge, sign = float(g["v1"]), g["u1"], g["h1"], 1
        else:
            v, u, hedge, sign = float(g["v2"]), g["u2"], g["h2"], -1
        out.append((m.start(), m.end(), "h", (sign * v * (3600 if u == "h" else 60), hedge)))
    return out


def _fits(v, tol, hedge, allowed):
    for a in allowed:
        if abs(a - v) <= tol + 1e-9 * max(1.0, abs(a)):
            return True
        if hedge is None or v == 0:
            continue
        rel = (a - v) / abs(v)
        if hedge in ("~", "≈", "about", "roughly", "around", "approx.", "approximately") and abs(rel) <= 0.06:
            return True
        if hedge in ("almost", "nearly", "just under") and -0.03 - 1e-9 <= rel < 0:
            return True
        if hedge in ("just over", "a bit over") and 0 < rel <= 0.03 + 1e-9:
            return True
        if hedge in ("over", "more than", ">") and 0 < rel <= 0.6:
            return True
        if hedge in ("under", "less than", "<") and -0.6 <= rel < 0:
            return True
        if hedge in ("≥", "≤") and abs(a - v) <= tol:
            return True
    return False


# =========================================================================== evidence
KEY_KIND = [(re.compile(r"(^|_)bytes$"), "size", 1), (re.compile(r"_ms$"), "dur", 0.001),
            (re.compile(r"(_s|_sec|_secs|_seconds)$"), "dur", 1), (re.compile(r"(_min|_mins|_minutes)$"), "dur", 60),
            (re.compile(r"(_h|_hours|_hrs)$"), "dur", 3600), (re.compile(r"_days$"), "dur", 86400),
            (re.compile(r"(_pct|_percent)$"), "pct", 1), (re.compile(r"_usd$"), "money", 1)]
_IDLIKE = re.compile(r"^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9./:_@-]+$")


class Evidence:
    def __init__(self, unit_keys=None):
        self.q = {"size": set(), "dur": set(), "money": set(), "pct": set(), "num": set()}
        self.dates, self.times, self.moments, self.texts, self.docs, self.as_of = set(), set(), set(), [], [], set()
        self.unit_keys = unit_keys or {}

    def add_text(self, s, doc=False):
        self.texts.append(s)
        if doc:
            self.docs.append(s)
        for m in _ISODT.finditer(s):
            try:
                d = dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            except ValueError:
                continue
            if m.group(4):
                raw = m.group(0).replace(" UTC", "Z")
                try:
                    mo = moment(raw if "T" in raw else raw.replace(" ", "T"))
                except ValueError:
                    mo = None
                if mo is not None:
                    self.moments.add(mo)
                    self.dates.add(mo.date())
                    self.times.add((mo.hour, mo.minute))
            self.dates.add(d)
        for m in _TIME.finditer(_ISODT.sub(" ", s)):
            self.times.add((int(m.group(1)), int(m.group(2))))
        clean = _ISODT.sub(" ", re.sub(r"https?://\S+|\b[\w.-]+/[\w./-]+", " ", s))
        clean = _VER.sub(" ", _IP.sub(" ", clean))
        toks = []
        for tok in clean.split():
            core = tok.strip(".,;:()'\"`[]")
            if _IDLIKE.match(core) and not re.fullmatch(r"[+−-]?\$?[\d,]+(\.\d+)?(%|[A-Za-z]{1,7})?", core):
                continue
            toks.append(tok)
        joined = " ".join(toks)
        for s0, e0, kind, v, tol, hedge in read_quantities(joined):
            self.q[kind].add(round(v, 6))
        for m in re.finditer(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?", joined):
            self.q["num"].add(round(_fnum(m.group(1), m.group(2)), 6))

    def add_value(self, v, key=""):
        if isinstance(v, bool) or v is None:
            return
        if isinstance(v, (int, float)):
            x = float(v)
            self.q["num"].add(round(x, 6))
            kind = self.unit_keys.get(key)
            if kind:
                self.q[kind[0]].add(round(x * kind[1], 6))
            else:
                for rx, k, mul in KEY_KIND:
                    if rx.search(key):
                        self.q[k].add(round(x * mul, 6))
                        break
        elif isinstance(v, str):
            if key == "as_of":
                self.as_of.add(moment(v))
            if _IDLIKE.match(v) and not _ISODT.search(v):
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
    line = (r"(?im)^[ \t]*(?:#+[ \t]*)?(?:§[ \t]*|section[ \t]+|clause[ \t]+|rule[ \t]+|part[ \t]+)?\(?"
            + tok + r"(?:[.):]?[ \t]|[.):]?$)")
    ref = r"(?i)(?:§|section|sec\.|clause|rule|part|para(?:graph)?\.?)[ \t]*" + tok + r"(?![\w]|\.\d)"
    if re.search(line, blob) or re.search(ref, blob):
        return True
    return any(re.search(r"(?<![\w.])" + tok + r"(?![\w]|\.\d)", d) for d in docs)


_QTOK = re.compile(r"^[+−-]?[\d,]+(?:\.\d+)?(?:ms|s|m|h|d|w|k|M|x|×|%|B|KiB|MiB|GiB|TiB|kB|KB|MB|GB|TB)?$")
_DOMAIN = re.compile(r"^[a-z0-9_-]+(?:\.[a-z0-9_-]+)+\.?$", re.I)


def _idlike(tok):
    if not re.search(r"[A-Za-z0-9]", tok) or _QTOK.match(tok):
        return False
    if re.fullmatch(r"\d+-(?:second|minute|hour|day|week)", tok):      # '90-day', '24-hour'
        return False
    if re.fullmatch(r"\d+/\d+", tok):                                  # a fraction: 3/5
        return False
    if re.fullmatch(r"[~≈]?[+−-]?\$?[\d,.]+\s?[A-Za-z%]*/[A-Za-z-]+", tok):    # a rate: $0.36/month, 12/min
        return False
    if re.search(r"\d", tok) and re.search(r"[A-Za-z]", tok):
        return True
    if "_" in tok or "@" in tok or re.search(r"\w/\w", tok) or tok.startswith("/"):
        return True
    return bool(_DOMAIN.match(tok) and re.search(r"[A-Za-z]", tok))


def _tokens(text):
    for m in re.finditer(r"[^\s|()\[\]{}<>,;\"'`*#]+", text):
        tok = m.group(0).rstrip(".:?!").lstrip("^~=")
        if tok.endswith("'s"):
            tok = tok[:-2]
        yield m.start(), m.start() + len(tok), tok


def check_clean(scn, plan, w: Term):
    """Part (2) of ``vet``: the clean answer against the evidence (see module docstring)."""
    text = plan.answer.text
    where = f"{scn.name}/{getattr(plan, 'intent', '?')}"
    ev = gather(scn, plan)
    if w.now not in ev.as_of:
        raise AssertionError(f"{where}: the writer's now {w.now} is not an as_of of the evidence")
    tools = called_tools(plan)
    allowed_raw = "\n".join(ev.texts + [json.dumps(c.args) for t in plan.turns for c in t.calls if c.valid]
                            + [json.dumps(m["call"].args) for m in plan.history if m["role"] == "tool"]
                            + sorted(tools) + list(getattr(scn, "literal_ok", [])))
    allowed_l, allowed_sq = allowed_raw.lower(), _squash(allowed_raw)
    ev_sq = _squash("\n".join(ev.texts))
    tool_names = {t.name for t in scn.tools}

    def known(tok):
        return tok.lower() in allowed_l or (len(_squash(tok)) >= 4 and _squash(tok) in allowed_sq)

    # renderings read back to their values
    for kind, t, v in w.rend:
        if kind in ("size", "dur", "money", "pct", "num"):
            got = [q for q in read_quantities(t) if q[2] == kind or (kind == "num" and q[2] == "num")]
            if not got or not any(_fits(abs(v), q[4], None, [q[3]]) or _fits(q[3], q[4], None, [abs(v)]) for q in got):
                raise AssertionError(f"{where}: rendering {t!r} does not read back as {v} ({got})")
        elif kind in ("date", "ts"):
            got = read_dates(t)
            want = day_of(v)
            if not got or not any(_date_ok(g, want, w.today) for g in got):
                raise AssertionError(f"{where}: date rendering {t!r} does not read back as {v}")
        elif kind == "time":
            if not any((int(m.group(1)), int(m.group(2))) == v for m in _TIME.finditer(t)):
                raise AssertionError(f"{where}: time rendering {t!r} does not read back as {v}")
        elif kind == "rel":
            got = read_rel(t, w.now)
            if not got or got[0][3] != (v - w.today).days:
                raise AssertionError(f"{where}: relative date {t!r} does not read back as {v}")
    spans = []
    # section references
    for m in _SECREF.finditer(text):
        if not any(section_known(m.group(1), d, [d]) for d in ev.docs):
            raise AssertionError(f"{where}: section {m.group(1)} is not in a document of the evidence")
        spans.append((m.start(), m.end()))
    masked = mask(text, spans)
    # dates and timestamps
    allowed_dates = set(ev.dates) | set(w.calc_dates)
    allowed_times = set(ev.times) | set(w.calc_times)
    date_at = []
    for s, e, d, tm, wd, explicit in read_dates(masked):
        cands = [x for x in allowed_dates if _date_ok((s, e, d, tm, wd, explicit), x, w.today)]
        if not cands:
            raise AssertionError(f"{where}: date {masked[s:e]!r} is not an evidence or computed date")
        if tm is not None and tm not in allowed_times:
            raise AssertionError(f"{where}: time in {masked[s:e]!r} is not an evidence or computed time")
        date_at.append((s, e, cands))
        spans.append((s, e))
    masked = mask(text, spans)
    # relative times
    moments = set(ev.moments) | set(w.calc_moments)
    for s, e, kind, val in read_rel(masked, w.now):
        if kind == "d":
            line_s, line_e = masked.rfind("\n", 0, s) + 1, (masked.find("\n", e) + 1 or len(masked) + 1) - 1
            near = [x for x in date_at if line_s <= x[0] < line_e and min(abs(x[0] - e), abs(s - x[1])) <= 80]
            near.sort(key=lambda x: min(abs(x[0] - e), abs(s - x[1])))
            cands = near[0][2] if near else allowed_dates
            if not any((c - w.today).days == val for c in cands):
                raise AssertionError(f"{where}: relative date {masked[s:e]!r} disagrees with "
                                     f"{masked[near[0][0]:near[0][1]] if near else 'every evidence date'} (today {w.today})")
        else:
            secs, hedge = val
            ok = False
            for mo in moments:
                real = (mo - w.now).total_seconds()
                if (real >= 0) != (secs >= 0):
                    continue
                unit = 3600 if abs(secs) >= 3600 or abs(real) >= 3600 else 60
                if hedge and abs(abs(real) - abs(secs)) <= max(0.5 * unit, 0.1 * abs(real)):
                    ok = True
                if not hedge and abs(abs(real) - abs(secs)) < unit:
                    ok = True
            if not ok:
                raise AssertionError(f"{where}: relative time {masked[s:e]!r} matches no evidence or computed moment")
        spans.append((s, e))
    masked = mask(text, spans)
    for m in _TIME.finditer(masked):
        if (int(m.group(1)), int(m.group(2))) not in allowed_times:
            raise AssertionError(f"{where}: time {m.group(0)!r} is not an evidence or computed time")
        spans.append((m.start(), m.end()))
    masked = mask(text, spans)
    # versions, IP addresses, identifiers, paths, field names, backticked tokens
    for rx in (_IP, _VER):
        for m in rx.finditer(masked):
            if m.group(0) not in allowed_raw:
                raise AssertionError(f"{where}: {m.group(0)!r} is not in the evidence")
            spans.append((m.start(), m.end()))
        masked = mask(text, spans)
    for m in re.finditer(r"`([^`\n]+)`", masked):
        body = m.group(1).strip()
        if "#" in body and not body.replace("#", "").strip():
            continue
        if body in tool_names and body not in tools:
            raise AssertionError(f"{where}: tool `{body}` is named but was not called")
        if not known(body):
            for s0, e0, tok in _tokens(body):
                if _idlike(tok) and not known(tok):
                    raise AssertionError(f"{where}: backticked {tok!r} is not in the evidence")
    for s0, e0, tok in _tokens(masked):
        if _idlike(tok):
            if tok in tool_names and tok not in tools:
                raise AssertionError(f"{where}: tool {tok} is named but was not called")
            if re.fullmatch(r"[0-9a-f]{7,12}", tok) and tok not in ev_sq:
                raise AssertionError(f"{where}: hash prefix {tok!r} is not in the evidence")
            if not known(tok):
                raise AssertionError(f"{where}: unexplained identifier {tok!r}")
            spans.append((s0, s0 + len(tok)))
    masked = mask(masked, spans)
    for lit in getattr(scn, "literal_ok", []):
        for m in re.finditer(re.escape(lit), masked):
            spans.append((m.start(), m.end()))
    masked = mask(masked, spans)
    # quantities
    for s, e, kind, v, tol, hedge in read_quantities(masked):
        allowed = set(ev.q[kind]) | {round(x, 6) for x in w.calc[kind]}
        if kind == "num":
            allowed |= {0.0, 1.0}
        if not _fits(v, tol, hedge, allowed):
            raise AssertionError(f"{where}: {kind} {masked[s:e]!r} = {v} (hedge {hedge}) is not supported by the "
                                 f"evidence or a computed value")
    return ev


def _date_ok(g, d, today):
    s, e, got, tm, wd, explicit = g
    if isinstance(got, dt.date):
        return got == d
    mon, day, y = got
    if d.month != mon or d.day != day:
        return False
    if (y if y is not None else today.year) != d.year:
        return False
    return wd is None or d.weekday() == wd


def _readings(text):
    out = set()
    for q in read_quantities(text):
        out.add((q[2], round(q[3], 3)))
    for g in read_dates(text):
        out.add(("date", str(g[2]), g[3]))
    for m in _TIME.finditer(_ISODT.sub(" ", text)):
        out.add(("time", m.group(1), m.group(2)))
    for g in read_rel(text, None):
        out.add(("rel", g[2], str(g[3])))
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


def vet(scn, plan, w: Term):
    """Evidence guard (see module docstring). Returns the plan."""
    _trim(plan.answer)
    ev = check_clean(scn, plan, w)
    blob, docs = evidence_text(scn, plan)
    flat, sq = _flat(blob), _squash(blob)
    allowed_dates = set(ev.dates) | set(w.calc_dates)
    allowed_times = set(ev.times) | set(w.calc_times)
    a = plan.answer
    keep = []
    for c in a.cands:
        rep, orig = c["replacement"], c["original"]
        core = rep.strip("'\"` ")
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
            rd = [g for g in read_dates(rep)]
            if any(any(_date_ok(g, x, w.today) for x in allowed_dates) for g in rd):
                continue
            if not rd and any((int(m.group(1)), int(m.group(2))) in allowed_times for m in _TIME.finditer(rep)):
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
