"""Injected-hallucination generator for tool-output answers.

Follows the edit-based construction of ../shared/spec/span-level-detection-paper.md, section 4:
start from a *grounded* answer built from a tool result, apply one localized replacement edit
given as a structured (original, hallucinated, category) triple, apply it deterministically and
recover the exact character offsets from the edit. Attempts are discarded when the original
substring is not unique in the answer, the edit is a no-op, the edit covers too much of the
answer, or the injected value already occurs in the evidence.

Everything here is synthetic: the tool results are random JSON records of made-up orders,
flights, invoices, tickets, shipments, weather reports and company facts (no dev or eval data
is read). The evidence is rendered the way the Rust runtime renders a JSON tool result for the
model (`path: value` lines, see collector/src/nli.rs `flatten_json`).

Output: one JSON object per line:
  {"evidence": str, "claim": str, "label": "entailment"|"neutral"|"contradiction",
   "category": str, "spans": [[start, end]]}      # offsets: Python str indices into claim

Usage: python inject.py --n 6000 --seed 1 > synth-train.jsonl
"""

import argparse
import json
import random

FIRST = ["Maria", "James", "Aisha", "Kenji", "Lucas", "Priya", "Omar", "Sofia", "Daniel", "Elena", "Chen", "Fatima", "Noah", "Ingrid", "Mateo", "Yuki"]
LAST = ["Lopez", "Smith", "Khan", "Tanaka", "Silva", "Patel", "Haddad", "Rossi", "Kim", "Petrova", "Wei", "Ali", "Becker", "Larsen", "Garcia", "Sato"]
CITIES = ["Lisbon", "Toronto", "Vancouver", "Oslo", "Madrid", "Berlin", "Denver", "Austin", "Dublin", "Osaka", "Nairobi", "Lima", "Prague", "Seattle", "Boston", "Milan"]
COMPANIES = ["Acme Corp", "Northwind", "Globex", "Initech", "Umbrella Labs", "Stark Freight", "Wayne Logistics", "Hooli", "Vandelay Imports", "Soylent Foods"]
CARRIERS = ["UPS", "FedEx", "DHL", "USPS", "Canada Post", "Royal Mail"]
AIRLINES = ["AC", "UA", "LH", "BA", "AF", "DL", "KL", "IB"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
ORDER_STATES = ["shipped", "delivered", "processing", "cancelled", "in transit"]
FLIGHT_STATES = ["on time", "delayed", "cancelled", "boarding", "landed"]
WEATHER = ["sunny", "partly cloudy", "overcast", "light rain", "heavy rain", "snow", "fog", "thunderstorms"]
PRIORITY = ["low", "medium", "high", "urgent"]
TICKET_STATES = ["open", "closed", "pending"]
ADDITIONS = [
    "and it qualifies for free express shipping",
    "and a 10% loyalty discount was applied",
    "and the customer has been notified by SMS",
    "and it was flagged for a manual fraud review",
    "and the warehouse in Reno handled it",
    "because of a strike by ground staff",
    "and a refund of $25 was issued",
    "and it includes a two-year warranty",
    "and the manager approved an exception",
    "due to a system outage last week",
]


def person(r):
    return f"{r.choice(FIRST)} {r.choice(LAST)}"


def ident(r, prefix, digits=5):
    return f"{prefix}-{r.randint(10 ** (digits - 1), 10 ** digits - 1)}"


def date(r):
    return (2025 + r.randint(0, 2), r.randint(1, 12), r.randint(1, 28))


def iso(d):
    return f"{d[0]:04d}-{d[1]:02d}-{d[2]:02d}"


def say_date(r, d):
    y, m, day = d
    return r.choice([f"{MONTHS[m - 1]} {day}, {y}", f"{day} {MONTHS[m - 1]} {y}", f"{MONTHS[m - 1]} {day}", iso(d)])


def money(r, v):
    return r.choice([f"${v:,.2f}", f"${v:,.2f}", f"{v:,.2f} USD"])


def shift_date(r, d):
    y, m, day = d
    return (y, m, day + r.choice([-3, -2, -1, 1, 2, 3])) if 4 <= day <= 25 else (y, m % 12 + 1, day)


def hhmm(r):
    return f"{r.randint(5, 22):02d}:{r.choice([0, 5, 15, 20, 30, 40, 45, 55]):02d}"


def other(r, pool, cur):
    return r.choice([p for p in pool if p != cur])


# Each domain returns (record, [(sentence, [edits])]) where an edit is
# (original_substring, hallucinated_substring, category, label).
def order(r):
    oid, total, items, d = ident(r, "ORD"), round(r.uniform(12, 900), 2), r.randint(1, 9), date(r)
    state, carrier, name = r.choice(ORDER_STATES), r.choice(CARRIERS), person(r)
    rec = {"order": {"id": oid, "status": state, "total": total, "currency": "USD", "items": items, "carrier": carrier, "estimated_delivery": iso(d), "customer": name}}
    t, ds = money(r, total), say_date(r, d)
    neg = {"shipped": "has not shipped", "delivered": "has not been delivered", "processing": "is not being processed", "cancelled": "was not cancelled", "in transit": "is not in transit"}[state]
    pos = {"shipped": "has shipped", "delivered": "has been delivered", "processing": "is being processed", "cancelled": "was cancelled", "in transit": "is in transit"}[state]
    sents = [
        (f"Order {oid} {pos}.", [(pos, neg, "contradiction/negation", "contradiction"), (oid, ident(r, "ORD"), "fabricated_reference/identifier", "neutral")]),
        (f"The order total was {t} for {items} items.", [(t, money(r, round(total * r.choice([0.5, 0.9, 1.1, 2, 10]), 2)), "contradiction/numerical", "contradiction"), (f"{items} items", f"{items + r.randint(1, 4)} items", "contradiction/numerical", "contradiction")]),
        (f"It is being delivered by {carrier} and should arrive on {ds}.", [(carrier, other(r, CARRIERS, carrier), "contradiction/entity", "contradiction"), (ds, say_date(r, shift_date(r, d)), "contradiction/temporal", "contradiction")]),
        (f"The order was placed by {name}.", [(name, person(r), "contradiction/entity", "contradiction")]),
        (f"The current status is {state}.", [(state, other(r, ORDER_STATES, state), "contradiction/value", "contradiction")]),
    ]
    return rec, sents


def flight(r):
    fl = f"{r.choice(AIRLINES)}{r.randint(100, 2999)}"
    o, dst = r.sample(CITIES, 2)
    dep, gate, state, d = hhmm(r), f"{r.choice('ABCDE')}{r.randint(1, 40)}", r.choice(FLIGHT_STATES), date(r)
    rec = {"flight": {"number": fl, "origin": o, "destination": dst, "departure_time": dep, "gate": gate, "status": state, "date": iso(d), "seats_available": r.randint(0, 40)}}
    seats = rec["flight"]["seats_available"]
    sents = [
        (f"Flight {fl} from {o} to {dst} departs at {dep} from gate {gate}.", [(dst, other(r, CITIES, dst), "contradiction/entity", "contradiction"), (dep, hhmm(r), "contradiction/temporal", "contradiction"), (gate, f"{r.choice('FGH')}{r.randint(1, 40)}", "fabricated_reference/attribute", "contradiction")]),
        (f"The flight is {state} on {say_date(r, d)}.", [(state, other(r, FLIGHT_STATES, state), "contradiction/value", "contradiction")]),
        (f"There are {seats} seats still available.", [(f"{seats} seats", f"{seats + r.randint(3, 30)} seats", "contradiction/numerical", "contradiction")]),
        (f"It flies from {o} to {dst}.", [(f"from {o} to {dst}", f"from {dst} to {o}", "contradiction/relational", "contradiction")]),
    ]
    return rec, sents


def weather(r):
    c, tc, cond, wind, hum = r.choice(CITIES), r.randint(-10, 38), r.choice(WEATHER), r.randint(0, 60), r.randint(20, 99)
    rec = {"location": c, "current": {"temperature_c": tc, "condition": cond, "wind_kmh": wind, "humidity_pct": hum}}
    tf = round(tc * 9 / 5 + 32)
    sents = [
        (f"It is currently {tc}°C in {c} with {cond}.", [(f"{tc}°C", f"{tc + r.choice([-8, -5, 4, 7])}°C", "contradiction/numerical", "contradiction"), (cond, other(r, WEATHER, cond), "contradiction/value", "contradiction"), (c, other(r, CITIES, c), "contradiction/entity", "contradiction")]),
        (f"That is about {tf}°F.", [(f"{tf}°F", f"{tf + r.choice([-15, 12, 20])}°F", "contradiction/numerical", "contradiction")]),
        (f"Winds are around {wind} km/h and humidity is {hum}%.", [(f"{hum}%", f"{max(1, hum - r.randint(15, 19))}%", "contradiction/numerical", "contradiction")]),
    ]
    return rec, sents


def invoice(r):
    inv, cust, amt, due, paid = ident(r, "INV", 4), r.choice(COMPANIES), r.randint(200, 90000), date(r), r.random() < 0.5
    rec = {"invoice_id": inv, "customer": cust, "amount_due": amt, "due_date": iso(due), "paid": paid, "contact_email": f"billing@{cust.split()[0].lower()}.com"}
    a, ds = money(r, float(amt)), say_date(r, due)
    state, flip = ("has been paid", "has not been paid") if paid else ("has not been paid yet", "has been paid")
    sents = [
        (f"Invoice {inv} for {cust} is {a}, due on {ds}.", [(a, money(r, float(amt * r.choice([2, 3, 10]))), "contradiction/numerical", "contradiction"), (cust, other(r, COMPANIES, cust), "contradiction/entity", "contradiction"), (ds, say_date(r, shift_date(r, due)), "contradiction/temporal", "contradiction"), (inv, ident(r, "INV", 4), "fabricated_reference/identifier", "neutral")]),
        (f"The invoice {state}.", [(state, flip, "contradiction/negation", "contradiction")]),
        (f"Questions go to {rec['contact_email']}.", [(rec["contact_email"], f"accounts@{cust.split()[0].lower()}-billing.com", "fabricated_reference/identifier", "neutral")]),
    ]
    return rec, sents


def ticket(r):
    tk, who, pr, st, d = ident(r, "SUP", 4), person(r), r.choice(PRIORITY), r.choice(TICKET_STATES), date(r)
    rec = {"ticket": {"key": tk, "assignee": who, "priority": pr, "state": st, "opened": iso(d), "comments": r.randint(0, 30)}}
    n = rec["ticket"]["comments"]
    sents = [
        (f"Ticket {tk} is assigned to {who} with {pr} priority.", [(who, person(r), "contradiction/entity", "contradiction"), (f"{pr} priority", f"{other(r, PRIORITY, pr)} priority", "contradiction/value", "contradiction")]),
        (f"It was opened on {say_date(r, d)} and is {st}.", [(f"is {st}", f"is {other(r, TICKET_STATES, st)}", "contradiction/value", "contradiction")]),
        (f"The ticket has {n} comments.", [(f"{n} comments", f"{n + r.randint(2, 12)} comments", "contradiction/numerical", "contradiction")]),
    ]
    return rec, sents


def company(r):
    co, ceo, hq = r.choice(COMPANIES), person(r), r.choice(CITIES)
    rev, prev = r.randint(50, 5000), None
    prev = round(rev / (1 + r.uniform(0.02, 0.3)))
    emp = r.randint(120, 90000)
    rec = {"company": co, "ceo": ceo, "headquarters": hq, "revenue_musd": {"2025": rev, "2024": prev}, "employees": emp}
    grow = "grew" if rev > prev else "fell"
    approx = f"about {round(emp / 1000)} thousand" if emp >= 10000 else f"{emp:,}"
    sents = [
        (f"{co} is led by CEO {ceo} and headquartered in {hq}.", [(ceo, person(r), "contradiction/entity", "contradiction"), (hq, other(r, CITIES, hq), "contradiction/entity", "contradiction")]),
        (f"Revenue {grow} from ${prev} million in 2024 to ${rev} million in 2025.", [(grow, "fell" if grow == "grew" else "grew", "contradiction/relational", "contradiction"), (f"${rev} million", f"${rev * 2} million", "contradiction/numerical", "contradiction")]),
        (f"The company has {approx} employees.", [(approx, f"{emp * 3:,}", "contradiction/numerical", "contradiction")]),
    ]
    return rec, sents


DOMAINS = [order, flight, weather, invoice, ticket, company]


def flatten(v, prefix=""):
    """`path: value` lines, as collector/src/nli.rs renders a JSON tool result."""
    out = []
    if isinstance(v, dict):
        for k, x in v.items():
            out += flatten(x, f"{prefix}.{k}" if prefix else k)
    elif isinstance(v, list):
        for i, x in enumerate(v):
            out += flatten(x, f"{prefix}[{i}]")
    else:
        s = json.dumps(v) if isinstance(v, bool) or v is None else str(v)
        out.append(f"{prefix}: {s}")
    return out


def render(r, recs):
    lines = []
    for rec in recs:
        lines += flatten(rec)
    return "\n".join(lines)


def example(r):
    dom = r.choice(DOMAINS)
    rec, sents = dom(r)
    # Distractor records from other domains make the model find the relevant fact.
    recs = [rec] + [r.choice(DOMAINS)(r)[0] for _ in range(r.randint(0, 2))]
    r.shuffle(recs)
    evidence = render(r, recs)
    sent, edits = r.choice(sents)
    u = r.random()
    if u < 0.4 or not edits:
        return {"evidence": evidence, "claim": sent, "label": "entailment", "category": "grounded", "spans": []}
    if u < 0.5:
        # Unsupported addition: a clause nothing in the evidence supports.
        add = r.choice(ADDITIONS)
        claim = sent.rstrip(".") + ", " + add + "."
        s = len(sent.rstrip(".")) + 2
        return {"evidence": evidence, "claim": claim, "label": "neutral", "category": "unsupported_addition/claim", "spans": [[s, s + len(add)]]}
    if u < 0.55:
        # A claim about a record that is not in the evidence at all.
        other_rec, other_sents = r.choice(DOMAINS)(r)
        s2, _ = r.choice(other_sents)
        return {"evidence": evidence, "claim": s2, "label": "neutral", "category": "unsupported_addition/claim", "spans": [[0, len(s2)]]}
    orig, hall, cat, label = r.choice(edits)
    if sent.count(orig) != 1 or orig == hall or hall in evidence or len(hall) > 0.6 * len(sent):
        return None  # discarded, as in the paper's automatic checks
    start = sent.index(orig)
    claim = sent[:start] + hall + sent[start + len(orig):]
    return {"evidence": evidence, "claim": claim, "label": label, "category": cat, "spans": [[start, start + len(hall)]]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    r = random.Random(a.seed)
    made = 0
    while made < a.n:
        ex = example(r)
        if ex is None:
            continue
        for s, e in ex["spans"]:
            assert 0 <= s < e <= len(ex["claim"])
        print(json.dumps(ex, ensure_ascii=False))
        made += 1


if __name__ == "__main__":
    main()
