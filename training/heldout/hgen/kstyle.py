"""Set k writer: an Indian-English enterprise helpdesk / customer-care agent.

Per answer, ``Desk`` picks how it writes:

* a salutation ("Dear Customer,", "Dear Sir/Madam,", "Hello Mr. Kulkarni,", "Namaste Meena ji,", "Greetings from
  Sahyadri Dairy!") or, in a follow-up, a lead-in ("Further to our previous conversation,", "In continuation of the
  above,"), then a framing line ("Please find below the details as on date.", "PFB the details of your request.");
* a date style: ``14-Mar-2026``, ``14-Mar-26``, ``14th March 2026`` (``14th March`` in the current year),
  ``14/03/2026`` or ``14.03.2026``, sometimes followed by the weekday in parentheses (``14-Mar-2026 (Sat)``);
  relative words always carry the date after "i.e." or in parentheses and come in Indian-English forms ("day after
  tomorrow", "3 days back", "tomorrow, i.e. 15-Mar-2026");
* a time style: ``3:30 PM``, ``3:30 pm``, ``15:30 hrs`` or ``1530 hrs``;
* numbers grouped the Indian way (``1,25,000``; ``12,34,567.50``), large sums sometimes also in lakh
  ("approx. Rs. 1.3 lakh" — only where the rounded figure is hedged);
* money as ``Rs. 1,250.00``, ``Rs. 1,250/-`` (whole rupees; paise shown otherwise), ``₹1,250`` or ``INR 1,250.00``;
* percentages written ``12.5%``, ``12.5 %`` or ``12.5 per cent``;
* counts written plainly (``3 tickets``), zero-padded (``03 tickets``) or as words with the figure (``three (3)
  tickets``), and key: value lines with ``Label : value`` or ``Label: value`` and "Nos." after item counts;
* lists numbered ``1)``, ``1.`` or ``(a)`` or dashed, Markdown tables with an ``S.No.`` column, "i.e." and "viz."
  where a figure is explained, and the working written out ("Rs. 850 x 320 plates = Rs. 2,72,000.00"), "works out to",
  "Hence," and "Accordingly,";
* a closing line ("Kindly revert in case of any further queries.", "Hope this clarifies.", "Assuring you of our best
  services at all times.") or an offer or question ("Shall I go ahead and raise the request?", "Please confirm so
  that I can proceed."), and sometimes a sign-off block ("Regards,\\nTeam CoolBreeze Care").

Approximate language is always chosen to be true of the exact value: "approx." / "around" / "about" only when the
figure is rounded, and never "just under/over". Relative dates are computed from the ``as_of`` timestamp of the
evidence. Times are Indian Standard Time (+05:30, no daylight saving).

``vet`` is the evidence guard. Before a run is used it removes every edit candidate that could turn out to be
supported: entity, identifier and attribute replacements found anywhere in the evidence (user turns, assistant
history, tool arguments and results) or in the system prompt and tool definitions (identifiers also compared with
punctuation removed), section replacements that a document in the evidence has as a numbered line, heading or
cross-reference, and inserted sentences whose reference (URL, code, long number) appears in the evidence or that repeat
evidence text verbatim.
"""
from __future__ import annotations

import datetime as dt
import json
import re

from .common import A, R

WK = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
WKL = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MO = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
MOL = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
       "December"]
WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
IST = dt.timezone(dt.timedelta(hours=5, minutes=30))


def day_of(x):
    if isinstance(x, dt.datetime):
        return x.date()
    if isinstance(x, dt.date):
        return x
    return dt.date.fromisoformat(str(x)[:10])


def moment(x):
    if isinstance(x, dt.datetime):
        return x
    return dt.datetime.fromisoformat(str(x).replace("Z", "+00:00"))


def ordinal(n):
    if 10 <= n % 100 <= 20:
        suf = "th"
    else:
        suf = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def at(day, hh, mm):
    d = day_of(day)
    return dt.datetime(d.year, d.month, d.day, hh, mm, tzinfo=IST)


def stamp(day, hh, mm, ss=0):
    """ISO-8601 IST timestamp, e.g. 2026-03-14T09:15:00+05:30."""
    d = day_of(day)
    return f"{d.isoformat()}T{hh:02d}:{mm:02d}:{ss:02d}+05:30"


def group(n):
    """Indian digit grouping of a non-negative integer: 1250000 -> '12,50,000'."""
    s = str(int(n))
    if len(s) <= 3:
        return s
    head, tail = s[:-3], s[-3:]
    parts = []
    while len(head) > 2:
        parts.insert(0, head[-2:])
        head = head[:-2]
    if head:
        parts.insert(0, head)
    return ",".join(parts) + "," + tail


def ind(x, dec=0):
    """Indian-grouped number with ``dec`` decimals."""
    neg = x < 0
    s = f"{abs(x):.{dec}f}"
    whole, _, frac = s.partition(".")
    out = group(int(whole)) + ("." + frac if frac else "")
    return "-" + out if neg else out


def ceil_div(a, b):
    return -(-a // b)


def working_days_after(day, n, off=(6,)):
    """The n-th working day after ``day`` (working days: weekdays not in ``off``; default Monday to Saturday)."""
    d = day_of(day)
    k = 0
    while k < n:
        d += dt.timedelta(days=1)
        if d.weekday() not in off:
            k += 1
    return d


# --------------------------------------------------------------------------- per-answer writer
GREET = ["Dear Customer,", "Dear Sir/Madam,", "Hello {hon},", "Dear {hon},", "Namaste {first} ji,",
         "Greetings from {brand}!", "Hi {first},"]
FRAME = ["Please find below the details as on date.", "PFB the details of your request.",
         "Thank you for contacting {brand}. Please find the details below.",
         "As requested, please find the information below.", "I have checked the same for you; details below.",
         "Thank you for your patience. Please find the update below."]
FOLLOW = ["Further to our previous conversation, please find the update below.",
          "In continuation of the above, please see the details.", "With reference to your earlier query, here is the update.",
          "Further to my last message, I have checked the same.", "As discussed above, please find the details."]
CLOSE = ["Kindly revert in case of any further queries.", "Hope this clarifies.", "Hope this clarifies your query.",
         "Please feel free to reach out for any further assistance.", "Assuring you of our best services at all times.",
         "Do let us know if anything else is required."]
SIGN = ["Regards,\n{team}", "Thanks & Regards,\n{agent}\n{team}", "Warm regards,\n{team}"]


class Desk:
    """One answer's writing choices (see module docstring)."""

    def __init__(self, r: R, today, brand="", team="", agent="", who=None):
        self.r = r
        self.today = day_of(today)
        self.brand, self.team, self.agent = brand, team, agent
        self.who = who                      # (first name, honorific form) of the customer when known
        self.dstyle = r.choice(["dash", "dash", "dash2", "ord", "slash", "dot"])
        self.wk = r.random() < 0.3
        self.tstyle = r.choice(["ampm", "ampm", "ampm_l", "hrs", "hrs4"])
        self.cur = r.choice(["rs", "rs", "rs_slash", "sym", "inr"])
        self.pstyle = r.choice(["tight", "tight", "space", "word"])
        self.cstyle = r.choice(["plain", "plain", "pad", "paren"])
        self.sep = r.choice([" : ", " : ", ": ", " - "])
        self.mark = r.choice(["1)", "1.", "(a)", "-"])
        self.ago = r.choice(["back", "ago"])
        self.ie = r.random() < 0.6
        self.hedge = r.choice(["approx.", "approx.", "approximately", "around"])
        self.units = r.random() < 0.5       # 'kgs', 'ltrs', 'kms', 'hrs' spellings
        self.table = r.random() < 0.5
        self.k = 0

    # ---------------------------------------------------------------- dates and times
    def d(self, x, wk=True):
        d = day_of(x)
        s = self.dstyle
        if s == "dash":
            out = f"{d.day:02d}-{MO[d.month - 1]}-{d.year}"
        elif s == "dash2":
            out = f"{d.day:02d}-{MO[d.month - 1]}-{d.year % 100:02d}"
        elif s == "ord":
            out = f"{ordinal(d.day)} {MOL[d.month - 1]}" + ("" if d.year == self.today.year else f" {d.year}")
        elif s == "slash":
            out = f"{d.day:02d}/{d.month:02d}/{d.year}"
        else:
            out = f"{d.day:02d}.{d.month:02d}.{d.year}"
        if wk and self.wk:
            out += f" ({WK[d.weekday()]})"
        return out

    def mon(self, x):
        """A month: 'Mar-2026' / 'March 2026' / '03/2026'."""
        d = day_of(x)
        if self.dstyle in ("dash", "dash2"):
            return f"{MO[d.month - 1]}-{d.year if self.dstyle == 'dash' else d.year % 100:02d}"
        if self.dstyle == "ord":
            return f"{MOL[d.month - 1]} {d.year}"
        return f"{d.month:02d}/{d.year}"

    def relp(self, x):
        n = (day_of(x) - self.today).days
        if n == 0:
            return "today"
        if n == 1:
            return "tomorrow"
        if n == 2:
            return "day after tomorrow"
        if n == -1:
            return "yesterday"
        if n == -2:
            return "day before yesterday"
        if n > 0:
            return f"in {n} days"
        return f"{-n} days {self.ago}"

    def rel(self, x):
        """'tomorrow, i.e. 15-Mar-2026' / 'in 9 days (23-Mar-2026)'."""
        w = self.relp(x)
        if w.startswith("in "):
            w = w[3:] + " from today"
        return f"{w}, i.e. {self.d(x)}" if self.ie else f"{w} ({self.d(x, wk=False)})"

    def when(self, x):
        """Date first: '15-Mar-2026 (tomorrow)'."""
        return f"{self.d(x, wk=False)} ({self.relp(x)})"

    def t(self, x):
        m = moment(x)
        if self.tstyle in ("ampm", "ampm_l"):
            h = m.hour % 12 or 12
            ap = "AM" if m.hour < 12 else "PM"
            return f"{h}:{m.minute:02d} {ap if self.tstyle == 'ampm' else ap.lower()}"
        if self.tstyle == "hrs":
            return f"{m.hour:02d}:{m.minute:02d} hrs"
        return f"{m.hour:02d}{m.minute:02d} hrs"

    def hm(self, hour, minute=0):
        return self.t(dt.datetime(2026, 1, 1, hour % 24, minute))

    def trange(self, a, b):
        a, b = moment(a), moment(b)
        if self.tstyle in ("hrs", "hrs4"):
            return f"{self.t(a)[:-4]} to {self.t(b)}"
        return f"{self.t(a)} to {self.t(b)}"

    def dur(self, minutes):
        h, m = divmod(int(round(minutes)), 60)
        hw = "hrs" if self.units else "hours"
        if h and m:
            return f"{h} {hw if h != 1 else 'hr' if self.units else 'hour'} {m} min"
        if h:
            return f"{h} {hw if h != 1 else 'hr' if self.units else 'hour'}"
        return f"{m} min"

    # ---------------------------------------------------------------- numbers, money, units
    def num(self, x, dec=None):
        if dec is None:
            dec = 0 if float(x).is_integer() else len(f"{x:g}".partition(".")[2])
        return ind(x, dec)

    def n(self, k):
        if self.cstyle == "pad" and 0 <= k < 10:
            return f"{k:02d}"
        if self.cstyle == "paren" and 0 <= k < len(WORDS):
            return f"{WORDS[k]} ({k})"
        return str(k)

    def cnt(self, k, word, pl=None):
        return f"{self.n(k)} {word if k == 1 else (pl or word + 's')}"

    def nos(self, k):
        """Count in a key: value line: '12 Nos.' / '12'."""
        return f"{self.n(k) if self.cstyle != 'paren' else k} Nos." if self.units else str(k)

    def money(self, x, dec=2):
        whole = abs(x - round(x)) < 1e-9
        if self.cur == "rs_slash" and whole:
            s = f"Rs. {ind(round(abs(x)))}/-"
        elif self.cur == "sym":
            s = "₹" + (ind(round(abs(x))) if whole else ind(abs(x), 2))
        elif self.cur == "inr":
            s = f"INR {ind(abs(x), dec)}"
        else:
            s = f"Rs. {ind(abs(x), dec)}"
        return "-" + s if x < 0 else s

    def lakh(self, x):
        """A hedged or exact amount in lakh: 'approx. Rs. 1.3 lakh', 'Rs. 2.5 lakh'."""
        v = round(x / 100000, 2 if x < 1000000 else 1)
        txt = f"{'₹' if self.cur == 'sym' else 'Rs. '}{v:g} lakh"
        return txt if abs(v * 100000 - x) < 1e-6 else f"{self.hedge} {txt}"

    def unit(self, u):
        alt = {"kg": "kgs", "L": "ltrs", "km": "kms", "litres": "ltrs"}
        return alt.get(u, u) if self.units else u

    def u(self, x, unit, dec=None):
        v = ind(x, dec) if dec is not None else self.num(x)
        return f"{v} {self.unit(unit)}"

    def pc(self, v, dec=1):
        """A percentage figure in this answer's style (the value itself is given)."""
        s = f"{v:.{dec}f}" if dec else f"{v:.0f}"
        if self.pstyle == "tight":
            return s + "%"
        if self.pstyle == "space":
            return s + " %"
        return s + " per cent"

    def near(self, x, step, fmt=None):
        """Rounded figure, hedged unless exact ('approx. 430')."""
        fmt = fmt or (lambda v: ind(v, 0) if float(v).is_integer() else f"{v:g}")
        v = round(round(x / step) * step, 6)
        if abs(v - x) < 1e-9:
            return fmt(v)
        return f"{self.hedge} {fmt(v)}"

    def apx(self, v, dec, fmt):
        """A computed value shown to ``dec`` decimals, hedged when the rounding changes it."""
        rv = round(v, dec)
        return fmt(rv) if abs(rv - v) < 1e-9 else f"{self.hedge} {fmt(rv)}"

    def pct(self, part, whole, dec=1):
        v = 100 * part / whole
        if abs(round(v, dec) - v) < 1e-9:
            return self.pc(v, dec)
        return f"{self.hedge} {self.pc(round(v, dec), dec)}"

    # ---------------------------------------------------------------- layout
    @staticmethod
    def nl(a: A):
        return "" if a.parts and a.parts[-1].endswith("\n") else "\n"

    def kv(self, a: A, label):
        """Start a key: value line."""
        a.t(f"{self.nl(a)}{label}{self.sep}")
        return a

    def start(self):
        self.k = 0

    def li(self, a: A):
        self.k += 1
        m = self.mark
        if m == "1)":
            tag = f"{self.k})"
        elif m == "1.":
            tag = f"{self.k}."
        elif m == "(a)":
            tag = f"({'abcdefghijkl'[self.k - 1]})"
        else:
            tag = "-"
        a.t(f"{self.nl(a)}{tag} ")
        return a

    def pt(self, a: A):
        """Insertion point at the end of a list line ('-' lists only: an inserted item uses '- ')."""
        if self.mark == "-":
            a.pb()

    def head(self, a: A, cols):
        last = a.parts[-1] if a.parts else ""
        pre = "" if last.endswith("\n\n") else "\n" if last.endswith("\n") else "\n\n"
        a.t(pre + "| " + " | ".join(cols) + " |\n|" + "|".join("---" for _ in cols) + "|")

    def row(self, a: A):
        a.t("\n| ")
        return a

    def cell(self, a: A):
        a.t(" | ")
        return a

    def end_row(self, a: A):
        a.t(" |")
        return a

    def para(self, a: A):
        last = a.parts[-1] if a.parts else ""
        if not last.endswith("\n\n"):
            a.t("\n" if last.endswith("\n") else "\n\n")

    def opener(self, a: A, followup=False, p=0.8):
        """Salutation (or follow-up lead-in) and a framing line, each on its own line."""
        if followup and self.r.random() < 0.75:
            a.t(self.r.choice(FOLLOW) + "\n\n")
            return
        if self.r.random() < p:
            pool = [g for g in GREET if self.who or "{" not in g or "{brand}" in g]
            g = self.r.choice(pool)
            first, hon = self.who or ("", "")
            a.t(g.format(first=first, hon=hon, brand=self.brand) + "\n\n")
        if self.r.random() < 0.5:
            a.t(self.r.choice(FRAME).format(brand=self.brand) + "\n\n")

    def closer(self, a: A, offers=(), p=0.8):
        if self.r.random() < p:
            pool = list(offers) * 2 + CLOSE
            a.t("\n\n" + self.r.choice(pool))
        if self.r.random() < 0.35:
            a.t("\n\n" + self.r.choice(SIGN).format(team=self.team, agent=self.agent))


# --------------------------------------------------------------------------- evidence guard
_REF = re.compile(r"https?://[^\s)\]]+|\b[A-Z]{1,5}-?[A-Z0-9]*\d[A-Z0-9/-]{2,}\b|\b\d{5,}\b|\b[a-z0-9-]+/[a-z0-9./-]+\b")


def _flat(s):
    return s.lower().replace("`", "").replace("_", " ")


def _squash(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


def evidence_text(scn, plan):
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


def _section_known(token, blob, docs):
    tok = re.escape(token.strip().lstrip("§").strip().rstrip(".)"))
    if not tok:
        return True
    line = (r"(?im)^[ \t]*(?:#+[ \t]*)?(?:§[ \t]*|section[ \t]+|clause[ \t]+|rule[ \t]+|bye-law[ \t]+|part[ \t]+)?\(?"
            + tok + r"(?:[.):]?[ \t]|[.):]?$)")
    ref = r"(?i)(?:§|section|sec\.|clause|rule|bye-law|part|para(?:graph)?\.?)[ \t]*" + tok + r"(?![\w]|\.\d)"
    bare = r"(?<![\w.])" + tok + r"(?![\w]|\.\d)"
    if re.search(line, blob) or re.search(ref, blob) or re.search(r'"' + tok + r'"', blob):
        return True
    return any(re.search(bare, d) for d in docs)


def vet(scn, plan):
    """Evidence guard (see module docstring). Returns the plan."""
    blob, docs = evidence_text(scn, plan)
    flat, sq = _flat(blob), _squash(blob)
    a = plan.answer
    editable = {c["idx"] for c in a.cands}
    for i in range(1, len(a.parts)):      # no stray space at the start of a line
        if i not in editable and a.parts[i].startswith(" ") and a.parts[i - 1].endswith("\n"):
            a.parts[i] = a.parts[i].lstrip(" ")
    keep = []
    for c in a.cands:
        rep = c["replacement"]
        core = rep.strip("`*'\" ")
        if not core or rep == c["original"]:
            continue
        if c["type"] in ("entity", "fabricated_id", "fabricated_attribute") and _flat(core) in flat:
            continue
        if c["type"] == "fabricated_id" and _squash(core) and _squash(core) in sq:
            continue
        if c["type"] == "fabricated_section" and _section_known(core, blob, docs):
            continue
        keep.append(c)
    a.cands = keep
    for typ in list(a.inserts):
        ok = []
        for text, clause in a.inserts[typ]:
            if typ == "fabricated_citation":
                refs = [x.rstrip(".,;:") for x in _REF.findall(text)]
                if not refs or any(x in blob or (_squash(x) and _squash(x) in sq) for x in refs):
                    continue
            elif text.rstrip(".").lower() in blob.lower():
                continue
            ok.append((text, clause))
        a.inserts[typ] = ok
    return plan


# --------------------------------------------------------------------------- people
FIRST_M = ["Rajesh", "Suresh", "Anil", "Vikram", "Arjun", "Sandeep", "Prakash", "Imran"]
FIRST_F = ["Meena", "Priya", "Kavita", "Anjali", "Sneha", "Lakshmi", "Farah", "Deepa"]
LAST = ["Kulkarni", "Iyer", "Sharma", "Reddy", "Nair", "Deshpande", "Banerjee", "Gupta", "Menon", "Joshi"]


def person(r: R):
    """(full name, first name, honorific form) of an Indian customer."""
    male = r.random() < 0.5
    first = r.choice(FIRST_M if male else FIRST_F)
    last = r.choice(LAST)
    return f"{first} {last}", first, f"{'Mr.' if male else 'Ms.'} {last}"
