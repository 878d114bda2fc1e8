"""Set y writer: a comparison & recommendation advisor of a marketplace / broker / booking platform.

The user asks the platform's assistant to find and compare options. The agent calls a search tool that returns three to
six candidate options (JSON records with prices, one-off fees, ratings and review counts, distances or travel times,
capacities, availability and policy flags), fetches the numbered terms of one option (by URL or by path), and in the
booking flow asks the platform for a hold / booking / quote request that the system may refuse by design with a reason
code and an alternative. The final answer compares and recommends: rankings and superlatives ("the cheapest", "the
highest-rated of the four", "the closest"), quantifiers over the options ("all three include …", "only one allows …",
"neither offers …", "two of the four"), differences and ratios ("€35 cheaper than", "twice the capacity", "about 20 %
more"), totals for the whole booking ("3 × €64 = €192, plus the €25 cleaning fee = €217"), per-unit normalisation
("€54.25 per person"), filters stated ("of the five results, three fit your budget"), pros and cons, a short comparison
table in some answers, a recommendation ("I'd go with …" — advice, not a factual claim) and the write action's result.
Layouts vary per answer: prose, bullets, a Markdown table, or "Best overall / Best value / Closest" picks.

``Market`` is the scenario engine: a scenario module gives its data generators, tools, phrases and terms document, and
the engine builds the plans and the answers (``compare`` and ``book`` intents). Answers are written into the answer
builder ``A`` of ``hgen/common.py`` with edit candidates and insertion points.

``vet`` is the evidence guard. It reads the clean answer back with a reader of its own (``read_answer``: the options
are parsed again from the tool results' JSON, not taken from the writer): every figure is an evidence value or a declared
computed value, every working ("3 × €64 = €192", "€192 + €25 = €217", "€217 ÷ 4 = €54.25", "€120 − €85 = €35") is
recomputed from its operands, every option name, identifier, badge, reason code, section number, date, weekday and time
occurs in the evidence, and every comparison claim the writer registered (superlatives, quantifiers and filter counts,
differences, ratios, flags, availability) is recomputed from the parsed options; a clean answer that fails raises
``AssertionError``. It then drops edit candidates that could be supported: entity, badge, code and identifier
replacements found in the evidence, section numbers the terms document has, numeric and temporal replacements whose
edited answer the reader accepts, quantifier and count replacements that state the true count, superlative swaps to an
option that ties, and inserted sentences whose text or reference occurs in the evidence.
"""
from __future__ import annotations

import datetime as dt
import json
import re
import unicodedata

from .common import A, Call, History, Plan, R, Scenario, Turn, mutate_id

SYM = {"EUR": "€", "GBP": "£", "USD": "$"}
WORDN = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
ZONE_OFF = {"Europe/Lisbon": 0, "Europe/London": 0, "Europe/Dublin": 0, "Europe/Berlin": 1, "Europe/Paris": 1,
            "Europe/Rome": 1, "Europe/Madrid": 1, "Europe/Amsterdam": 1, "Europe/Athens": 2, "America/New_York": -5,
            "America/Chicago": -6}


def fold(s):
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch)).lower()


def _dst(zone, d):
    if zone.startswith("America/"):
        return dt.date(d.year, 3, 8) <= d < dt.date(d.year, 11, 1)
    lm = dt.date(d.year, 3, 31)
    lm -= dt.timedelta(days=(lm.weekday() + 1) % 7)
    lo = dt.date(d.year, 10, 31)
    lo -= dt.timedelta(days=(lo.weekday() + 1) % 7)
    return lm <= d < lo


def ts(day, hh, mm, zone):
    off = ZONE_OFF[zone] + (1 if _dst(zone, day) else 0)
    return f"{day.isoformat()}T{hh:02d}:{mm:02d}:00{'-' if off < 0 else '+'}{abs(off):02d}:00"


# =========================================================================== the writer
class Yw:
    """One answer's formatting choices; records declared computed values and comparison claims for ``vet``."""

    def __init__(self, r: R, today, cur):
        self.r, self.today, self.cur, self.sym = r, today, cur, SYM[cur]
        self.calc = set()
        self.claims = []
        self.counts = {}          # part index -> claim index (quantifier / count parts)
        self.refs = {}
        self.uk = cur != "USD"
        self.long_dates = r.random() < 0.4

    def declare(self, x):
        self.calc.add(round(abs(float(x)), 6))
        return x

    def m(self, x, calc=False):
        x = round(float(x), 2)
        if calc:
            self.declare(x)
        s = f"{x:,.0f}" if x == int(x) else f"{x:,.2f}"
        return f"{self.sym}{s}"

    def date(self, d, wd=None):
        d = d if isinstance(d, dt.date) else dt.date.fromisoformat(str(d)[:10])
        wd = self.r.random() < 0.5 if wd is None else wd
        if self.uk:
            s = f"{d.day} {d.strftime('%B') if self.long_dates else d.strftime('%b')}"
            return (f"{d.strftime('%a')} " + s) if wd else s
        s = f"{d.strftime('%B') if self.long_dates else d.strftime('%b')} {d.day}"
        return (f"{d.strftime('%a')}, " + s) if wd else s

    def claim(self, kind, **kw):
        self.claims.append(dict(kind=kind, **kw))
        return len(self.claims) - 1

    def cite(self, text, raw):
        self.refs[text] = raw
        return text


def qphrase(k, n, r: R):
    """A quantifier phrase for k of n options, capitalised (sentence start)."""
    if n == 2:
        return {0: "Neither", 1: "Only one", 2: "Both"}[k]
    if k == 0:
        return r.choice(["None of the " + WORDN[n], "None of them"])
    if k == n:
        return r.choice([f"All {WORDN[n]}", "All of them"])
    if k == 1:
        return "Only one"
    return f"{WORDN[k].capitalize()} of the {WORDN[n]}"


def qcount(phrase, n):
    """The reader's parse of a quantifier phrase: how many of n options it says."""
    p = phrase.lower().strip()
    if p.startswith(("neither", "none")):
        return 0
    if p.startswith(("both", "all")):
        return n
    if p.startswith("only one"):
        return 1
    m = re.match(r"(\w+) of the (\w+)", p)
    if m and m.group(1) in WORDN:
        return WORDN.index(m.group(1))
    m = re.match(r"(\d+) of (?:the )?(\d+)", p)
    if m:
        return int(m.group(1))
    raise AssertionError(f"unreadable quantifier {phrase!r}")


def other_q(k, n, r: R):
    """A quantifier phrase stating a different count (for edits)."""
    alts = [j for j in range(0, n + 1) if j != k and abs(j - k) <= 2]
    j = r.choice(alts)
    ph = qphrase(j, n, r)
    return ph


# =========================================================================== the engine
class Market(Scenario):
    """Scenario engine; subclasses set the configuration attributes below and ``opt``/``doc``/``tools``."""
    cur = "EUR"
    noun, noun_pl = "option", "options"
    unit, unit_pl = "day", "days"          # what the price is per
    price_key = "price"
    fee_key, fee_label = "fee", "booking fee"
    dist_key, dist_fmt = "distance_km", "{} km away"
    dist_word = ("closest", "farthest")
    cap_key, cap_word = "capacity", "guests"
    flags = []                             # (key, positive phrase, negative phrase, plural positive verb phrase)
    avail_words = {"available": "available", "limited": "almost fully booked", "waitlist": "on a waitlist only"}
    badges = ["Top Rated", "Verified"]
    fake_badges = ["Gold Partner", "Elite Host"]
    fake_names = ["Ashgrove", "Tidewell"]
    id_key = "listing_id"
    search_tool, terms_tool, write_tool = "search", "terms", "hold"
    terms_arg, terms_kind = "terms_url", "url"
    hold_prefix = "HLD"
    reason_codes = ["DATE_UNAVAILABLE"]
    fake_codes = ["SLOT_EXPIRED"]
    zone = "Europe/Lisbon"
    done_word = ("placed a hold on", "hold")
    claims_pool = []
    cite_prefix = "RV"
    cap_verb, cap_words, cap_tail = " is the ", ("largest", "smallest"), " of the {n}, taking up to {v} {w}."
    cap_ratio, cap_bullet = "the capacity", ", up to {} {w}"
    dist_verb, pron = "is ", "it"

    # ---------------------------------------------------------------- data
    def options(self, r, today, req):
        n = r.choice([3, 3, 4, 4, 5, 6])
        names = r.sample(self.names, n)
        out = []
        ids = set()
        for i, nm in enumerate(names):
            o = self.opt(r, today, req, nm, i)
            while o[self.id_key] in ids:          # identifiers are unique within a search result
                o = self.opt(r, today, req, nm, i)
            ids.add(o[self.id_key])
            out.append(o)
        # distinct values for superlatives and differences
        for key in (self.price_key, "rating", self.dist_key, self.cap_key):
            seen = set()
            for o in out:
                while o[key] in seen:
                    o[key] = round(o[key] + (0.1 if isinstance(o[key], float) and key in ("rating", self.dist_key) else 1), 2)
                    if key == "rating" and o[key] > 5.0:
                        o[key] = round(o[key] - 0.7, 1)
                seen.add(o[key])
        for _ in range(50):            # totals for the whole booking are distinct too
            tot = [self.total(o, req) for o in out]
            dup = [i for i, t in enumerate(tot) if tot.count(t) > 1]
            if not dup:
                break
            out[dup[-1]][self.fee_key] += 1
        return out

    def total(self, o, req):
        return round(req["qty"] * o[self.price_key] + o[self.fee_key], 2)

    def request_params(self, r, today):
        start = today + dt.timedelta(days=r.randint(6, 40))
        return {"qty": r.choice(self.qtys), "people": r.choice(self.peoples), "start": start, "area": r.choice(self.areas)}

    def record(self, r, today, req, opts):
        q = {self.search_args[0]: req["area"], "start_date": req["start"].isoformat(), self.qty_key: req["qty"],
             self.people_key: req["people"]}
        q.update(self.query_extra(req))
        return {"query": q, "result_count": len(opts), "currency": self.cur, "results": opts,
                "as_of": ts(today, r.randint(8, 20), r.choice([0, 10, 25, 40]), self.zone)}

    def query_extra(self, req):
        return {}

    # ---------------------------------------------------------------- tools
    def make_tools(self):
        from .common import Tool, s_date, s_int, s_obj, s_str
        q_lo, q_hi = self.qty_range
        p_lo, p_hi = self.people_range
        search = Tool(self.search_tool, self.search_desc,
                      s_obj({self.search_args[0]: s_str(self.search_args[1], enum=self.areas),
                             "start_date": s_date("First day (YYYY-MM-DD)."),
                             self.qty_key: s_int(self.qty_desc, q_lo, q_hi),
                             self.people_key: s_int(self.people_desc, p_lo, p_hi),
                             "sort_by": s_str("Sort order.", enum=["price", "rating", "distance"]),
                             "max_results": s_int("How many results.", 1, 10)},
                            [self.search_args[0], "start_date", self.qty_key, self.people_key]),
                      http=self.base, extra=[("include_sponsored", False), ("locale", "en-GB")])
        terms = Tool(self.terms_tool, self.terms_desc,
                     s_obj({self.id_key: s_str(f"{self.noun.capitalize()} id.", pattern=self.id_pat),
                            self.terms_arg: s_str("Where the terms are published.", pattern=self.terms_pat)},
                           [self.id_key, self.terms_arg]),
                     entity={self.id_key: "id", self.terms_arg: self.terms_kind}, http=self.base,
                     extra=[("lang", "en"), ("format", "text")])
        write = Tool(self.write_tool, self.write_desc,
                     s_obj({self.id_key: s_str(f"{self.noun.capitalize()} id.", pattern=self.id_pat),
                            "start_date": s_date("First day (YYYY-MM-DD)."),
                            self.qty_key: s_int(self.qty_desc, q_lo, q_hi),
                            self.people_key: s_int(self.people_desc, p_lo, p_hi)},
                           [self.id_key, "start_date", self.qty_key, self.people_key]),
                     entity={self.id_key: "id"}, http=self.base, extra=[("notify_provider", True)])
        return [search, terms, write]

    # ---------------------------------------------------------------- plan pieces
    def search_call(self, r, req, rec):
        args = {self.search_args[0]: req["area"], "start_date": req["start"].isoformat(),
                self.qty_key: req["qty"], self.people_key: req["people"]}
        if r.random() < 0.4:
            args["sort_by"] = r.choice(["price", "rating", "distance"])
        if r.random() < 0.3:
            args["max_results"] = 6
        return Call(self.search_tool, args, rec)

    def terms_call(self, o, doc):
        return Call(self.terms_tool, {self.id_key: o[self.id_key], self.terms_arg: o[self.terms_arg]}, doc)

    # ---------------------------------------------------------------- intents
    def compare(self, ctx):
        return self._build(ctx, write=False)

    def book(self, ctx):
        return self._build(ctx, write=True)

    def _build(self, ctx, write):
        r, today = ctx.r, ctx.today
        req = self.request_params(r, today)
        opts = self.options(r, today, req)
        n = len(opts)
        totals = {o[self.id_key]: self.total(o, req) for o in opts}
        srt = sorted(totals.values())
        use_budget = r.random() < 0.55 and n >= 3
        if use_budget:
            k = r.randint(1, n - 1)
            lo, hi = srt[k - 1], srt[k]
            budget = int(lo + (hi - lo) * r.uniform(0.2, 0.8))
            if not (lo <= budget < hi):
                use_budget = False
            req["budget"] = budget if use_budget else None
        else:
            req["budget"] = None
        rec = self.record(r, today, req, opts)
        by_total = sorted(opts, key=lambda o: totals[o[self.id_key]])
        pick = by_total[0] if r.random() < 0.5 else max(opts, key=lambda o: (o["rating"], -totals[o[self.id_key]]))
        fetch = write or r.random() < 0.6
        doc_o = pick
        doc, dk = self.doc(r, doc_o, req) if fetch else (None, None)
        cs = self.search_call(r, req, rec)
        turns = [Turn([cs])]
        calls_after = []
        if fetch:
            ct = self.terms_call(doc_o, doc)
            calls_after.append(ct)
        res = None
        if write:
            ok = r.random() < 0.5
            res = self.write_result(r, today, req, pick, opts, totals, ok)
            cw = Call(self.write_tool, self.write_args(req, pick), res)
            calls_after.append(cw)
        for c in calls_after:
            turns.append(Turn([c]))
        request = self.request_text(r, req, write)
        history = None
        if ctx.followup:
            h = History().user(self.request_text(r, req, False))
            h.call([cs])
            h.reply(f"I found {n} {self.noun_pl if n != 1 else self.noun} for {self.unit_phrase(req)}. Want me to compare them?")
            history = h.msgs
            request = r.choice(self.followups_write if write else self.followups)
            turns = [Turn([c]) for c in calls_after] or [Turn([cs])]
            if not calls_after:
                history = None
                request = self.request_text(r, req, write)
        w = Yw(r, today, self.cur)
        a = A()
        self.compose(w, a, r, req, opts, totals, pick, doc, dk, res, write)
        plan = Plan(request, turns, a, history)
        return vet(self, plan, w)

    def unit_phrase(self, req):
        return f"{self.qn(req['qty'])} from {self._d(req['start'])}"

    def qn(self, q):
        return f"{q} {self.unit if q == 1 else self.unit_pl}"

    def _d(self, d):
        return f"{d.day} {d.strftime('%B')}" if self.cur != "USD" else f"{d.strftime('%B')} {d.day}"

    # ---------------------------------------------------------------- the answer
    def compose(self, w, a, r, req, opts, totals, pick, doc, dk, res, write):
        n = len(opts)
        idk = self.id_key
        nm = {o[idk]: o["name"] for o in opts}
        others = lambda o: [x for x in opts if x is not o]
        layout = r.choice(["prose", "bullets", "table", "picks"])
        head = False
        if r.random() < 0.35:
            a(r.choice(["Here's how they compare.", "Good news — there are a few solid options.",
                        f"I compared what's listed for {self.unit_phrase(req)}.", "Here's my comparison."]))
            a.p()
            head = True
        # filter statement
        if req.get("budget"):
            k = sum(1 for o in opts if totals[o[idk]] <= req["budget"])
            ci = w.claim("count", what="total_le", thr=req["budget"], k=k, n=n)
            a((" " if head else "") + f"Of the {WORDN[n]} results, ")
            idx = len(a.parts)
            alt = r.choice([j for j in (k - 1, k + 1) if 0 < j < n] or [k + 1])
            fit = lambda j: f"{WORDN[j]} {'fits' if j == 1 else 'fit'}"
            a.x(fit(k), num=fit(alt))
            w.counts[idx] = (ci, "word")
            a(f" your budget of {w.m(req['budget'])} all-in.")
            a.p()
            head = True
        elif r.random() < 0.5:
            a((" " if head else "") + f"I found {WORDN[n]} {self.noun_pl} for {self.unit_phrase(req)}.")
            w.claim("n", n=n)
            a.p()
            head = True
        if head:
            a("\n\n")
        # option listing
        show = opts if layout in ("bullets", "table") else by_key(opts, totals, idk)[:3 if n >= 3 else n]
        if layout == "table":
            self._table(w, a, r, req, opts, totals)
        elif layout == "bullets":
            self._bullets(w, a, r, req, opts, totals)
        elif layout == "picks":
            self._picks(w, a, r, req, opts, totals)
        else:
            self._prose(w, a, r, req, show, totals)
        a("\n\n")
        # comparison statements
        stmts = [self._s_super, self._s_quant, self._s_diff, self._s_ratio, self._s_per_person, self._s_rating]
        r.shuffle(stmts)
        k = r.randint(2, 4)
        done = 0
        for f in stmts:
            if done >= k:
                break
            if f(w, a, r, req, opts, totals):
                a(" ")
                done += 1
        if a.parts and a.parts[-1] == " ":
            a.parts[-1] = "\n\n"
        # total working for the pick
        self._working(w, a, r, req, pick, totals, opts)
        # terms
        if doc is not None:
            self._terms(w, a, r, req, pick, doc, dk)
        # recommendation, then the write action
        self._recommend(w, a, r, req, pick, opts, totals, write)
        if write:
            a("\n\n")
            self._write(w, a, r, req, pick, res, opts, totals)
        self.inserts(w, a, r, pick)

    # -- pieces of an option
    def _name(self, w, a, r, o):
        a.x(o["name"], ent=r.choice(self.fake_names))

    def _price(self, w, a, r, o, opts):
        oth = [x for x in opts if x[self.price_key] != o[self.price_key]]
        a.x(w.m(o[self.price_key]), num=w.m(bump_money(o[self.price_key], r)),
            conf=("numerical", w.m(r.choice(oth)[self.price_key])) if oth else None)

    def _rating(self, w, a, r, o, opts):
        oth = [x for x in opts if x["rating"] != o["rating"]]
        newr = round(o["rating"] + r.choice([-0.6, -0.4, 0.3]) if o["rating"] <= 4.6 else o["rating"] - 0.5, 1)
        a.x(f"{o['rating']:.1f}", num=f"{newr:.1f}", conf=("numerical", f"{r.choice(oth)['rating']:.1f}") if oth else None)

    def _dist(self, w, a, r, o, opts):
        v = o[self.dist_key]
        oth = [x for x in opts if x[self.dist_key] != v]
        nv = v + r.choice([3, 5, 8]) if isinstance(v, int) else round(v + r.choice([1.5, 2.4, 3.1]), 1)
        a.x(self.dist_fmt.format(fmtn(v)), num=self.dist_fmt.format(fmtn(nv)),
            conf=("numerical", self.dist_fmt.format(fmtn(r.choice(oth)[self.dist_key]))) if oth else None)

    def _avail(self, w, a, r, o):
        st = o["availability"]
        alt = r.choice([s for s in self.avail_words if s != st])
        a.x(self.avail_words[st], val=self.avail_words[alt])
        w.claim("val", id=o[self.id_key], key="availability", value=st)

    def _flag(self, w, a, r, o, key):
        f = [x for x in self.flags if x[0] == key][0]
        v = o[key]
        a.x(f[1] if v else f[2], neg=f[2] if v else f[1])
        w.claim("flag", id=o[self.id_key], key=key, value=v)

    def _badge(self, w, a, r, o):
        if o.get("badge"):
            a(" (")
            a.x(o["badge"], attr=r.choice(self.fake_badges))
            a(" badge)")

    def _id(self, w, a, r, o):
        a.x(o[self.id_key], fid=mutate_id(o[self.id_key], r))

    # -- layouts
    def _bullets(self, w, a, r, req, opts, totals):
        for i, o in enumerate(opts):
            a("- **")
            self._name(w, a, r, o)
            a("** (")
            self._id(w, a, r, o)
            a(") — ")
            self._price(w, a, r, o, opts)
            a(f" per {self.unit}, ")
            self._rating(w, a, r, o, opts)
            a(f"★ ({o['reviews']} reviews), ")
            self._dist(w, a, r, o, opts)
            if r.random() < 0.5:
                a(self.cap_bullet.format(o[self.cap_key], w=self.cap_word))
            a("; ")
            self._flag(w, a, r, o, r.choice(self.flags)[0])
            a("; ")
            self._avail(w, a, r, o)
            self._badge(w, a, r, o)
            a.pb()
            a("\n" if i < len(opts) - 1 else "")

    def _table(self, w, a, r, req, opts, totals):
        fk = r.choice(self.flags)
        a(f"| {self.noun.capitalize()} | per {self.unit} | total | rating | {self.dist_head} | {fk[3]} |\n|---|---|---|---|---|---|\n")
        for o in opts:
            a("| ")
            self._name(w, a, r, o)
            a(" | ")
            self._price(w, a, r, o, opts)
            a(" | ")
            t = totals[o[self.id_key]]
            w.declare(t)
            a.x(w.m(t), num=w.m(bump_money(t, r)))
            a(" | ")
            self._rating(w, a, r, o, opts)
            a(" | ")
            v = o[self.dist_key]
            a.x(fmtn(v), num=fmtn(v + 4 if isinstance(v, int) else round(v + 2.3, 1)))
            a(" | ")
            a.x("yes" if o[fk[0]] else "no", neg="no" if o[fk[0]] else "yes")
            w.claim("flag", id=o[self.id_key], key=fk[0], value=o[fk[0]])
            a(" |\n")
        a(f"\nTotals are for {req['qty']} {self.unit_pl if req['qty'] != 1 else self.unit} including the {self.fee_label}.")
        a.p()

    def _picks(self, w, a, r, req, opts, totals):
        idk = self.id_key
        best_val = min(opts, key=lambda o: totals[o[idk]])
        top = max(opts, key=lambda o: o["rating"])
        near = min(opts, key=lambda o: o[self.dist_key])
        rows = [("Best value", best_val, "min", "total"), ("Highest rated", top, "max", "rating"),
                (self.dist_word[0].capitalize(), near, "min", self.dist_key)]
        if r.random() < 0.5:
            rows[0], rows[1] = rows[1], rows[0]
        for lab, o, mm, key in rows:
            a(f"**{lab}:** ")
            oth = [x for x in opts if x is not o]
            a.x(o["name"], ent=r.choice(self.fake_names), conf=("entity", r.choice(oth)["name"]))
            w.claim("sup", key=key, mm=mm, id=o[idk], among=None)
            a(" — ")
            if key == "total":
                t = totals[o[idk]]
                w.declare(t)
                a.x(w.m(t), num=w.m(bump_money(t, r)))
                a(f" for {req['qty']} {self.unit_pl if req['qty'] != 1 else self.unit}")
            elif key == "rating":
                self._rating(w, a, r, o, opts)
                a(f"★ from {o['reviews']} reviews")
            else:
                self._dist(w, a, r, o, opts)
            a(", ")
            self._avail(w, a, r, o)
            a(".")
            a.p()
            a("\n")

    def _prose(self, w, a, r, req, show, totals):
        for o in show:
            self._name(w, a, r, o)
            a(" (")
            self._id(w, a, r, o)
            a(") charges ")
            self._price(w, a, r, o, show)
            a(f" per {self.unit} plus a {w.m(o[self.fee_key])} {self.fee_label}, is rated ")
            self._rating(w, a, r, o, show)
            a(" and " + self.dist_verb)
            self._dist(w, a, r, o, show)
            a("; " + (self.pron or o["name"].split(" ")[0]) + " ")
            self._flag(w, a, r, o, r.choice(self.flags)[0])
            a(" and is ")
            self._avail(w, a, r, o)
            a(".")
            a.p()
            a(" ")
        a.parts[-1] = ""

    # -- comparison statements (each returns True when written)
    def _s_super(self, w, a, r, req, opts, totals):
        idk = self.id_key
        key = r.choice(["total", self.dist_key, self.cap_key])
        val = (lambda o: totals[o[idk]]) if key == "total" else (lambda o: o[key])
        srt = sorted(opts, key=val)
        if key == self.cap_key:
            o, second, mm = srt[-1], srt[-2], "max"
        else:
            o, second, mm = srt[0], srt[1], "min"
        word = {"total": ("cheapest overall", "most expensive overall"), self.dist_key: self.dist_word,
                self.cap_key: self.cap_words}[key]
        w.claim("sup", key=key, mm=mm, id=o[idk], among=None)
        a.x(o["name"], conf=("entity", second["name"]), ent=r.choice(self.fake_names))
        a(self.cap_verb if key == self.cap_key else " is the ")
        a.x(word[0], rel=word[1])
        if key == "total":
            t = totals[o[idk]]
            w.declare(t)
            a(f" at ")
            a.x(w.m(t), num=w.m(bump_money(t, r)), conf=("numerical", w.m(totals[second[idk]])))
            a(" all-in.")
        elif key == self.cap_key:
            pre, post = self.cap_tail.split("{v}")
            a(pre.format(n=WORDN[len(opts)]))
            a.x(str(o[key]), num=str(o[key] + r.choice([2, 4])), conf=("numerical", str(second[key])))
            a(post.format(w=self.cap_word))
        else:
            a(", ")
            v = o[key]
            a.x(self.dist_fmt.format(fmtn(v)), num=self.dist_fmt.format(fmtn(v + 6 if isinstance(v, int) else round(v + 2.7, 1))))
            a(".")
        a.p()
        return True

    def _s_quant(self, w, a, r, req, opts, totals):
        f = r.choice(self.flags)
        n = len(opts)
        k = sum(1 for o in opts if o[f[0]])
        ci = w.claim("count", what="flag", key=f[0], k=k, n=n)
        ph = qphrase(k, n, r)
        idx = len(a.parts)
        vp = lambda p: p + " " + (f[1] if p.startswith(("Only", "Neither")) else f[4])
        if k in (0, n):
            a.x(vp(ph), neg=vp(qphrase(n - k, n, r)))
        else:
            a.x(vp(ph), num=vp(qphrase(r.choice([j for j in range(1, n) if j != k] or [0]), n, r)))
        w.counts[idx] = (ci, "phrase")
        if k == 1:
            o = [o for o in opts if o[f[0]]][0]
            a(" (")
            oth = [x for x in opts if x is not o]
            a.x(o["name"], conf=("entity", r.choice(oth)["name"]))
            w.claim("flag", id=o[self.id_key], key=f[0], value=True)
            a(")")
        a(".")
        a.p()
        return True

    def _s_diff(self, w, a, r, req, opts, totals):
        idk = self.id_key
        x, y = r.sample(opts, 2)
        tx, ty = totals[x[idk]], totals[y[idk]]
        if tx == ty:
            return False
        d = round(abs(tx - ty), 2)
        w.declare(d)
        w.claim("diff", key="total", a=x[idk], b=y[idk], d=round(tx - ty, 2))
        self._name(w, a, r, x)
        a(" works out ")
        a.x(w.m(d), num=w.m(bump_money(d, r)))
        a(" ")
        a.x("cheaper" if tx < ty else "more expensive", rel="more expensive" if tx < ty else "cheaper")
        a(" than ")
        a.x(y["name"], ent=r.choice(self.fake_names))
        if r.random() < 0.6:
            a(f" ({w.m(tx)} vs {w.m(ty)})")
            w.declare(tx)
            w.declare(ty)
        a(".")
        a.p()
        return True

    def _s_ratio(self, w, a, r, req, opts, totals):
        key = self.cap_key
        pairs = [(x, y) for x in opts for y in opts if x[key] == 2 * y[key] or x[key] == 3 * y[key]]
        if pairs and r.random() < 0.6:
            x, y = r.choice(pairs)
            m = x[key] // y[key]
            w.claim("ratio", key=key, a=x[self.id_key], b=y[self.id_key], ratio=m)
            self._name(w, a, r, x)
            a(" has ")
            a.x({2: "twice", 3: "three times"}[m], num={2: "three times", 3: "twice"}[m])
            a(f" {self.cap_ratio} of {y['name']} ({x[key]} vs {y[key]} {self.cap_word}).")
            a.p()
            return True
        idk = self.id_key
        x, y = r.sample(opts, 2)
        px, py = x[self.price_key], y[self.price_key]
        if px <= py:
            x, y, px, py = y, x, py, px
        if px == py:
            return False
        p = round((px - py) / py * 100)
        if p < 5:
            return False
        w.declare(p)
        w.claim("pct", key=self.price_key, a=x[idk], b=y[idk], p=p)
        self._name(w, a, r, x)
        a(f"{poss(x['name'])[len(x['name']):]} {self.unit} rate is about ")
        a.x(f"{p}%", num=f"{p + r.choice([10, 15, -4 if p > 9 else 12])}%")
        a(" ")
        a.x("higher", rel="lower")
        a(f" than {poss(y['name'])} ({w.m(px)} vs {w.m(py)}).")
        a.p()
        return True

    def _s_per_person(self, w, a, r, req, opts, totals):
        if req["people"] < 2:
            return False
        o = r.choice(opts)
        t = totals[o[self.id_key]]
        pp = round(t / req["people"], 2)
        if round(pp * req["people"], 2) != t:
            return False
        w.declare(t)
        w.declare(pp)
        a(f"Split between {req['people']} {self.people_word}, ")
        a.x(o["name"], ent=r.choice(self.fake_names))
        a(f" comes to {w.m(t)} ÷ {req['people']} = ")
        a.x(w.m(pp), num=w.m(bump_money(pp, r)))
        a(" per person.")
        a.p()
        return True

    def _s_rating(self, w, a, r, req, opts, totals):
        srt = sorted(opts, key=lambda o: -o["rating"])
        top = srt[0]
        w.claim("sup", key="rating", mm="max", id=top[self.id_key], among=None)
        a(r.choice(["The best reviewed is ", "Highest rated of the lot: "]))
        a.x(top["name"], conf=("entity", srt[1]["name"]), ent=r.choice(self.fake_names))
        a(" at ")
        self._rating(w, a, r, top, opts)
        a(f"★ across {top['reviews']} reviews.")
        a.p()
        return True

    def _working(self, w, a, r, req, o, totals, opts):
        q, p, fee = req["qty"], o[self.price_key], o[self.fee_key]
        sub = round(q * p, 2)
        t = totals[o[self.id_key]]
        w.declare(sub)
        w.declare(t)
        oth = [x for x in opts if x[self.fee_key] != fee]
        a(f"For {o['name']}: {q} × {w.m(p)} = ")
        a.x(w.m(sub), num=w.m(bump_money(sub, r)))
        a(f", plus the ")
        a.x(w.m(fee), conf=("numerical", w.m(r.choice(oth)[self.fee_key])) if oth else None)
        a(f" {self.fee_label} = ")
        a.x(w.m(t), num=w.m(bump_money(t, r)))
        a(" in total.")
        a.p()
        a("\n\n")

    def _terms(self, w, a, r, req, o, doc, dk):
        sec, text_fn = dk
        a(r.choice(["Under ", "Per ", "According to "]) + f"{poss(o['name'])} terms (")
        a.x(f"term {sec}", sec=f"term {bad_section(sec, doc, r)}")
        a("), ")
        text_fn(w, a, r)
        a.p()
        a("\n\n")

    def _write(self, w, a, r, req, o, res, opts, totals):
        if res["status"] != "refused":
            hid = res[self.hold_key]
            exp = res.get("expires_at")
            a(f"I've {self.done_word[0]} {o['name']} (")
            a.x(hid, fid=mutate_id(hid, r))
            a(")")
            if exp:
                d = dt.date.fromisoformat(exp[:10])
                a("; it's ")
                a.x(self.status_word(res["status"]), val=self.status_word(self.other_status(res["status"])))
                a(" until ")
                a.x(exp[11:16], tmp=f"{(int(exp[11:13]) + r.choice([2, 3, -3])) % 24:02d}:{exp[14:16]}")
                a(" on ")
                a.x(w.date(d), tmp=w.date(d + dt.timedelta(days=r.choice([1, 2]))))
            a(".")
            a.p()
        else:
            alt = res["alternative"]
            a(f"I tried to {self.done_word[1]} {o['name']}, but the platform ")
            a.x("refused it", neg="accepted it")
            a(" (")
            a.x(f"`{res['reason_code']}`", attr=f"`{r.choice(self.fake_codes)}`")
            a(f"). It offers ")
            ao = [x for x in opts if x[self.id_key] == alt[self.id_key]]
            if ao:
                a.x(ao[0]["name"], ent=r.choice(self.fake_names))
                a(" instead")
            else:
                a("the same listing")
            d = dt.date.fromisoformat(alt["start_date"])
            a(" from ")
            a.x(w.date(d), tmp=w.date(d + dt.timedelta(days=r.choice([1, 2, 3]))))
            a(" at ")
            w.declare(alt["total"])
            a.x(w.m(alt["total"]), num=w.m(bump_money(alt["total"], r)))
            a(" — want me to go ahead with that?")
            a.p()

    def write_args(self, req, o):
        return {self.id_key: o[self.id_key], "start_date": req["start"].isoformat(), self.qty_key: req["qty"],
                self.people_key: req["people"]}

    def write_result(self, r, today, req, o, opts, totals, ok):
        idk = self.id_key
        if ok:
            o["availability"] = "available"
            res = {"status": self.write_status, self.hold_key: f"{self.hold_prefix}-{r.randint(10000, 99999)}",
                   idk: o[idk], "start_date": req["start"].isoformat(), "total": totals[o[idk]], "currency": self.cur}
            if self.write_status != "confirmed":
                res["expires_at"] = ts(today + dt.timedelta(days=r.choice([1, 2])), r.choice([12, 17, 18, 20]), 0, self.zone)
            return res
        o["availability"] = r.choice(["waitlist", "limited"])
        alts = [x for x in opts if x is not o]
        alt = r.choice(alts)
        alt["availability"] = "available"
        return {"status": "refused", "reason_code": r.choice(self.reason_codes), "message": self.refuse_msg,
                idk: o[idk], "alternative": {idk: alt[idk], "name": alt["name"],
                                             "start_date": (req["start"] + dt.timedelta(days=r.choice([0, 1, 2]))).isoformat(),
                                             "total": totals[alt[idk]]}}

    def doc(self, r, o, req):
        h = r.choice([24, 48, 72])
        p = r.choice([20, 25, 30, 50])
        c_sec = r.choice(["2.1", "2.2", "3.1"])
        d_sec = {"2.1": "2.3", "2.2": "3.2", "3.1": "4.1"}[c_sec]
        secs = {"1.1": self.terms_general, c_sec: self.cancel_tpl.format(h=h), d_sec: self.deposit_tpl.format(p=p),
                "1.2": self.terms_extra}
        body = "\n".join(f"{k} {v}" for k, v in sorted(secs.items(), key=lambda kv: tuple(map(int, kv[0].split(".")))))
        doc = f"{self.terms_title} — {o['name']} ({o[self.id_key]})\n\n{body}\n"
        total = self.total(o, req)
        if r.random() < 0.5:
            def fn(w, a, r):
                a("you can cancel free of charge up to ")
                a.x(f"{h} hours", tmp=f"{r.choice([x for x in (12, 24, 48, 72, 96) if x != h])} hours")
                a(f" before {self.event_word}.")
            return doc, (c_sec, fn)

        def fn2(w, a, r):
            dep = round(total * p / 100, 2)
            w.declare(dep)
            w.declare(total)
            a("a ")
            a.x(f"{p}%", num=f"{p + r.choice([10, 15])}%")
            a(f" deposit is due at booking — {w.m(total)} × {p}% = ")
            a.x(w.m(dep), num=w.m(bump_money(dep, r)))
            a(".")
        return doc, (d_sec, fn2)

    def status_word(self, s):
        return {"held": "held", "confirmed": "confirmed", "requested": "pending the provider's reply"}[s]

    def other_status(self, s):
        return {"held": "confirmed", "confirmed": "held", "requested": "confirmed"}[s]

    def _recommend(self, w, a, r, req, o, opts, totals, write=False):
        idk = self.id_key
        cheapest = min(opts, key=lambda x: totals[x[idk]])
        top = max(opts, key=lambda x: x["rating"])
        a(r.choice(["I'd go with ", "My pick: ", "Recommendation: ", "If it were me, I'd book "]))
        a(o["name"])
        reasons = []
        if o is cheapest:
            reasons.append("the cheapest overall")
            w.claim("sup", key="total", mm="min", id=o[idk], among=None)
        if o is top:
            reasons.append("the best rated")
            w.claim("sup", key="rating", mm="max", id=o[idk], among=None)
        if not reasons:
            reasons.append("a good balance of price and reviews")
        a(" — " + " and ".join(reasons))
        a.pc()
        a(".")
        a.p()
        if r.random() < 0.5 and not write:
            a(r.choice([" Happy to compare more dates if you like.", " Let me know if you want other dates.",
                        " Shall I check another week too?"]))

    def inserts(self, w, a, r, o):
        for t in self.claims_pool:
            a.ins("claim", t.format(name=o["name"]))
        a.ins("behavior", f"I've also messaged {o['name']} to confirm the details.")
        a.ins("behavior", "I've saved this comparison to your account.")
        fake = f"{self.cite_prefix}-{r.randint(10000, 99999)}"
        a.ins("cite", w.cite(f"See review thread {fake} for recent feedback.", fake))
        a.ins("elab", r.choice(self.elabs), clause=True)


def poss(name):
    return name + ("'" if name.endswith("s") else "'s")


def by_key(opts, totals, idk):
    return sorted(opts, key=lambda o: totals[o[idk]])


def fmtn(v):
    return str(v) if isinstance(v, int) else f"{v:.1f}"


def bump_money(x, r: R):
    for _ in range(20):
        f = 1 + r.uniform(0.15, 0.45) * r.choice([-1, 1])
        y = round(x * f) if x >= 20 else round(x * f, 2)
        if y != x and y > 0:
            return y
    return x + 13


def bad_section(sec, doc, r: R):
    keys = doc_keys(doc)
    for _ in range(30):
        a, b = sec.split(".")
        c = f"{int(a) + r.choice([0, 3, 4])}.{int(b) + r.choice([3, 4, 5])}"
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


# =========================================================================== the reader (independent of the writer)
_MON = {m: i + 1 for i, m in enumerate(["January", "February", "March", "April", "May", "June", "July", "August",
                                         "September", "October", "November", "December"])}
_MON.update({k[:3]: v for k, v in list(_MON.items())})
_WD = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
_MRX = "|".join(sorted(_MON, key=len, reverse=True))
_DATE = re.compile(r"(?:\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun),? )?(?:\b(\d{1,2}) (" + _MRX + r")\b|\b(" + _MRX + r") (\d{1,2})\b)")
_TIME = re.compile(r"(?<![\d:])([01]\d|2[0-3]):([0-5]\d)(?![\d:])")
_ID = re.compile(r"(?<![\w-])(?=[A-Z0-9-]*\d)[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+(?![\w-])")
_CODE = re.compile(r"`([^`]+)`")
_SEC = re.compile(r"\bterm (\d+\.\d+)")
_MONEY = re.compile(r"[€£$](\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?")
_NUM = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\w]|[.,]\d)")
_WORK = re.compile(r"((?:[€£$]?[\d,]+(?:\.\d+)?%? ?[×÷+−] ?)+[€£$]?[\d,]+(?:\.\d+)?%?) = ([€£$]?[\d,]+(?:\.\d+)?)")
_CAP = re.compile(r"(?<![\w'’-])[A-Z][\w'’&-]*(?: (?:&|and|de|da|do|the|of|la) [A-Z][\w'’&-]*| [A-Z][\w'’&-]*)*")
STYLE = set("""OK A All Also An And Any As At Best Both But By Closest Nearest Farthest Furthest Cheapest For From Good Happy
Here Here's Highest Highest-rated I I'd I've If In It It's Its Let Me My Neither No None Not Of Only On Or Per Plus
Recommendation Shall So Split That The Their Then There These They This To Totals Under Value What When Which With Yes
You Your Want Totals According Good Largest Smallest One Two Three Four Five Six Overall Rated Both Even Note Pick Price
Total Rating Best-value Highest-rated Lowest Worth Go Because Since Although Just Seats Seat Fastest Quickest Slowest
Longest Shortest Most Least Farthest Largest Smallest Nearest""".split())


def _v(whole, frac):
    return float(whole.replace(",", "") + ("." + frac if frac else ""))


def _leaves(v, key=""):
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _leaves(x, k)
    elif isinstance(v, list):
        for x in v:
            yield from _leaves(x, key)
    else:
        yield key, v


class Ev:
    """What the reader knows: user turns and successful tool results (history included)."""

    def __init__(self, scn, plan):
        self.res, strings = [], [plan.request] + [m["text"] for m in plan.history if m["role"] == "user"]
        for m in plan.history:
            if m["role"] == "tool" and not m["call"].error:
                self.res.append(m["call"].result)
        for t in plan.turns:
            for c in t.calls:
                if not c.error:
                    self.res.append(c.result)
        self.nums, self.dates, self.times, self.docs = set(), set(), set(), []
        self.options = None
        for res in self.res:
            if isinstance(res, str):
                self.docs.append(res)
                strings.append(res)
                continue
            if isinstance(res, dict) and isinstance(res.get("results"), list) and self.options is None:
                self.options = res["results"]
                self.query = res.get("query", {})
            for k, v in _leaves(res):
                if isinstance(v, bool) or v is None:
                    continue
                if isinstance(v, (int, float)):
                    self.nums.add(round(abs(float(v)), 6))
                else:
                    strings.append(str(v))
        for s in strings:
            for m in re.finditer(r"(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?", s):
                self.dates.add(dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
                if m.group(4):
                    self.times.add(f"{m.group(4)}:{m.group(5)}")
            x = re.sub(r"\d{4}-\d{2}-\d{2}(T[\d:]+([+-]\d{2}:\d{2}|Z)?)?", " ", s)
            x = re.sub(r"(?<![\w-])[A-Za-z]+(?:-[A-Za-z0-9]+)+", " ", x)
            x = re.sub(r"(?m)^\s*\d+(\.\d+)+\.?(?=\s)", " ", x)
            for m in re.finditer(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?", x):
                self.nums.add(round(_v(m.group(1), m.group(2)), 6))
        assert self.options, "no search result in the evidence"
        self.blob = "\n".join([plan.request] + [m.get("text") or "" for m in plan.history]
                              + [json.dumps(x, ensure_ascii=False) if not isinstance(x, str) else x for x in self.res]
                              + [scn.system] + [json.dumps(t.params) + t.description for t in scn.tools])
        self.fb = fold(self.blob)
        self.keys = set()
        for d in self.docs:
            self.keys |= doc_keys(d)
        self.years = {d.year for d in self.dates}


def _near(x, allowed, dec=2):
    tol = 0.5 * 10.0 ** -max(dec, 2) + 1e-9
    return any(abs(x - a) <= tol for a in allowed)


def _num_of(tok):
    tok = tok.strip().lstrip("€£$").replace(",", "")
    return float(tok)


def check_working(expr, result, where):
    toks = re.findall(r"[€£$]?[\d,]+(?:\.\d+)?%?|[×÷+−]", expr)
    vals, ops = [], []
    for t in toks:
        if t in "×÷+−":
            ops.append(t)
        else:
            vals.append(_num_of(t.rstrip("%")) / (100 if t.endswith("%") else 1))
    # × and ÷ before + and −
    terms, cur = [], vals[0]
    sign = 1
    for op, v in zip(ops, vals[1:]):
        if op == "×":
            cur *= v
        elif op == "÷":
            cur /= v
        else:
            terms.append(sign * cur)
            sign = 1 if op == "+" else -1
            cur = v
    terms.append(sign * cur)
    got = round(sum(terms), 2)
    want = _num_of(result)
    assert abs(got - want) <= 0.006, f"{where}: working {expr} = {result} recomputes to {got}"


def read_answer(text, ev: Ev, w: Yw, scn, where="?"):
    """Raises AssertionError when the clean answer says something the evidence or a declared computation does not support."""
    allowed = ev.nums | w.calc
    masks = []
    n_work = 0
    for m in _WORK.finditer(text):
        check_working(m.group(1), m.group(2), where)
        n_work += 1
    for m in _CODE.finditer(text):
        assert m.group(1) in ev.blob, f"{where}: code {m.group(1)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    for m in _ID.finditer(text):
        assert m.group(0) in ev.blob, f"{where}: identifier {m.group(0)!r} not in the evidence"
        masks.append((m.start(), m.end()))
    for m in _SEC.finditer(text):
        assert m.group(1) in ev.keys, f"{where}: term {m.group(1)} is not in a fetched document"
        masks.append((m.start(), m.end()))
    for m in _TIME.finditer(text):
        assert m.group(0) in ev.times, f"{where}: time {m.group(0)} not in the evidence"
        masks.append((m.start(), m.end()))
    for m in _DATE.finditer(text):
        mon = _MON[m.group(3) or m.group(4)]
        day = int(m.group(2) or m.group(5))
        cands = [dt.date(y, mon, day) for y in ev.years if day <= 31]
        ok = [d for d in cands if d in ev.dates or d in getattr(w, "calc_dates", set())]
        assert ok, f"{where}: date {m.group(0)!r} not in the evidence"
        if m.group(1):
            assert any(_WD[d.weekday()] == m.group(1) for d in ok), f"{where}: weekday of {m.group(0)!r} is wrong"
        masks.append((m.start(), m.end()))
    t = _mask(text, masks)
    for m in _MONEY.finditer(t):
        x = _v(m.group(1), m.group(2))
        assert _near(x, allowed), f"{where}: amount {m.group(0)!r} is not an evidence or computed value"
        masks.append((m.start(), m.end()))
    t = _mask(text, masks)
    for m in re.finditer(r"(\d+)%", t):
        assert _near(float(m.group(1)), allowed), f"{where}: {m.group(0)!r} not computed"
        masks.append((m.start(), m.end()))
    t = _mask(text, masks)
    for m in _NUM.finditer(t):
        x = _v(m.group(1), m.group(2))
        assert _near(x, allowed, len(m.group(2) or "")), f"{where}: figure {m.group(0)!r} is not an evidence or computed value"
        masks.append((m.start(), m.end()))
    left = _mask(text, masks)
    assert not re.search(r"\d", left), f"{where}: stray digit in {left!r}"
    names = {o["name"] for o in ev.options}
    nmask = [(x.start(), x.end()) for x in _CODE.finditer(text)] + [(x.start(), x.end()) for x in _DATE.finditer(text)]
    for m in _CAP.finditer(_mask(text, nmask)):
        s = m.group(0)
        if s in names or fold(s) in ev.fb:
            continue
        for wd in s.split(" "):
            wd2 = wd.strip("'’-")
            if wd2.endswith(("'s", "’s")):
                wd2 = wd2[:-2]
            assert wd2 in STYLE or wd2 in ("and", "&", "de", "da", "do", "the", "of", "la") or fold(wd2) in ev.fb, \
                f"{where}: name {wd2!r} of {s!r} not in the evidence"
    # figures attributed to one option, typed against that option's record
    check_rows(text, ev, scn, where)
    check_comparisons(text, ev, scn, where)
    # comparison claims, recomputed from the parsed options
    check_claims(w, ev, scn, text, where)
    return n_work


def _by_name(ev, name):
    hits = [o for o in ev.options if o["name"] == name.strip("* ")]
    assert len(hits) == 1, f"unknown option {name!r}"
    return hits[0]


def check_comparisons(text, ev, scn, where):
    """Sentences comparing two options, the booking size, per-person splits and cited terms, read off the text."""
    q = ev.query[scn.qty_key]
    ppl = ev.query.get(scn.people_key)
    tot = lambda o: round(q * o[scn.price_key] + o[scn.fee_key], 2)
    units = "|".join(sorted({scn.unit, scn.unit_pl}, key=len, reverse=True))
    for m in re.finditer(r"(?:for|Totals are for) (\d+) (?:" + units + r")\b", text):
        assert int(m.group(1)) == q, f"{where}: {m.group(0)!r} but the search was for {q}"
    for sent in [x for line in text.split("\n") for x in _SENT.split(line)]:
        m = re.match(r"(.+?) works out ([€£$][\d,.]+) (cheaper|more expensive) than (.+?)(?: \(([€£$][\d,.]+) vs ([€£$][\d,.]+)\))?\.$", sent)
        if m:
            x, y = _by_name(ev, m.group(1)), _by_name(ev, m.group(4))
            d = round(tot(x) - tot(y), 2)
            assert abs(_num_of(m.group(2)) - abs(d)) < 0.006 and (d < 0) == (m.group(3) == "cheaper"), f"{where}: {sent!r}"
            if m.group(5):
                assert _num_of(m.group(5)) == tot(x) and _num_of(m.group(6)) == tot(y), f"{where}: {sent!r}"
        m = re.match(r"(.+?)(?:'s|') \w+ rate is about (\d+)% (higher|lower) than (.+?)(?:'s|') \(([€£$][\d,.]+) vs ([€£$][\d,.]+)\)\.$", sent)
        if m:
            x, y = _by_name(ev, m.group(1)), _by_name(ev, m.group(4))
            px, py = x[scn.price_key], y[scn.price_key]
            assert abs((px - py) / py * 100 - int(m.group(2)) * (1 if m.group(3) == "higher" else -1)) <= 0.5 + 1e-9, f"{where}: {sent!r}"
            assert _num_of(m.group(5)) == px and _num_of(m.group(6)) == py, f"{where}: {sent!r}"
        m = re.match(r"(.+?) has (twice|three times) .+ of (.+?) \((\d+) vs (\d+) ", sent)
        if m:
            x, y = _by_name(ev, m.group(1)), _by_name(ev, m.group(3))
            k = {"twice": 2, "three times": 3}[m.group(2)]
            assert x[scn.cap_key] == k * y[scn.cap_key] and int(m.group(4)) == x[scn.cap_key] and int(m.group(5)) == y[scn.cap_key], f"{where}: {sent!r}"
        m = re.match(r"Split between (\d+) ", sent)
        if m:
            assert int(m.group(1)) == ppl, f"{where}: {sent!r} but the group is {ppl}"
        m = re.search(r"\bterm (\d+\.\d+)\)", sent)
        if m:
            lines = [ln for d in ev.docs for ln in d.split("\n") if ln.startswith(m.group(1) + " ")]
            assert lines, f"{where}: term {m.group(1)} not found"
            for fig in re.findall(r"(\d+)(?:%| hours)", sent):
                assert re.search(r"\b" + fig + r"\b", lines[0]), f"{where}: {fig} is not in term {m.group(1)}"


_SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z*])")


def check_rows(text, ev, scn, where):
    """Every line (bullet, table row, pick) or sentence that names exactly one option: its amounts, rating, review
    count, distance, identifier and badge are that option's (or a total / per-person figure computed for it, or the
    result of a working written in the same sentence)."""
    opts = ev.options
    q = ev.query[scn.qty_key]
    ppl = ev.query.get(scn.people_key)
    segs = []
    for line in text.split("\n"):
        if line.startswith(("- ", "| ", "**")):
            segs.append(line)
        else:
            segs += _SENT.split(line)
    for seg in segs:
        named = [o for o in opts if o["name"] in seg]
        named = [o for o in named if not any(o is not x and o["name"] in x["name"] for x in named)]
        if len(named) != 1:
            continue
        o = named[0]
        total = round(q * o[scn.price_key] + o[scn.fee_key], 2)
        ok = {o[scn.price_key], o[scn.fee_key], total, round(q * o[scn.price_key], 2)}
        if ppl:
            ok.add(round(total / ppl, 2))
        for m in _WORK.finditer(seg):
            ok.add(_num_of(m.group(2)))
            for t in re.findall(r"[€£$][\d,]+(?:\.\d+)?", m.group(1)):
                ok.add(_num_of(t))
        for m in _MONEY.finditer(seg):
            x = _v(m.group(1), m.group(2))
            assert any(abs(x - y) < 0.006 for y in ok), f"{where}: {m.group(0)} in {seg!r} is not a figure of {o['name']}"
        for m in re.finditer(r"(\d\.\d)★|is rated (\d\.\d)", seg):
            assert float(m.group(1) or m.group(2)) == o["rating"], f"{where}: rating in {seg!r} is not {o['name']}'s"
        for m in re.finditer(r"(?:\(|from |across )(\d+) reviews", seg):
            assert int(m.group(1)) == o["reviews"], f"{where}: review count in {seg!r} is not {o['name']}'s"
        for m in re.finditer(r"(\d+(?:\.\d)?) (?:km|min|h)\b", seg):
            assert float(m.group(1)) == float(o[scn.dist_key]), f"{where}: distance in {seg!r} is not {o['name']}'s"
        for m in _ID.finditer(seg):
            if re.match(scn.id_pat, m.group(0)):
                assert m.group(0) == o[scn.id_key], f"{where}: identifier {m.group(0)} in {seg!r} is not {o['name']}'s"
        for m in re.finditer(r"\(([A-Z][\w' ]+) badge\)", seg):
            assert o.get("badge") == m.group(1), f"{where}: badge in {seg!r} is not {o['name']}'s"
        stem = scn.cap_word[:-1] if scn.cap_word.endswith("s") else scn.cap_word
        for m in re.finditer(r"(\d+)[ -]" + re.escape(stem), "" if seg.startswith("Split between") else seg):
            assert int(m.group(1)) == o[scn.cap_key], f"{where}: {m.group(0)!r} in {seg!r} is not {o['name']}'s"
        if seg.startswith("| "):
            cells = [c.strip() for c in seg.strip("|").split("|")]
            assert _num_of(cells[1]) == o[scn.price_key] and abs(_num_of(cells[2]) - total) < 0.006, \
                f"{where}: table row {seg!r} does not match {o['name']}"
            assert float(cells[3]) == o["rating"] and float(cells[4]) == float(o[scn.dist_key]), \
                f"{where}: table row {seg!r} does not match {o['name']}"


def _mask(text, spans):
    t = list(text)
    for s, e in spans:
        for i in range(s, e):
            t[i] = " "
    return "".join(t)


def _opt_val(o, key, scn, ev):
    if key == "total":
        q = ev.query[scn.qty_key]
        return round(q * o[scn.price_key] + o[scn.fee_key], 2)
    return o[key]


def check_claims(w, ev, scn, text, where):
    opts = ev.options
    by = {o[scn.id_key]: o for o in opts}
    n = len(opts)
    for c in w.claims:
        k = c["kind"]
        if k == "n":
            assert c["n"] == n, f"{where}: says {c['n']} results, the search returned {n}"
        elif k == "sup":
            vals = [_opt_val(o, c["key"], scn, ev) for o in opts]
            mine = _opt_val(by[c["id"]], c["key"], scn, ev)
            best = min(vals) if c["mm"] == "min" else max(vals)
            assert mine == best and vals.count(best) == 1, f"{where}: {by[c['id']]['name']} is not the unique {c['mm']} of {c['key']}"
            assert by[c["id"]]["name"] in text, f"{where}: superlative names an option not in the answer"
        elif k == "count":
            if c["what"] == "total_le":
                got = sum(1 for o in opts if _opt_val(o, "total", scn, ev) <= c["thr"])
            else:
                got = sum(1 for o in opts if o[c["key"]] is True)
            assert got == c["k"] and c["n"] == n, f"{where}: count claim {c} but the options give {got} of {n}"
        elif k == "diff":
            d = round(_opt_val(by[c["a"]], c["key"], scn, ev) - _opt_val(by[c["b"]], c["key"], scn, ev), 2)
            assert d == c["d"] and d != 0, f"{where}: difference claim {c} recomputes to {d}"
        elif k == "ratio":
            assert by[c["a"]][c["key"]] == c["ratio"] * by[c["b"]][c["key"]], f"{where}: ratio claim {c} is wrong"
        elif k == "pct":
            x, y = by[c["a"]][c["key"]], by[c["b"]][c["key"]]
            assert abs((x - y) / y * 100 - c["p"]) <= 0.5 + 1e-9, f"{where}: percentage claim {c} is wrong"
        elif k == "flag":
            assert by[c["id"]][c["key"]] is c["value"], f"{where}: flag claim {c} contradicts the options"
        elif k == "val":
            assert by[c["id"]][c["key"]] == c["value"], f"{where}: value claim {c} contradicts the options"


# =========================================================================== the guard
STATS = {"clean": 0, "workings": 0, "dropped": 0, "kept": 0}


def _edited(a, idx, rep):
    return "".join(rep if i == idx else p for i, p in enumerate(a.parts))


def vet(scn, plan, w: Yw):
    where = f"{scn.name}/{plan.intent or '?'}"
    a = plan.answer
    ev = Ev(scn, plan)
    text = a.text
    STATS["workings"] += read_answer(text, ev, w, scn, where)
    STATS["clean"] += 1
    names = {o["name"] for o in ev.options}
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
        elif c["idx"] in w.counts and typ in ("numeric", "negation"):
            ci, form = w.counts[c["idx"]]
            cl = w.claims[ci]
            n = len(ev.options)
            true_k = cl["k"]
            newk = WORDN.index(rep.split(" ")[0]) if form == "word" else qcount(rep, n)
            oldk = WORDN.index(orig.split(" ")[0]) if form == "word" else qcount(orig, n)
            assert oldk == true_k, f"{where}: clean quantifier {orig!r} does not state {true_k}"
            drop = newk == true_k
        elif typ == "conflation" and c["category"] == "contradiction/entity":
            drop = rep not in names       # a superlative given to another option: kept (claims are unique by check)
        elif typ in ("numeric", "temporal"):
            try:
                read_answer(_edited(a, c["idx"], rep), ev, w, scn, where)
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
