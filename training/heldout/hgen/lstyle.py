"""Set l writer: a voice assistant whose answers are read aloud by text-to-speech (the phone line / smart-speaker
agent of a North American company).

No Markdown at all: short spoken sentences, read-backs ("Just to confirm, that's ..."), spoken ordinal lists ("First,
... Second, ... And finally, ..."), and numbers written the way a TTS script writes them. Per answer, ``Voice`` picks:

* money: ``$23.50`` / ``$40``, "twenty-three dollars and fifty cents", or mixed (amounts under a thousand in words,
  larger ones in digits); unit prices in arithmetic sometimes in the spoken shorthand ("one forty-nine each",
  "twelve fifty a week");
* other numbers: words ("four hundred forty-seven", "twelve hundred fifty", "one point five"), digits, or mixed
  (words up to twenty); "a dozen" for twelve items;
* dates: "March fourteenth", "the fourteenth of March", "March 14" or "March 14th", sometimes with the weekday
  ("Saturday, March fourteenth"), the year only outside the current one ("twenty twenty-seven" or "2027"); relative
  dates always paired with the date ("tomorrow, March fifteenth", "this coming Thursday, the nineteenth of March",
  "Tuesday of next week, April seventh", "in two weeks, on March twenty-eighth", "three days ago, on March
  eleventh");
* times: "3:30 PM", "3:30 p.m.", "three thirty p.m." / "three oh five p.m.", or "half past three in the afternoon" /
  "a quarter to four in the afternoon" / "noon";
* percentages: "seventy-two percent", "72%" or "72 percent"; decimals "zero point three four six four percent";
* identifiers: read out with the phonetic alphabet ("B as in Bravo, 4-7-1-9"), character by character ("B-4-7-1-9"),
  with digits as words ("B, four seven one nine"), or plainly ("B4719");
* clause references: "section four point two", "section 4.2" or "clause 4.2";
* rounding words that are true of the exact value: "about", "roughly", "around" (within 8 %), "just under",
  "nearly", "almost" (below, within 3 %), "a little over", "just over" (above, within 3 %).

``vet`` is the evidence guard. It (1) drops edit candidates that could turn out to be supported (as in set k: entity,
identifier and attribute replacements found in the evidence, identifiers also decoded from their spoken read-out and
compared without punctuation; clause replacements that a document has; inserted sentences whose reference is in the
evidence or that repeat evidence text; numeric and temporal replacements that read back to the original value), and
(2) checks the clean answer against the evidence with an independent reader of spoken forms: every number, amount,
percentage, duration, date, weekday, time, identifier read-out and clause reference in the clean answer is parsed back
from its words or digits and must equal a value of the evidence (user turns and tool results) or a value the template
declared as computed (``calc=True``); rounding words must be true of such a value; relative dates must agree with the
date they are paired with and the evidence's ``as_of`` day; and every rendering must read back to the value it was
rendered from. A clean answer that fails raises ``AssertionError`` (the set is not generated).
"""
from __future__ import annotations

import datetime as dt
import json
import re

from .common import A, R, mutate_id

WKL = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MOL = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
       "December"]
ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
ORD1 = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
        "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
        "nineteenth"]
ORDT = {20: "twentieth", 30: "thirtieth"}
NATO = {"A": "Alpha", "B": "Bravo", "C": "Charlie", "D": "Delta", "E": "Echo", "F": "Foxtrot", "G": "Golf",
        "H": "Hotel", "I": "India", "J": "Juliet", "K": "Kilo", "L": "Lima", "M": "Mike", "N": "November", "O": "Oscar",
        "P": "Papa", "Q": "Quebec", "R": "Romeo", "S": "Sierra", "T": "Tango", "U": "Uniform", "V": "Victor",
        "W": "Whiskey", "X": "X-ray", "Y": "Yankee", "Z": "Zulu"}


# --------------------------------------------------------------------------- time zones (US and Canada, 2025-2027)
ZONES = {"ET": -5, "CT": -6, "MT": -7, "PT": -8}


def _nth_sunday(year, month, n):
    d = dt.date(year, month, 1)
    d += dt.timedelta(days=(6 - d.weekday()) % 7)
    return d + dt.timedelta(days=7 * (n - 1))


def is_dst(day):
    return _nth_sunday(day.year, 3, 2) <= day < _nth_sunday(day.year, 11, 1)


def tzinfo(day, zone):
    return dt.timezone(dt.timedelta(hours=ZONES[zone] + (1 if is_dst(day_of(day)) else 0)))


def day_of(x):
    if isinstance(x, dt.datetime):
        return x.date()
    if isinstance(x, dt.date):
        return x
    return dt.date.fromisoformat(str(x)[:10])


def at(day, hh, mm, zone="ET"):
    d = day_of(day)
    return dt.datetime(d.year, d.month, d.day, hh, mm, tzinfo=tzinfo(d, zone))


def stamp(day, hh, mm, zone="ET"):
    """ISO-8601 local timestamp with the zone's offset on that day, e.g. 2026-03-14T09:15:00-04:00."""
    return at(day, hh, mm, zone).isoformat()


def moment(x):
    if isinstance(x, dt.datetime):
        return x
    return dt.datetime.fromisoformat(str(x).replace("Z", "+00:00"))


def add_months(d, n):
    y, m = divmod(d.month - 1 + n, 12)
    y += d.year
    m += 1
    last = (dt.date(y + (m == 12), m % 12 + 1, 1) - dt.timedelta(days=1)).day
    return dt.date(y, m, min(d.day, last))


# --------------------------------------------------------------------------- numbers in words
def words(n, hund=False, and_=False):
    """Cardinal in words, North American style: 447 -> 'four hundred forty-seven'; hund: 1250 -> 'twelve hundred fifty'."""
    n = int(n)
    if n < 0:
        return "minus " + words(-n, hund, and_)
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("-" + ONES[n % 10] if n % 10 else "")
    if n < 1000:
        rest = n % 100
        return ONES[n // 100] + " hundred" + ((" and " if and_ else " ") + words(rest) if rest else "")
    if hund and 1100 <= n < 10000 and n % 1000 >= 100:
        rest = n % 100
        return words(n // 100) + " hundred" + ((" and " if and_ else " ") + words(rest) if rest else "")
    if n < 1_000_000:
        rest = n % 1000
        return words(n // 1000, hund, and_) + " thousand" + ((" and " if and_ and rest < 100 else " ")
                                                               + words(rest, hund, and_) if rest else "")
    rest = n % 1_000_000
    return words(n // 1_000_000) + " million" + (" " + words(rest, hund, and_) if rest else "")


def ordw(n):
    """Ordinal in words, 1..31."""
    if n < 20:
        return ORD1[n]
    if n % 10 == 0:
        return ORDT[n]
    return TENS[n // 10] + "-" + ORD1[n % 10]


def ordd(n):
    suf = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def dec_words(x, dec):
    """1.5 -> 'one point five'; 0.3464 -> 'zero point three four six four' (trailing zeros dropped)."""
    s = f"{abs(x):.{dec}f}".rstrip("0").rstrip(".")
    whole, _, frac = s.partition(".")
    out = words(int(whole))
    if frac:
        out += " point " + " ".join(ONES[int(c)] for c in frac)
    return ("minus " if x < 0 else "") + out


def year_words(y):
    return f"twenty {words(y % 100)}" if y % 100 >= 10 else f"two thousand {words(y % 100)}"


def digits(x, dec=None):
    if dec is None:
        dec = 0 if float(x).is_integer() else len(f"{x:g}".partition(".")[2])
    return f"{x:,.{dec}f}"


def ceil_div(a, b):
    return -(-a // b)


# --------------------------------------------------------------------------- the writer
OPEN = ["Sure.", "Okay.", "Alright.", "Got it.", "Sure thing.", "Okay, I've got that pulled up.",
        "Alright, here's what I found.", "Thanks for waiting.", "Thanks for holding.", "Okay, I found it."]
WELCOME = ["Thanks for calling {brand}.", "Thanks for calling {brand}, this is {agent}.", "Hi, this is {agent} at {brand}."]
FOLLOW = ["Okay, following up on that.", "Sure, picking up where we left off.", "Alright, I've checked on that for you.",
          "Okay, on that same account.", "Got it, continuing from before."]
CLOSE = ["Is there anything else I can help you with?", "Would you like me to repeat any of that?",
         "You can say repeat to hear that again.", "Anything else I can help with today?",
         "Is there anything else you need?", "Let me know if you'd like me to go over any of that again."]
HEDGE_BELOW = ["just under", "a little under", "nearly", "almost"]
HEDGE_ABOVE = ["a little over", "just over", "a bit over"]
HEDGE_NEAR = ["about", "roughly", "around", "approximately"]


class Voice:
    """One answer's speaking choices (see module docstring); also records what it rendered for ``vet``."""

    def __init__(self, r: R, today, brand="", agent="", who=None, unit_sys="US"):
        self.r = r
        self.today = day_of(today)
        self.brand, self.agent, self.who = brand, agent, who
        self.unit_sys = unit_sys
        self.mstyle = r.choice(["digits", "words", "words", "mixed"])
        self.nstyle = r.choice(["words", "words", "digits", "mixed"])
        self.dstyle = r.choice(["md_ord", "md_ord", "the_of", "md_dig", "md_th"])
        self.wk = r.random() < 0.4
        self.ystyle = r.choice(["words", "digits"])
        self.tstyle = r.choice(["AM", "a.m.", "spoken", "spoken", "clock"])
        self.pstyle = r.choice(["words", "words", "digits", "digits_word"])
        self.istyle = r.choice(["nato", "nato", "chars", "words", "plain"])
        self.sstyle = r.choice(["section_words", "section_words", "section", "clause"])
        self.hund = r.random() < 0.45
        self.and_ = r.random() < 0.12
        self.short = r.random() < 0.5       # spoken price shorthand for unit prices
        self.dozen = r.random() < 0.6
        self.k = 0
        # records for vet
        self.rend = []                      # (kind, text, value)
        self.calc_nums = []
        self.calc_dates = []
        self.calc_times = []
        self.ids = []                       # (text, raw)
        self.secs = []                      # (text, token)
        self.refs = {}                      # inserted sentence -> raw fabricated reference

    # ---------------------------------------------------------------- bookkeeping
    def _calc(self, v, calc):
        if calc:
            self.calc_nums.append(float(v))

    def _rec(self, kind, text, value):
        self.rend.append((kind, text, value))
        return text

    # ---------------------------------------------------------------- numbers
    def _spell(self, x):
        if self.nstyle == "words":
            return True
        if self.nstyle == "digits":
            return False
        return abs(x) <= 20

    def num(self, x, dec=None, calc=False):
        """A plain number: 'four hundred forty-seven' / '447' / 'one point five' / '1.5'."""
        self._calc(x, calc)
        if dec is None:
            dec = 0 if float(x).is_integer() else len(f"{x:g}".partition(".")[2])
        x = round(x, dec)
        if self._spell(x):
            txt = words(int(x), self.hund, self.and_) if dec == 0 or float(x).is_integer() else dec_words(x, dec)
        else:
            txt = digits(x, dec) if not float(x).is_integer() else digits(x, 0)
        return self._rec("num", txt, float(x))

    def n(self, k, calc=False):
        return self.num(k, 0, calc)

    def cnt(self, k, noun, pl=None, calc=False):
        """'three nights' / '3 nights' / 'one night' / 'a dozen eggs'."""
        self._calc(k, calc)
        if k == 12 and self.dozen and noun in ("egg", "item", "bag", "stem", "box", "pint"):
            return self._rec("num", f"a dozen {pl or noun + 's'}", 12.0)
        word = noun if k == 1 else (pl or noun + "s")
        return self.num(k, 0) + " " + word

    def money(self, x, calc=False, short=False):
        """'$23.50' / 'twenty-three dollars and fifty cents' / 'one forty-nine' (short unit prices)."""
        self._calc(x, calc)
        x = round(x, 2)
        dollars = int(abs(x) + 1e-9)
        cents = int(round((abs(x) - dollars) * 100))
        spell = self.mstyle == "words" or (self.mstyle == "mixed" and abs(x) < 1000)
        if spell and short and self.short and cents == 0 and 100 <= dollars <= 999 and dollars % 100 >= 10:
            txt = f"{ONES[dollars // 100]} {words(dollars % 100)}"
        elif spell and short and self.short and 0 < cents and 10 <= dollars <= 99 and cents >= 10:
            txt = f"{words(dollars)} {words(cents)}"
        elif spell:
            if dollars == 0 and cents:
                txt = f"{words(cents)} cent{'s' if cents != 1 else ''}"
            else:
                txt = f"{words(dollars, self.hund, self.and_)} dollar{'s' if dollars != 1 else ''}"
                if cents:
                    txt += f" and {words(cents)} cent{'s' if cents != 1 else ''}"
        else:
            txt = f"${dollars:,}" + (f".{cents:02d}" if cents else "")
        if x < 0:
            txt = "minus " + txt
        return self._rec("money", txt, x)

    def pct(self, v, dec=None, calc=False):
        """'seventy-two percent' / '72%' / '72 percent' / 'two point five percent'."""
        self._calc(v, calc)
        if dec is None:
            dec = 0 if float(v).is_integer() else len(f"{v:g}".partition(".")[2])
        v = round(v, dec)
        if self.pstyle == "words":
            txt = (words(int(v)) if float(v).is_integer() else dec_words(v, dec)) + " percent"
        elif self.pstyle == "digits":
            txt = digits(v, dec if not float(v).is_integer() else 0) + "%"
        else:
            txt = digits(v, dec if not float(v).is_integer() else 0) + " percent"
        return self._rec("pct", txt, float(v))

    def about(self, v, step, fmt=None, calc=True):
        """A rounded figure with a rounding word true of ``v`` ('just under four hundred', 'about 2.5')."""
        self._calc(v, calc)
        fmt = fmt or (lambda x: self.num(x))
        rv = round(round(v / step) * step, 6)
        if abs(rv - v) < 1e-9:
            return fmt(rv)
        rel = abs(v - rv) / abs(rv) if rv else 1.0
        if rel > 0.08:
            raise AssertionError(f"about({v}, {step}): rounding too coarse")
        if rel <= 0.03 and v < rv:
            hw = self.r.choice(HEDGE_BELOW + HEDGE_NEAR[:1])
        elif rel <= 0.03 and v > rv:
            hw = self.r.choice(HEDGE_ABOVE + HEDGE_NEAR[:1])
        else:
            hw = self.r.choice(HEDGE_NEAR)
        return f"{hw} {fmt(rv)}"

    def ratio(self, k, n):
        """'nine out of ten' / '9 out of 10'."""
        self._calc(k, True)
        self._calc(n, True)
        return f"{self.num(k)} out of {self.num(n)}"

    def dist(self, x, unit, dec=None, calc=False):
        """'one point five miles' / '1.5 km' spelled out ('kilometers')."""
        txt = self.num(x, dec, calc)
        name = {"mi": "mile", "km": "kilometer", "m": "meter", "ft": "foot", "lb": "pound", "kg": "kilogram"}[unit]
        if self.unit_sys == "CA":
            name = name.replace("meter", "metre")
        if x != 1:
            name = "feet" if unit == "ft" else name + "s"
        return f"{txt} {name}"

    def dur(self, minutes, calc=True):
        """'two and a half hours' / 'an hour and a half' / 'ninety minutes' / '2 hours 15 minutes'."""
        m = int(round(minutes))
        if calc:
            self.calc_nums += [float(m), m / 60]
        h, mm = divmod(m, 60)
        sp = self.nstyle != "digits"
        r = self.r
        if h == 0:
            txt = "half an hour" if mm == 30 and sp and r.random() < 0.5 else f"{words(mm) if sp else mm} minutes"
        elif mm == 0:
            txt = ("an hour" if sp else "1 hour") if h == 1 else f"{words(h) if sp else h} hours"
        elif mm == 30 and sp:
            txt = "an hour and a half" if h == 1 else f"{words(h)} and a half hours"
        elif h == 1 and mm in (15, 30, 45) and not sp:
            txt = f"{m} minutes"
        else:
            hs = ("an hour" if h == 1 else f"{words(h)} hours") if sp else f"{h} hour{'s' if h != 1 else ''}"
            ms = f"{words(mm)} minute{'s' if mm != 1 else ''}" if sp else f"{mm} minute{'s' if mm != 1 else ''}"
            txt = f"{hs} and {ms}" if sp else f"{hs} {ms}"
        return self._rec("dur", txt, float(m))

    # ---------------------------------------------------------------- dates
    def d(self, x, wk=None, calc=False, style=None):
        """'March fourteenth' / 'the fourteenth of March' / 'March 14' / 'March 14th' (+ weekday, + year)."""
        dd = day_of(x)
        if calc:
            self.calc_dates.append(dd)
        s = style or self.dstyle
        mon = MOL[dd.month - 1]
        if s == "md_ord":
            out = f"{mon} {ordw(dd.day)}"
        elif s == "the_of":
            out = f"the {ordw(dd.day)} of {mon}"
        elif s == "md_dig":
            out = f"{mon} {dd.day}"
        else:
            out = f"{mon} {ordd(dd.day)}"
        if dd.year != self.today.year:
            out += ", " + (year_words(dd.year) if self.ystyle == "words" else str(dd.year))
        if wk if wk is not None else self.wk:
            out = f"{WKL[dd.weekday()]}, {out}" if s != "the_of" else f"{WKL[dd.weekday()]} {out}"
        return self._rec("date", out, dd)

    def relp(self, x):
        """The relative phrase for a date, or None where a speaker would just say the date."""
        dd = day_of(x)
        n = (dd - self.today).days
        wd = WKL[dd.weekday()]
        if n == 0:
            return "today"
        if n == 1:
            return "tomorrow"
        if n == 2:
            return "the day after tomorrow"
        if n == -1:
            return "yesterday"
        if 3 <= n <= 6 and dd.weekday() > self.today.weekday():
            return f"this coming {wd}"
        monday = self.today - dt.timedelta(days=self.today.weekday())
        if 0 <= (dd - monday).days - 7 < 7 and n >= 3:
            return f"{wd} of next week"
        if n == 7:
            return "a week from today"
        if n == 14:
            return "two weeks from today" if self.r.random() < 0.5 else "in two weeks"
        if 3 <= n <= 40:
            return f"in {self.num(n)} days"
        if -6 <= n <= -2 and dd.weekday() < self.today.weekday():
            return f"this past {wd}"
        if -40 <= n <= -2:
            return f"{self.num(-n)} days ago"
        return None

    def rel(self, x, calc=False, lead=True):
        """A relative date always paired with the date: 'tomorrow, March fifteenth'."""
        dd = day_of(x)
        p = self.relp(dd)
        if calc:
            self.calc_dates.append(dd)
        if p is None:
            return "on " + self.d(dd) if lead else self.d(dd)
        n = (dd - self.today).days
        if p.startswith("this coming") or p.endswith("next week") or p.startswith("this past"):
            date = self.d(dd, wk=False)
            if self.dstyle in ("md_ord", "md_th") and self.r.random() < 0.4 and abs(n) <= 9 and not p.endswith("week"):
                date = f"the {ordw(dd.day)}"
                self._rec("date", f"{WKL[dd.weekday()]}, {date}", dd)
            return f"{p}, {date}"
        if p.startswith("in ") or p.endswith("ago"):
            return f"{p}, on {self.d(dd, wk=False)}"
        return f"{p}, {self.d(dd, wk=False)}"

    # ---------------------------------------------------------------- times
    def t(self, x, calc=False):
        """'3:30 PM' / '3:30 p.m.' / 'three thirty p.m.' / 'half past three in the afternoon' / 'noon'."""
        if isinstance(x, tuple):
            hh, mm = x
        else:
            m_ = moment(x)
            hh, mm = m_.hour, m_.minute
        if calc:
            self.calc_times.append((hh, mm))
        s = self.tstyle
        h12 = hh % 12 or 12
        ap = "AM" if hh < 12 else "PM"
        if hh == 12 and mm == 0 and s in ("spoken", "clock"):
            txt = "noon"
        elif s == "AM":
            txt = f"{h12}:{mm:02d} {ap}"
        elif s == "a.m.":
            txt = f"{h12}:{mm:02d} {ap[0].lower()}.m." if mm else f"{h12} {ap[0].lower()}.m."
        elif s == "spoken" or mm not in (0, 15, 30, 45) or not 6 <= hh < 21:
            if mm == 0:
                mins = ""
            elif mm < 10:
                mins = " oh " + ONES[mm]
            else:
                mins = " " + words(mm)
            txt = f"{words(h12)}{mins} {ap[0].lower()}.m."
        else:
            def period(h):
                return "in the morning" if h < 12 else "in the afternoon" if h < 17 else "in the evening" if h < 21 else "at night"
            if mm == 0:
                txt = f"{words(h12)} o'clock {period(hh)}"
            elif mm == 15:
                txt = f"a quarter past {words(h12)} {period(hh)}"
            elif mm == 30:
                txt = f"half past {words(h12)} {period(hh)}"
            elif hh == 11:
                txt = "a quarter to noon"
            else:
                nh = hh + 1
                txt = f"a quarter to {words(nh % 12 or 12)} {period(nh)}"
        return self._rec("time", txt, (hh, mm))

    def trange(self, a, b, calc=False):
        return f"from {self.t(a, calc)} to {self.t(b, calc)}"

    # ---------------------------------------------------------------- identifiers and clauses
    def _id_text(self, raw):
        s = self.istyle
        if s == "plain":
            return raw
        groups = [g for g in re.split(r"[-/ ]", raw) if g]
        outg = []
        for g in groups:
            runs = re.findall(r"[A-Za-z]+|\d+", g)
            parts = []
            for run in runs:
                if run.isdigit():
                    if s == "words":
                        parts.append(" ".join(ONES[int(c)] for c in run))
                    elif s == "chars":
                        parts.append(" ".join(run))
                    else:
                        parts.append("-".join(run))
                else:
                    for c in run.upper():
                        parts.append(f"{c} as in {NATO[c]}" if s == "nato" else c)
            outg.append(", ".join(parts))
        return ", dash, ".join(outg)

    def id(self, raw):
        """An identifier read out (recorded; must be in the evidence)."""
        txt = self._id_text(raw)
        self.ids.append((txt, raw))
        return txt

    def fake_id(self, raw, r: R):
        """The read-out of an identifier of the same shape with a few characters changed (an edit candidate)."""
        return self._id_text(mutate_id(raw, r))

    def _sec_text(self, tok):
        if self.sstyle == "section_words":
            a, _, b = tok.partition(".")
            return "section " + words(int(a)) + (" point " + " ".join(ONES[int(c)] for c in b) if b else "")
        if self.sstyle == "section":
            return f"section {tok}"
        return f"clause {tok}"

    def sec(self, tok):
        txt = self._sec_text(tok)
        self.secs.append((txt, tok))
        return txt

    def fake_sec(self, tok):
        return self._sec_text(tok)

    # ---------------------------------------------------------------- spoken structure
    def start(self):
        self.k = 0

    def item(self, last=False):
        """'First, ' / 'Second, ' / 'And finally, '."""
        self.k += 1
        if last and self.k > 2:
            return "And finally, "
        if last and self.k == 2:
            return self.r.choice(["And second, ", "Second, "])
        return ["First, ", "Second, ", "Third, ", "Fourth, ", "Fifth, "][self.k - 1]

    def opener(self, a: A, followup=False, p=0.75):
        if followup and self.r.random() < 0.75:
            a.t(self.r.choice(FOLLOW) + " ")
            return
        if self.r.random() < p:
            if self.r.random() < 0.3:
                a.t(self.r.choice(WELCOME).format(brand=self.brand, agent=self.agent) + " ")
            else:
                s = self.r.choice(OPEN)
                if self.who and self.r.random() < 0.4 and "," not in s:
                    s = s[:-1] + f", {self.who}" + s[-1]
                a.t(s + " ")

    def closer(self, a: A, offers=(), p=0.7):
        if self.r.random() < p:
            pool = list(offers) * 2 + CLOSE
            a.t(" " + self.r.choice(pool))

    def para(self, a: A):
        """A paragraph break (a pause in the script) about half the time, otherwise a space."""
        last = a.parts[-1] if a.parts else ""
        if self.r.random() < 0.45:
            a.t("\n\n") if not last.endswith("\n") else None
        elif not last.endswith((" ", "\n")):
            a.t(" ")

    def cite(self, text, raw):
        self.refs[text] = raw
        return text


def cap(s):
    return s[:1].upper() + s[1:]


# =========================================================================== reading spoken text back (for vet)
_U = {w: i for i, w in enumerate(ONES)}
_T = {w: 10 * i for i, w in enumerate(TENS) if w}
_NW = sorted(list(_U) + list(_T), key=len, reverse=True)
_NWR = "|".join(_NW)
_DIG = "zero|one|two|three|four|five|six|seven|eight|nine"
_NUMSEQ = re.compile(
    r"\b(?:a\s+(?=hundred|thousand))?(?:" + _NWR + r"|hundred|thousand|million)"
    r"(?:(?:[ -]+|(?:(?<=hundred)|(?<=thousand)) and )(?:" + _NWR + r"|hundred|thousand|million))*"
    r"(?: point(?: (?:" + _DIG + r"))+)?(?: and a half)?\b", re.I)
_DIGNUM = re.compile(r"(?<![\w.$])\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.$])\$?\d+(?:\.\d+)?(?![\w])")
_ORDW = {}
for _i in range(1, 32):
    _ORDW[ordw(_i)] = _i
_ORDR = "|".join(sorted(_ORDW, key=len, reverse=True))
_MON = "|".join(MOL)
_WD = "|".join(WKL)
_DAY = r"(?:" + _ORDR + r"|\d{1,2}(?:st|nd|rd|th)?)"
_YEAR = r"(?:\d{4}|twenty (?:" + _NWR + r")(?:-(?:" + _DIG + r"))?|two thousand (?:" + _NWR + r"))"
_DATE = re.compile(
    r"(?:\b(?P<wd1>" + _WD + r"),? )?\b(?P<mon1>" + _MON + r") (?P<day1>" + _DAY + r")\b(?:,? (?P<y1>" + _YEAR + r"))?"
    r"|(?:\b(?P<wd2>" + _WD + r"),? )?\bthe (?P<day2>" + _DAY + r") of (?P<mon2>" + _MON + r")\b(?:,? (?P<y2>" + _YEAR + r"))?"
    r"|\b(?P<wd3>" + _WD + r"),? the (?P<day3>" + _DAY + r")\b")
_PERIOD = r"(?: (?P<per>in the morning|in the afternoon|in the evening|at night))?"
_HW = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_MINW = r"(?:oh (?:" + _DIG + r")|(?:" + _NWR + r")(?:-(?:" + _DIG + r"))?)"
_TIME = re.compile(
    r"\b(?P<h1>\d{1,2})(?::(?P<m1>\d{2}))? ?(?P<ap1>AM|PM|a\.m\.|p\.m\.)"
    r"|\b(?P<h2>" + _HW + r")(?: (?P<m2>" + _MINW + r"))? (?P<ap2>a\.m\.|p\.m\.)"
    r"|\b(?P<h3>" + _HW + r") o'clock" + _PERIOD.replace("per", "per3") +
    r"|\b(?P<q4>half past|a quarter past|a quarter to) (?P<h4>" + _HW + r"|noon)" + _PERIOD.replace("per", "per4") +
    r"|\b(?P<noon>twelve noon|noon|midnight)\b"
    r"|\b(?P<h6>" + _HW + r") (?P<per6>in the morning|in the afternoon|in the evening|at night)")
_REL = re.compile(r"\b(?P<p>tomorrow|the day after tomorrow|yesterday|this coming (?P<wa>" + _WD + r")|(?P<wb>" + _WD +
                  r") of next week|this past (?P<wc>" + _WD + r")|a week from today|two weeks from today|in two weeks"
                  r"|in (?P<n1>[\w-]+) days|(?P<n2>[\w-]+) days ago)\b")
_W1 = r"(?:(?:" + _NWR + r")(?:-(?:" + _DIG + r"))?)"
_NH = r"(?:an|" + _W1[3:-1] + r"|\d+(?:\.\d+)?)"
_DUR = re.compile(r"\b(?:(?P<a1>an hour and a half)|(?P<a2>half an hour|a half hour)"
                  r"|an hour and (?P<am>" + _W1 + r") minutes?"
                  r"|(?P<hh>" + _NH + r") hours? and (?P<mm>" + _NH + r") minutes?"
                  r"|(?P<hd>\d+) hours? (?P<md>\d+) minutes?"
                  r"|(?P<hx>" + _W1 + r") and a half hours"
                  r"|(?P<a7>an hour)"
                  r"|(?P<hs>" + _NH + r") hours?|(?P<ms>" + _NH + r") minutes?)\b")


def _nh(s):
    if s == "an":
        return 1.0
    if re.fullmatch(r"\d+(?:\.\d+)?", s):
        return float(s)
    v = read_words(s)
    return min(v) if v else None


_HEDGE = re.compile(r"(just under|a little under|nearly|almost|a little over|just over|a bit over|about|roughly|around"
                    r"|approximately|more than|over|less than|under|up to|at least) $")


def _int_words(toks):
    """Strict cardinal parse of number-word tokens; None when not one grammatical number."""
    total, cur, last = 0, 0, None
    for t in toks:
        if t == "and":
            if last not in ("hundred", "thousand"):
                return None
            last = "and"
            continue
        if t == "a":
            cur, last = 1, "unit"
            continue
        if t in _U:
            v = _U[t]
            if last in ("unit", "teen", "tensunit", "zero"):
                return None
            if last == "tens" and v >= 10:
                return None
            if last == "tens" and v == 0:
                return None
            if v == 0 and (last is not None or len(toks) > 1):
                return None
            cur += v
            last = "zero" if v == 0 else ("tensunit" if last == "tens" else "teen" if v >= 10 else "unit")
        elif t in _T:
            if last in ("unit", "teen", "tens", "tensunit"):
                return None
            cur += _T[t]
            last = "tens"
        elif t == "hundred":
            if last not in ("unit", "teen", "tens", "tensunit") or cur >= 100:
                return None
            cur *= 100
            last = "hundred"
        elif t in ("thousand", "million"):
            if last in (None, "and", "thousand") or cur == 0:
                return None
            total += cur * (1000 if t == "thousand" else 1_000_000)
            cur, last = 0, "thousand"
        else:
            return None
    if last == "and":
        return None
    return total + cur


def read_words(text):
    """Readings of a number-word sequence (a set: ambiguous spoken shorthand has two)."""
    s = text.lower().strip()
    half = 0.0
    if s.endswith(" and a half"):
        s, half = s[: -len(" and a half")], 0.5
    frac = None
    if " point " in s:
        s, _, f = s.partition(" point ")
        frac = "".join(str(_U[w]) for w in f.split())
    toks = [t for t in re.split(r"[ -]+", s) if t]
    v = _int_words(toks)
    if v is not None:
        val = float(f"{v}.{frac}") if frac else v + half
        return {round(val, 6)}
    # spoken shorthand: 'one forty-nine' (149 or 1.49), 'twelve fifty' (1250 or 12.50), 'twenty twenty-six'
    out = set()
    for i in range(1, len(toks)):
        a, b = _int_words(toks[:i]), _int_words(toks[i:])
        if a is not None and b is not None and 1 <= a <= 99 and 10 <= b <= 99 and frac is None:
            out |= {float(a * 100 + b), round(a + b / 100, 2)}
    return out


def _num_token(s):
    s = s.replace("$", "").replace(",", "")
    return float(s)


def _hour_word(w):
    return {"noon": 12}.get(w, None) or _U.get(w)


def _ampm(h, ap):
    ap = ap.lower().replace(".", "")
    h = h % 12
    return h + (12 if ap == "pm" else 0)


def _per(h, per):
    h = h % 12
    if per in ("in the afternoon", "in the evening", "at night"):
        return h + 12
    return h


def read_times(text):
    """[(start, end, (h, m))] for every clock time in ``text``."""
    out = []
    for m in _TIME.finditer(text):
        g = m.groupdict()
        if g["h1"]:
            h, mi = int(g["h1"]), int(g["m1"] or 0)
            if not 1 <= h <= 12:
                continue
            val = (_ampm(h, g["ap1"]), mi)
        elif g["h2"]:
            mi = 0
            if g["m2"]:
                ms = g["m2"]
                mi = _U[ms.split()[1]] if ms.startswith("oh ") else min(read_words(ms) or {-1})
            val = (_ampm(_U[g["h2"]], g["ap2"]), int(mi))
        elif g["h3"]:
            val = (_per(_U[g["h3"]], g["per3"]), 0)
        elif g["q4"]:
            h = _hour_word(g["h4"])
            q = g["q4"]
            if g["h4"] == "noon":
                base = 12
            else:
                base = _per(h, g["per4"]) if g["per4"] else h
            mi = 15 if q == "a quarter past" else 30 if q == "half past" else -15
            tot = base * 60 + mi
            if g["h4"] != "noon" and q == "a quarter to" and g["per4"] and _per(h, g["per4"]) == 12 and h == 12:
                tot = 12 * 60 - 15
            val = ((tot // 60) % 24, tot % 60)
        elif g["noon"]:
            val = (0, 0) if g["noon"] == "midnight" else (12, 0)
        else:
            val = (_per(_U[g["h6"]], g["per6"]), 0)
        out.append((m.start(), m.end(), val))
    return out


def _day_num(s):
    s = s.lower()
    if s in _ORDW:
        return _ORDW[s]
    return int(re.match(r"\d+", s).group())


def _year(s):
    if s is None:
        return None
    if s.isdigit():
        return int(s)
    v = read_words(s)
    ys = [int(x) for x in v if x >= 2000]
    return ys[0] if ys else None


def read_dates(text):
    """[(start, end, month|None, day, weekday|None, year|None)]."""
    out = []
    for m in _DATE.finditer(text):
        g = m.groupdict()
        if g["mon1"]:
            mon, day, wd, y = g["mon1"], g["day1"], g["wd1"], g["y1"]
        elif g["mon2"]:
            mon, day, wd, y = g["mon2"], g["day2"], g["wd2"], g["y2"]
        else:
            mon, day, wd, y = None, g["day3"], g["wd3"], None
        out.append((m.start(), m.end(), MOL.index(mon) + 1 if mon else None, _day_num(day),
                    WKL.index(wd) if wd else None, _year(y)))
    return out


def _mask(text, spans):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            if t[i] not in "\n":
                t[i] = "#"
    return "".join(t)


def read_numbers(text):
    """[(start, end, readings, hedge)] for every number, amount or percentage (dates, times, IDs masked first)."""
    out = []
    spans = []
    for m in _DUR.finditer(text):
        g = m.groupdict()
        mins = None
        if g["a1"]:
            mins = 90
        elif g["a2"]:
            mins = 30
        elif g["a7"]:
            mins = 60
        elif g["am"]:
            v = _nh(g["am"])
            mins = None if v is None else 60 + v
        elif g["hh"]:
            hv, mv = _nh(g["hh"]), _nh(g["mm"])
            mins = None if hv is None or mv is None else hv * 60 + mv
        elif g["hd"]:
            mins = int(g["hd"]) * 60 + int(g["md"])
        elif g["hx"]:
            v = _nh(g["hx"])
            mins = None if v is None else (v + 0.5) * 60
        elif g["hs"]:
            v = _nh(g["hs"])
            mins = None if v is None else v * 60
        elif g["ms"]:
            v = _nh(g["ms"])
            mins = v
        if mins is not None:
            out.append((m.start(), m.end(), {float(mins), round(mins / 60, 6)}, _hedge(text, m.start())))
            spans.append((m.start(), m.end()))
    text = _mask(text, spans)
    for m in re.finditer(r"\b(?:(half|two|three) )?(?:a )?dozen\b", text):
        k = {"half": 6, "two": 24, "three": 36, None: 12}[m.group(1)]
        out.append((m.start(), m.end(), {float(k)}, _hedge(text, m.start())))
        spans.append((m.start(), m.end()))
    text = _mask(text, spans)
    items = []
    for m in _NUMSEQ.finditer(text):
        items.append([m.start(), m.end(), read_words(m.group(0))])
    for m in _DIGNUM.finditer(text):
        items.append([m.start(), m.end(), {_num_token(m.group(0))}])
    items.sort()
    # money: 'X dollars and Y cents', 'Y cents'
    merged = []
    i = 0
    while i < len(items):
        s, e, v = items[i]
        tail = text[e:e + 40]
        mm = re.match(r" dollars? and ", tail)
        if mm and i + 1 < len(items) and items[i + 1][0] == e + mm.end() and re.match(r" cents?\b", text[items[i + 1][1]:]):
            c = items[i + 1][2]
            v = {round(a + b / 100, 2) for a in v for b in c}
            e = items[i + 1][1]
            i += 1
        elif re.match(r" cents?\b", tail) and not text[s - 1:s] == "$":
            v = {round(a / 100, 2) for a in v} | v
        merged.append((s, e, v, _hedge(text, s)))
        i += 1
    return out + merged


def _hedge(text, s):
    m = _HEDGE.search(text[max(0, s - 20):s].lower())
    return m.group(1) if m else None


def decode_id(text):
    """Spoken read-out of an identifier -> its characters ('B as in Bravo, 4-7-1-9' -> 'B4719')."""
    t = re.sub(r"\b([A-Z]) as in [A-Z][\w-]*", r"\1", text)
    t = re.sub(r"\bdash\b", "", t)
    for w, i in _U.items():
        if i < 10:
            t = re.sub(r"\b" + w + r"\b", str(i), t)
    return re.sub(r"[^A-Za-z0-9]", "", t).upper()


def decode_sec(text):
    m = re.match(r"(?:section|clause) (.+)$", text)
    body = m.group(1) if m else text
    if re.fullmatch(r"[\d.]+", body):
        return body
    a, _, b = body.partition(" point ")
    v = read_words(a)
    if not v:
        return None
    tok = str(int(min(v)))
    if b:
        tok += "." + "".join(str(_U[w]) for w in b.split())
    return tok


# =========================================================================== evidence
_ISO_D = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})(?!\d)")
_ISO_T = re.compile(r"\b\d{4}-\d{2}-\d{2}T(\d{2}):(\d{2})")
_HHMM = re.compile(r"(?<![\d:])(\d{2}):(\d{2})(?![\d:])")
_IDLIKE = re.compile(r"^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9./:_-]+$")


class Evidence:
    def __init__(self):
        self.nums, self.dates, self.times, self.texts, self.docs = set(), set(), set(), [], []

    def add_text(self, s, doc=False):
        self.texts.append(s)
        if doc:
            self.docs.append(s)
        for m in _ISO_D.finditer(s):
            try:
                self.dates.add(dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
            except ValueError:
                pass
        for m in _ISO_T.finditer(s):
            self.times.add((int(m.group(1)), int(m.group(2))))
        for m in _HHMM.finditer(re.sub(r"(\d{2}:\d{2}:\d{2}(?:\.\d+)?)[+-]\d{2}:\d{2}", r"\1", s)):
            self.times.add((int(m.group(1)), int(m.group(2))))
        for _, _, v in read_times(s):
            self.times.add(v)
        clean = re.sub(r"\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:[+-]\d{2}:\d{2}|Z)?)?", " ",
                       re.sub(r"https?://\S+|\b[\w.-]+/[\w./-]+", " ", s))
        toks = []
        for tok in clean.split():
            tok_s = tok.strip(".,;:()'\"")
            if _IDLIKE.match(tok_s) and not re.fullmatch(r"\$?[\d,]+(\.\d+)?%?|\d{1,2}:\d{2}|\d+(?:\.\d+)?-[a-z]+(?:-[a-z]+)*", tok_s):
                continue
            toks.append(tok)
        clean = " ".join(toks)
        for m in re.finditer(r"\d{1,2}:\d{2}", clean):
            self.nums |= {float(m.group(0).split(":")[0]), float(m.group(0).split(":")[1])}
        for _, _, v, _ in read_numbers(clean):
            self.nums |= v

    def add_value(self, v):
        if isinstance(v, bool) or v is None:
            return
        if isinstance(v, (int, float)):
            self.nums.add(round(float(v), 6))
        elif isinstance(v, str):
            if _IDLIKE.match(v) and not _ISO_D.search(v):
                return
            self.add_text(v)
        elif isinstance(v, dict):
            for x in v.values():
                self.add_value(x)
        elif isinstance(v, list):
            for x in v:
                self.add_value(x)


def gather(plan):
    """Evidence in the dev README's sense: user turns and tool results (history included)."""
    ev = Evidence()
    ev.add_text(plan.request)
    for m in plan.history:
        if m["role"] == "user":
            ev.add_text(m["text"])
        elif m["role"] == "tool" and not m["call"].error:
            c = m["call"]
            if isinstance(c.result, str):
                ev.add_text(c.result, doc=True)
            else:
                ev.add_value(c.result)
                ev.texts.append(json.dumps(c.result))
    for turn in plan.turns:
        for c in turn.calls:
            if c.error:
                continue
            if isinstance(c.result, str):
                ev.add_text(c.result, doc=True)
            else:
                ev.add_value(c.result)
                ev.texts.append(json.dumps(c.result))
    return ev


def evidence_text(scn, plan):
    """Everything a replacement must not occur in (as set k): user and assistant turns, tool arguments and results,
    the system prompt and the tool definitions."""
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
    return re.sub(r"\s+", " ", s.lower().replace("`", "").replace("_", " ").replace('"', ""))


def _squash(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


def _section_known(token, blob, docs):
    tok = re.escape(token.strip().rstrip(".)"))
    if not tok:
        return True
    line = (r"(?im)^[ \t]*(?:#+[ \t]*)?(?:§[ \t]*|section[ \t]+|clause[ \t]+|rule[ \t]+|part[ \t]+)?\(?"
            + tok + r"(?:[.):]?[ \t]|[.):]?$)")
    ref = r"(?i)(?:§|section|sec\.|clause|rule|part|para(?:graph)?\.?)[ \t]*" + tok + r"(?![\w]|\.\d)"
    bare = r"(?<![\w.])" + tok + r"(?![\w]|\.\d)"
    if re.search(line, blob) or re.search(ref, blob) or re.search(r'"' + tok + r'"', blob):
        return True
    return any(re.search(bare, d) for d in docs)


_REF = re.compile(r"https?://[^\s)\]]+|\b[A-Z]{1,5}-?[A-Z0-9]*\d[A-Z0-9/-]{2,}\b|\b\d{5,}\b|\b[a-z0-9-]+/[a-z0-9./-]+\b")
_NO_MD = re.compile(r"[*`|#_]|^\s*[-•]\s|^\s*\d+[.)]\s|\[[^\]]*\]\(", re.M)


def _readings_of(kind, text):
    if kind == "date":
        return {(x[2], x[3]) for x in read_dates(text)}
    if kind == "time":
        return {x[2] for x in read_times(text)}
    out = set()
    for x in read_numbers(text):
        out |= x[2]
    return out


def _fits(val, allowed, hedge):
    for a in allowed:
        if abs(a - val) < 1e-6:
            return True
    if hedge is None:
        return False
    for a in allowed:
        if val == 0:
            continue
        rel = (a - val) / abs(val)
        if hedge in ("about", "roughly", "around", "approximately") and abs(rel) <= 0.08:
            return True
        if hedge in ("just under", "a little under", "nearly", "almost") and -0.03 - 1e-9 <= rel < 0:
            return True
        if hedge in ("a little over", "just over", "a bit over") and 0 < rel <= 0.03 + 1e-9:
            return True
        if hedge in ("more than", "over") and 0 < rel <= 0.6:
            return True
        if hedge in ("less than", "under") and -0.6 <= rel < 0:
            return True
        if hedge in ("up to", "at least") and abs(rel) < 1e-9:
            return True
    return False


def check_clean(scn, plan, w: Voice):
    """Part (2) of ``vet``: the clean answer against the evidence (see module docstring)."""
    text = plan.answer.text
    where = f"{scn.name}/{getattr(plan, 'intent', '?')}"
    if _NO_MD.search(text):
        raise AssertionError(f"{where}: Markdown-like text in a spoken answer: {text!r}")
    ev = gather(plan)
    evsq = _squash("\n".join(ev.texts))
    blob, docs = evidence_text(scn, plan)
    # renderings read back to their values
    for kind, t, v in w.rend:
        got = _readings_of(kind, t)
        if kind == "date":
            if (v.month, v.day) not in got and (None, v.day) not in got:
                raise AssertionError(f"{where}: date rendering {t!r} does not read back as {v}")
        elif kind == "time":
            if v not in got:
                raise AssertionError(f"{where}: time rendering {t!r} does not read back as {v}")
        elif not any(abs(g - v) < 1e-6 or (kind == "dur" and abs(g - v / 60) < 1e-6) for g in got):
            raise AssertionError(f"{where}: rendering {t!r} does not read back as {v} ({got})")
    spans = []
    for t, raw in w.ids:
        if decode_id(t) != _squash(raw).upper():
            raise AssertionError(f"{where}: id read-out {t!r} decodes to {decode_id(t)}, not {raw}")
        if _squash(raw) not in evsq:
            raise AssertionError(f"{where}: identifier {raw} is not in the evidence")
        for m in re.finditer(re.escape(t), text, re.I):
            spans.append((m.start(), m.end()))
    for t, tok in w.secs:
        if decode_sec(t) != tok:
            raise AssertionError(f"{where}: clause read-out {t!r} decodes to {decode_sec(t)}")
        if not any(_section_known(tok, d, [d]) for d in ev.docs):
            raise AssertionError(f"{where}: clause {tok} is not in a document of the evidence")
        for m in re.finditer(re.escape(t), text, re.I):
            spans.append((m.start(), m.end()))
    for ex in getattr(scn, "literal_ok", []):
        for m in re.finditer(re.escape(ex), text):
            spans.append((m.start(), m.end()))
    masked = _mask(text, spans)
    for m in re.finditer(r"\b(?=[A-Za-z0-9-]*[A-Za-z])(?=[A-Za-z0-9-]*\d)[A-Za-z0-9-]{4,}\b", masked):
        if re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", m.group(0)):
            continue
        if _squash(m.group(0)) not in evsq:
            raise AssertionError(f"{where}: unexplained code {m.group(0)!r}")
        spans.append((m.start(), m.end()))
    masked = _mask(text, spans)
    # dates
    today = w.today
    allowed_dates = set(ev.dates) | set(w.calc_dates)
    date_at = []
    for s, e, mon, day, wd, yr in read_dates(masked):
        cands = []
        for d in sorted(allowed_dates):
            if d.day == day and (mon is None or d.month == mon) and (wd is None or d.weekday() == wd) \
                    and (d.year == yr if yr is not None else d.year == today.year if mon is not None
                         else abs((d - today).days) <= 45):
                cands.append(d)
        if not cands:
            raise AssertionError(f"{where}: date {masked[s:e]!r} is not an evidence or computed date (or its "
                                 f"weekday or year is wrong)")
        date_at.append((s, e, cands))
        spans.append((s, e))
    # relative dates agree with the paired date
    for m in _REL.finditer(masked):
        near = [x for x in date_at if m.start() <= x[0] and x[0] - m.end() <= 45] or [x for x in date_at if 0 <= m.start() - x[1] <= 25]
        if not near:
            raise AssertionError(f"{where}: relative date {m.group(0)!r} not paired with a date")
        cands = near[0][2]
        g = m.groupdict()
        p = g["p"]

        def ok(d):
            n = (d - today).days
            if p == "tomorrow":
                return n == 1
            if p == "the day after tomorrow":
                return n == 2
            if p == "yesterday":
                return n == -1
            if g["wa"]:
                return 2 <= n <= 6 and WKL[d.weekday()] == g["wa"]
            if g["wb"]:
                monday = today - dt.timedelta(days=today.weekday())
                return 7 <= (d - monday).days < 14 and WKL[d.weekday()] == g["wb"]
            if g["wc"]:
                return -6 <= n <= -2 and WKL[d.weekday()] == g["wc"]
            if p == "a week from today":
                return n == 7
            if p in ("two weeks from today", "in two weeks"):
                return n == 14
            if g["n1"]:
                v = read_words(g["n1"]) or ({float(g["n1"])} if g["n1"].isdigit() else set())
                return n in v
            if g["n2"]:
                v = read_words(g["n2"]) or ({float(g["n2"])} if g["n2"].isdigit() else set())
                return -n in v
            return False
        if not any(ok(d) for d in cands):
            raise AssertionError(f"{where}: {m.group(0)!r} disagrees with {masked[near[0][0]:near[0][1]]!r} (today {today})")
        spans.append((m.start(), m.end()))
    masked = _mask(masked, spans)
    # times
    allowed_t = set(ev.times) | set(w.calc_times)
    for s, e, v in read_times(masked):
        if v not in allowed_t:
            raise AssertionError(f"{where}: time {masked[s:e]!r} = {v} is not an evidence or computed time")
        spans.append((s, e))
    masked = _mask(masked, spans)
    # numbers
    allowed = set(ev.nums) | {round(x, 6) for x in w.calc_nums} | {0.0, 1.0}
    for s, e, vals, hedge in read_numbers(masked):
        if not vals:
            raise AssertionError(f"{where}: unreadable number {masked[s:e]!r}")
        if not any(_fits(v, allowed, hedge) for v in vals):
            raise AssertionError(f"{where}: number {masked[s:e]!r} ({sorted(vals)}, hedge {hedge}) is not supported by "
                                 f"the evidence or a computed value")
    return ev


def _tidy(a: A):
    """'p.m.' closing a sentence takes no second period (only where every candidate of that part ends in '.m.')."""
    editable = {c["idx"] for c in a.cands}
    for i in range(1, len(a.parts)):
        if i not in editable and a.parts[i].startswith(" ") and a.parts[i - 1].endswith(("\n", " ")):
            a.parts[i] = a.parts[i].lstrip(" ")
    for i in range(len(a.parts) - 1):
        if a.parts[i].endswith(".m.") and a.parts[i + 1].startswith("."):
            a.cands = [c for c in a.cands if c["idx"] != i or c["replacement"].endswith(".m.")]
            a.parts[i + 1] = a.parts[i + 1][1:]


def vet(scn, plan, w: Voice):
    """Evidence guard (see module docstring). Returns the plan."""
    _tidy(plan.answer)
    ev = check_clean(scn, plan, w)
    md = {(d.month, d.day) for d in list(ev.dates) + list(w.calc_dates)}
    tms = set(ev.times) | set(w.calc_times)
    blob, docs = evidence_text(scn, plan)
    flat, sq = _flat(blob), _squash(blob)
    a = plan.answer
    keep = []
    for c in a.cands:
        rep, orig = c["replacement"], c["original"]
        core = rep.strip("'\" ")
        if not core or rep == orig:
            continue
        if c["type"] in ("entity", "fabricated_attribute") and _flat(core) in flat:
            continue
        if c["type"] == "fabricated_id":
            dec = decode_id(core).lower()
            if not dec or dec in sq or _squash(core) in sq or dec == decode_id(orig).lower():
                continue
        if c["type"] == "fabricated_section":
            tok = decode_sec(core)
            if tok is None or _section_known(tok, blob, docs):
                continue
        if c["type"] in ("numeric", "temporal") or (c["type"] == "conflation" and c["category"] in
                                                    ("contradiction/numerical", "contradiction/temporal")):
            ro = _readings_of("date", orig) or _readings_of("time", orig) or _readings_of("num", orig)
            rr = _readings_of("date", rep) or _readings_of("time", rep) or _readings_of("num", rep)
            if c["type"] == "temporal" and not (_readings_of("date", orig) or _readings_of("time", orig)):
                ro, rr = _readings_of("num", orig), _readings_of("num", rep)
            if (ro and rr and ro & rr == ro) or (not ro and not rr and _flat(orig) == _flat(rep)):
                continue
        if c["type"] == "temporal":
            rd, rt = _readings_of("date", rep), _readings_of("time", rep)
            if (rd and rd <= md) or (rt and rt <= tms):
                continue
        if _NO_MD.search(rep):
            raise AssertionError(f"{scn.name}: Markdown-like replacement {rep!r}")
        keep.append(c)
    a.cands = keep
    for typ in list(a.inserts):
        ok = []
        for text, clause in a.inserts[typ]:
            if typ == "fabricated_citation":
                raw = w.refs.get(text)
                refs = [raw] if raw else [x.rstrip(".,;:") for x in _REF.findall(text)]
                if not refs or any(x in blob or (_squash(x) and _squash(x) in sq) for x in refs):
                    continue
            elif text.rstrip(".").lower() in blob.lower():
                continue
            ok.append((text, clause))
        a.inserts[typ] = ok
    return plan


# --------------------------------------------------------------------------- people
FIRST = ["Maria", "James", "Linda", "Robert", "Priya", "Kevin", "Aisha", "Daniel", "Sofia", "Marcus", "Emily", "Wei"]
LAST = ["Johnson", "Garcia", "Nguyen", "Okafor", "Patel", "Kowalski", "Tremblay", "Anderson", "Brooks", "Romero",
        "Lindqvist", "Chen"]


def person(r: R):
    """(full name, first name) of a customer."""
    first, last = r.choice(FIRST), r.choice(LAST)
    return f"{first} {last}", first
