"""Shared building blocks: formatting, the answer builder, calls, plans, schema helpers."""
from __future__ import annotations

import copy
import datetime as dt
import json
import random
import string

# --------------------------------------------------------------------------- edit taxonomy
EDIT_CATEGORY = {
    "numeric": "contradiction/numerical",
    "temporal": "contradiction/temporal",
    "entity": "contradiction/entity",
    "status": "contradiction/value",
    "negation": "contradiction/claim",
    "relational": "contradiction/relational",
    "conflation": None,  # contradiction/<subcategory of the conflated value>
    "fabricated_id": "fabricated_reference/identifier",
    "fabricated_section": "fabricated_reference/section",
    "fabricated_attribute": "fabricated_reference/attribute",
    "fabricated_citation": "fabricated_reference/identifier",
    "addition_claim": "unsupported_addition/claim",
    "addition_behavior": "unsupported_addition/behavior",
    "addition_elaboration": "unsupported_addition/elaboration",
}
REPLACE_TYPES = ["numeric", "temporal", "entity", "status", "negation", "relational", "conflation",
                 "fabricated_id", "fabricated_section", "fabricated_attribute"]
INSERT_TYPES = ["fabricated_citation", "addition_claim", "addition_behavior", "addition_elaboration"]
_KW = {"num": "numeric", "tmp": "temporal", "ent": "entity", "val": "status", "neg": "negation",
       "rel": "relational", "conf": "conflation", "fid": "fabricated_id", "sec": "fabricated_section",
       "attr": "fabricated_attribute"}
_INS_KW = {"cite": "fabricated_citation", "claim": "addition_claim", "behavior": "addition_behavior",
           "elab": "addition_elaboration"}


# --------------------------------------------------------------------------- formatting
CUR_SYM = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CAD": "CA$", "AUD": "A$", "CHF": "CHF ", "INR": "₹",
           "SGD": "S$", "MXN": "MX$"}


def fnum(x, dec=0):
    return f"{x:,.{dec}f}"


def money(x, cur="USD", dec=None):
    if dec is None:
        dec = 0 if cur == "JPY" else 2
    s = f"{abs(x):,.{dec}f}"
    sym = CUR_SYM.get(cur)
    out = f"{sym}{s}" if sym else f"{s} {cur}"
    return ("-" if x < 0 else "") + out


def money0(x, cur="USD"):
    return money(round(x), cur, 0)


def approx(x, unit=""):
    """Rounded magnitude phrase: 1198450 -> '1.2 million'."""
    ax = abs(x)
    if ax >= 1e9:
        v = f"{ax / 1e9:.1f}".rstrip("0").rstrip(".") + " billion"
    elif ax >= 1e6:
        v = f"{ax / 1e6:.1f}".rstrip("0").rstrip(".") + " million"
    elif ax >= 1e4:
        v = f"{round(ax / 1e3):,}k" if unit == "k" else f"{round(ax, -3):,.0f}"
    else:
        v = f"{round(ax):,}"
    return v


def approx_money(x, cur="USD"):
    sym = CUR_SYM.get(cur, "")
    ax = abs(x)
    if ax >= 1e9:
        return f"{sym}{ax / 1e9:.1f}".rstrip("0").rstrip(".") + " billion"
    if ax >= 1e6:
        return f"{sym}{ax / 1e6:.1f}".rstrip("0").rstrip(".") + " million"
    if ax >= 1e4:
        return f"{sym}{ax / 1e3:.0f}k"
    return f"{sym}{ax:,.0f}"


def pct(x, dec=1):
    return f"{x:.{dec}f}%"


def D(s):
    """date from 'YYYY-MM-DD' (or datetime prefix)."""
    return dt.date.fromisoformat(s[:10])


def T(s):
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


def iso(d):
    return d.isoformat()


def d_long(d):      # Wednesday, March 4
    d = D(d) if isinstance(d, str) else d
    return f"{d.strftime('%A')}, {d.strftime('%B')} {d.day}"


def d_med(d):       # March 4
    d = D(d) if isinstance(d, str) else d
    return f"{d.strftime('%B')} {d.day}"


def d_short(d):     # Mar 4
    d = D(d) if isinstance(d, str) else d
    return f"{d.strftime('%b')} {d.day}"


def d_full(d):      # March 4, 2026
    d = D(d) if isinstance(d, str) else d
    return f"{d.strftime('%B')} {d.day}, {d.year}"


def d_uk(d):        # 4 March
    d = D(d) if isinstance(d, str) else d
    return f"{d.day} {d.strftime('%B')}"


def d_wd(d):        # Wed, Mar 4
    d = D(d) if isinstance(d, str) else d
    return f"{d.strftime('%a')}, {d.strftime('%b')} {d.day}"


def t12(t):         # 2:30 PM
    t = T(t) if isinstance(t, str) else t
    h = t.hour % 12 or 12
    return f"{h}:{t.minute:02d} {'AM' if t.hour < 12 else 'PM'}"


def t24(t):
    t = T(t) if isinstance(t, str) else t
    return f"{t.hour:02d}:{t.minute:02d}"


def dur_hm(minutes):
    h, m = divmod(int(minutes), 60)
    if h and m:
        return f"{h} hour{'s' if h != 1 else ''} {m} minute{'s' if m != 1 else ''}"
    if h:
        return f"{h} hour{'s' if h != 1 else ''}"
    return f"{m} minute{'s' if m != 1 else ''}"


def plural(n, word, pl=None):
    return f"{n} {word if n == 1 else (pl or word + 's')}"


NUMWORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]


def nword(n):
    return NUMWORDS[n] if 0 <= n < len(NUMWORDS) else str(n)


def words(s):
    """snake_case / CONSTANT -> plain words."""
    return s.replace("_", " ").lower()


# --------------------------------------------------------------------------- randomness
class R(random.Random):
    def hexid(self, nbytes):
        return "".join(self.choice("0123456789abcdef") for _ in range(2 * nbytes))

    def alnum(self, n, chars=string.ascii_letters + string.digits):
        return "".join(self.choice(chars) for _ in range(n))

    def digits(self, n):
        return "".join(self.choice(string.digits) for _ in range(n))

    def upper(self, n):
        return "".join(self.choice(string.ascii_uppercase) for _ in range(n))

    def upalnum(self, n):
        return "".join(self.choice(string.ascii_uppercase + string.digits) for _ in range(n))

    def money(self, lo, hi):
        return round(self.uniform(lo, hi), 2)

    def pick(self, seq, k):
        return self.sample(list(seq), k)


def bump(x, r: R, lo=0.18, hi=0.6, dec=2):
    """A clearly different magnitude (never equal after rounding)."""
    for _ in range(20):
        f = 1 + r.uniform(lo, hi) * r.choice([-1, 1])
        y = round(x * f, dec)
        if dec == 0:
            y = int(y)
        if y != x and y > 0:
            return y
    return x + 7


def bump_int(n, r: R, choices=(2, 3, 4, 5)):
    for _ in range(20):
        y = n + r.choice(choices) * r.choice([-1, 1])
        if y != n and y > 0:
            return y
    return n + 3


def mutate_id(s, r: R):
    """Same shape, different identifier (keeps prefix and character classes)."""
    out = list(s)
    idxs = [i for i, c in enumerate(s) if c.isalnum()]
    tail = idxs[len(idxs) // 3:] or idxs
    n = 1 if len(tail) < 4 else r.choice([1, 2, 2, 3])
    for i in r.sample(tail, min(n, len(tail))):
        c = s[i]
        if c.isdigit():
            out[i] = r.choice([d for d in string.digits if d != c])
        elif c.isupper():
            out[i] = r.choice([d for d in string.ascii_uppercase if d != c])
        elif c.islower():
            out[i] = r.choice([d for d in string.ascii_lowercase if d != c])
    res = "".join(out)
    return res if res != s else mutate_id(s, r)


# --------------------------------------------------------------------------- answer builder
class A:
    """Answer builder: literal parts, editable parts with candidate replacements, insertion points."""

    def __init__(self):
        self.parts: list[str] = []
        self.cands: list[dict] = []        # replacement candidates
        self.points: list[tuple] = []      # (position, kind)
        self.inserts: dict[str, list] = {}  # edit type -> [(text, clause?)]

    def __call__(self, *texts):
        for t in texts:
            self.parts.append(t)
        return self

    t = __call__

    def x(self, text, **kw):
        """Editable part. kw: num/tmp/ent/val/neg/rel/fid/sec/attr=replacement, conf=(subcategory, replacement)."""
        i = len(self.parts)
        self.parts.append(text)
        for k, v in kw.items():
            if v is None:
                continue
            typ = _KW[k]
            if typ == "conflation":
                sub, rep = v
                cat = f"contradiction/{sub}"
            else:
                rep, cat = v, EDIT_CATEGORY[typ]
            if rep is None or rep == text:
                continue
            self.cands.append({"idx": i, "type": typ, "category": cat, "original": text, "replacement": rep})
        return self

    # insertion points
    def p(self):        # after a sentence in prose: inserts " " + sentence
        self.points.append((len(self.parts), "s"))
        return self

    def pp(self):       # end of a paragraph / line: inserts "\n\n" + sentence
        self.points.append((len(self.parts), "para"))
        return self

    def pb(self):       # end of a bullet item: inserts "\n- " + sentence
        self.points.append((len(self.parts), "bullet"))
        return self

    def pc(self):       # before a sentence-final period: inserts ", " + clause
        self.points.append((len(self.parts), "clause"))
        return self

    def ins(self, kind, text, clause=False):
        self.inserts.setdefault(_INS_KW[kind], []).append((text, clause))
        return self

    @property
    def text(self):
        return "".join(self.parts)

    def available(self):
        types = {c["type"] for c in self.cands}
        kinds = {k for _, k in self.points}
        for typ, opts in self.inserts.items():
            if any((cl and "clause" in kinds) or (not cl and kinds - {"clause"}) for _, cl in opts):
                types.add(typ)
        return types

    def apply(self, chosen, r: R):
        """chosen: list of edit types. Returns (answer, spans, edits) or None when not possible."""
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
                    non_bullet = [pt for pt in pts if pt[1] != "bullet"]
                    if non_bullet and (r.random() < 0.75 or typ in ("fabricated_citation", "addition_behavior")):
                        pts = non_bullet
                    pos, kind = r.choice(pts)
                    used_pos.add(pos)
                    sep = {"s": " ", "para": "\n\n", "bullet": "\n- ", "clause": ", "}[kind]
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


# --------------------------------------------------------------------------- calls and plans
class Call:
    def __init__(self, tool, args, result, error=None, raw=None):
        self.tool = tool
        self.args = args
        self.result = result
        self.error = error          # None | 'invalid_arguments' | 'not_found'
        self.raw = raw              # argument text when not valid JSON
        self.id = None
        self.valid = True
        self.reason = "ok"
        self.retried_by = None
        self.fault = None           # fault name for the label
        self.recovered = None
        self.http = False
        self.duration_ms = None

    def clone(self):
        c = Call(self.tool, copy.deepcopy(self.args), copy.deepcopy(self.result), self.error, self.raw)
        return c

    def args_json(self):
        return self.raw if self.raw is not None else json.dumps(self.args)

    def result_text(self):
        return self.result if isinstance(self.result, str) else json.dumps(self.result)


class Turn:
    def __init__(self, calls, text=None):
        self.calls = calls
        self.text = text


class Plan:
    def __init__(self, request, turns, answer: A, history=None, intent=""):
        self.request = request
        self.turns = turns
        self.answer = answer
        self.history = history or []   # neutral messages: {'role': 'user'|'assistant'|'tool', ...}
        self.intent = intent


class History:
    """Earlier turns of the same conversation (genai dialect only)."""

    def __init__(self):
        self.msgs = []

    def user(self, text):
        self.msgs.append({"role": "user", "text": text})
        return self

    def call(self, calls, text=None):
        self.msgs.append({"role": "assistant", "text": text, "calls": calls})
        for c in calls:
            self.msgs.append({"role": "tool", "call": c})
        return self

    def reply(self, text):
        self.msgs.append({"role": "assistant", "text": text, "calls": []})
        return self


# --------------------------------------------------------------------------- schema helpers
def s_str(desc, pattern=None, enum=None, fmt=None, min_len=None, max_len=None):
    s = {"type": "string", "description": desc}
    if enum is not None:
        s["enum"] = enum
    if pattern is not None:
        s["pattern"] = pattern
    if fmt is not None:
        s["format"] = fmt
    if min_len is not None:
        s["minLength"] = min_len
    if max_len is not None:
        s["maxLength"] = max_len
    return s


def s_int(desc, lo=None, hi=None):
    s = {"type": "integer", "description": desc}
    if lo is not None:
        s["minimum"] = lo
    if hi is not None:
        s["maximum"] = hi
    return s


def s_num(desc, lo=None, hi=None):
    s = {"type": "number", "description": desc}
    if lo is not None:
        s["minimum"] = lo
    if hi is not None:
        s["maximum"] = hi
    return s


def s_bool(desc):
    return {"type": "boolean", "description": desc}


def s_arr(desc, items, min_items=None, max_items=None):
    s = {"type": "array", "description": desc, "items": items}
    if min_items is not None:
        s["minItems"] = min_items
    if max_items is not None:
        s["maxItems"] = max_items
    return s


def s_obj(props, required=(), additional=False):
    s = {"type": "object", "properties": props, "required": list(required)}
    if additional is False:
        s["additionalProperties"] = False
    return s


DATE_PAT = r"^\d{4}-\d{2}-\d{2}$"


def s_date(desc):
    return s_str(desc, pattern=DATE_PAT, fmt="date")


class Tool:
    def __init__(self, name, description, params, entity=None, http=None, extra=None):
        self.name = name
        self.description = description
        self.params = params
        self.entity = entity or {}       # arg name -> 'id' | 'url' | 'path'
        self.http = http                 # base URL for the child HTTP span
        self.extra = extra or []         # plausible extra (undeclared) properties [(name, value)]


class Scenario:
    name = ""
    agent = ""
    service = ""
    system = ""
    tools: list[Tool] = []
    intents: list = []                   # [(name, fn, supports_followup)]
    extras = [("verbose", True), ("include_metadata", True), ("format", "json")]

    def tool(self, name):
        for t in self.tools:
            if t.name == name:
                return t
        raise KeyError(name)


# --------------------------------------------------------------------------- style helpers
OPENERS = ["Happy to help!", "Sure thing.", "Good question.", "Here's what I found.", "Thanks for waiting.",
           "Got it.", "Sure!", "Absolutely.", "Of course.", "Thanks for your patience."]
CLOSERS = ["Let me know if you need anything else.", "Anything else I can help with?", "Hope that helps!",
           "Let me know if you'd like more detail on any of this.", "Happy to dig further if needed.",
           "Just let me know if there's anything else."]


def opener(a: A, r: R, p=0.45, pool=None):
    if r.random() < p:
        a(r.choice(pool or OPENERS) + " ")


def closer(a: A, r: R, p=0.45, extra=(), sep=" "):
    """Optional closing line; ``extra`` adds context-specific offers/questions."""
    pool = list(CLOSERS) + list(extra) * 2
    if r.random() < p:
        a(sep + r.choice(pool))


def other_than(r: R, pool, *exclude, blob=""):
    cands = [x for x in pool if x not in exclude and x.lower() not in blob.lower()]
    return r.choice(cands)
