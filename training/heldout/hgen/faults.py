"""Stage-1 fault injection: schema violations and fabricated ID/URL/path arguments."""
from __future__ import annotations

import copy
import json
import re

from check_labels import validate
from .common import R, Call, Turn, mutate_id

SCHEMA_FAULTS = ["missing_required", "wrong_type", "enum_violation", "pattern_violation", "range_violation",
                 "extra_property", "malformed_json"]
ENTITY_FAULTS = {"fabricated_id": "id", "fabricated_url": "url", "fabricated_path": "path"}
# which schema faults a lenient tool can still execute (unrecovered)
LENIENT = {"wrong_type", "enum_violation", "pattern_violation", "range_violation", "extra_property"}

ENUM_SYNONYMS = {"cancelled": "canceled", "canceled": "cancelled", "annual": "vacation", "sick": "sick_leave",
                 "in_transit": "in-transit", "new_patient": "new", "follow_up": "followup", "telehealth": "video",
                 "checking": "current", "open": "active", "resolved": "closed", "economy": "standard",
                 "king": "king_bed", "7d": "1w", "24h": "1d", "1h": "60m", "debit": "debit_card",
                 "quarter": "q", "stage": "by_stage", "owner": "rep"}


def _fmt_date_bad(v, r: R):
    y, m, d = v[:4], v[5:7], v[8:10]
    return r.choice([f"{m}/{d}/{y}", f"{d}.{m}.{y}", f"{y}/{m}/{d}", f"{d}/{m}/{y}"])


def schema_variant(r: R, tool, args, fault, lenient=False):
    """Returns (new_args, raw_text, detail) or None when the fault does not fit this call."""
    props = tool.params.get("properties", {})
    req = tool.params.get("required", [])
    a = copy.deepcopy(args)
    if fault == "missing_required":
        cands = [p for p in req if p in a]
        if not cands or lenient:
            return None
        p = r.choice(cands)
        del a[p]
        return a, None, f"'{p}' is a required property"
    if fault == "wrong_type":
        cands = [p for p, s in props.items() if p in a and s.get("type") in ("integer", "number", "boolean", "array")]
        if not cands:
            return None
        p = r.choice(cands)
        v = a[p]
        if isinstance(v, bool):
            a[p] = "true" if v else "false"
        elif isinstance(v, list):
            a[p] = ",".join(map(str, v))
        else:
            a[p] = str(v)
        return a, None, f"{json.dumps(a[p])} is not of type '{props[p]['type']}'"
    if fault == "enum_violation":
        cands = [p for p, s in props.items() if p in a and "enum" in s]
        if not cands:
            return None
        p = r.choice(cands)
        v = a[p]
        opts = [v.upper(), v.title()]
        if not lenient and v in ENUM_SYNONYMS:
            opts.append(ENUM_SYNONYMS[v])
        opts = [o for o in opts if o not in props[p]["enum"]]
        if not opts:
            return None
        a[p] = r.choice(opts)
        return a, None, f"'{a[p]}' is not one of {props[p]['enum']}"
    if fault == "pattern_violation":
        cands = [p for p, s in props.items() if p in a and "pattern" in s and isinstance(a[p], str)]
        if not cands:
            return None
        p = r.choice(cands)
        v = a[p]
        pat = props[p]["pattern"]
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
            nv = _fmt_date_bad(v, r)
        elif lenient:
            nv = v.lower()
        else:
            opts = [v.lower(), v.replace("-", ""), re.sub(r"^[A-Za-z]+-", "", v), v + " "]
            opts = [o for o in opts if o != v]
            nv = r.choice(opts)
        if re.search(pat, nv):
            return None
        a[p] = nv
        return a, None, f"'{nv}' does not match '{pat}'"
    if fault == "range_violation":
        cands = [p for p, s in props.items() if s.get("type") in ("integer", "number") and ("maximum" in s or "minimum" in s)
                 and (p in a or p not in req)]
        cands = [p for p in cands if not isinstance(a.get(p), bool)]
        if not cands:
            return None
        p = r.choice(cands)
        s = props[p]
        if "maximum" in s and s["maximum"] >= 1000:          # years and the like: just outside the range
            nv = r.choice([s["maximum"] + 1, s.get("minimum", s["maximum"]) - 1])
            detail = (f"{nv} is greater than the maximum of {s['maximum']}" if nv > s["maximum"]
                      else f"{nv} is less than the minimum of {s['minimum']}")
        elif "maximum" in s and (r.random() < 0.75 or "minimum" not in s):
            nv = s["maximum"] * r.choice([2, 5, 10]) if s["maximum"] >= 5 else s["maximum"] + r.randint(1, 5)
            detail = f"{nv} is greater than the maximum of {s['maximum']}"
        else:
            nv = s["minimum"] - r.choice([1, 1, 5]) if s["minimum"] > 0 else -1
            detail = f"{nv} is less than the minimum of {s['minimum']}"
        if s["type"] == "integer":
            nv = int(nv)
        a[p] = nv
        return a, None, detail
    if fault == "extra_property":
        extras = [(k, v) for k, v in tool.extra if k not in props] or []
        if not extras:
            return None
        k, v = r.choice(extras)
        a[k] = v
        return a, None, f"Additional properties are not allowed ('{k}' was unexpected)"
    if fault == "malformed_json":
        if lenient:
            return None
        txt = json.dumps(args)
        style = r.choice(["python", "trailing", "truncated", "unquoted"])
        if style == "python":
            raw = repr(args).replace("True", "true").replace("False", "false")
            if raw == txt or "'" not in raw:
                raw = txt[:-1] + ",}"
        elif style == "trailing":
            raw = txt[:-1] + ",}"
        elif style == "truncated":
            raw = txt[:-1]
        else:
            raw = re.sub(r'"([a-z_]+)":', r"\1:", txt, count=1)
        try:
            json.loads(raw)
            return None
        except ValueError:
            return None if raw == txt else (None, raw, "arguments are not valid JSON")
    raise ValueError(fault)


def error_result(r: R, scn, tool, detail, kind="invalid_arguments", style=None):
    style = style if style is not None else scn.error_style
    if kind == "invalid_arguments":
        if style == 0:
            return {"error": {"code": "invalid_arguments", "message": f"Invalid arguments for {tool.name}: {detail}"}}
        if style == 1:
            return {"detail": [{"type": "value_error", "loc": ["body"], "msg": detail}], "status": 422}
        return f"Error: tool '{tool.name}' rejected the arguments: {detail}"
    # not found
    if style == 0:
        return {"error": {"code": "not_found", "message": detail}}
    if style == 1:
        return {"status": 404, "title": "Not Found", "detail": detail}
    return f"Error: {detail}"


def fabricate(r: R, kind, value, evidence):
    """A value of the same shape as ``value`` that appears nowhere in the evidence."""
    for _ in range(50):
        if kind == "id":
            nv = mutate_id(value, r)
        elif kind == "url":
            head, _, tail = value.rstrip("/").rpartition("/")
            if re.search(r"\d", tail) or len(tail) > 16:
                nv = head + "/" + mutate_id(tail, r)
            else:
                guess = r.choice(["overview", "policy", "details", "terms", "latest", "index", "summary", "faq"])
                nv = head + "/" + tail + "-" + guess if r.random() < 0.5 else head + "/" + guess
        else:
            head, _, tail = value.rpartition("/")
            stem, dot, ext = tail.rpartition(".")
            guess = r.choice(["restart", "rollback", "overview", "failover", "triage", "summary", "weekly", "main",
                              "v2", "latest", "runbook", "recovery"])
            nv = f"{head}/{guess}.{ext}" if dot else f"{head}/{guess}"
        if nv != value and not any(nv in e or (len(e) < 60 and e and e in nv and kind == "id") for e in evidence):
            return nv
    raise RuntimeError("cannot fabricate a value")


def entity_calls(plan, scn, kind):
    """(turn index, call index, call, arg name) for calls with an entity argument of ``kind``."""
    out = []
    for ti, t in enumerate(plan.turns):
        for ci, c in enumerate(t.calls):
            tool = scn.tool(c.tool)
            for arg, k in tool.entity.items():
                if k == kind and isinstance(c.args.get(arg), str):
                    out.append((ti, ci, c, arg))
    return out


RETRY_TEXT = ["Let me fix that and try again.", "That didn't go through; retrying with the right value.",
              "Sorry, correcting the request.", None, None, None]


def inject(r: R, scn, plan, fault, recovered, dialect, evidence):
    """Mutates plan.turns. Returns True when the fault was injected."""
    if fault in ENTITY_FAULTS:
        kind = ENTITY_FAULTS[fault]
        cands = entity_calls(plan, scn, kind)
        if not cands:
            return False
        ti, ci, c, arg = r.choice(cands)
        tool = scn.tool(c.tool)
        bad = c.clone()
        fake = fabricate(r, kind, c.args[arg], evidence)
        bad.args[arg] = fake
        if validate(bad.args, tool.params):
            return False
        noun = scn.entity_noun.get(arg, arg.replace("_", " "))
        bad.result = error_result(r, scn, tool, f"{noun} {fake} not found", "not_found")
        bad.error = "not_found"
        bad.valid, bad.reason, bad.fault = False, fault, fault
        if recovered:
            plan.turns[ti].calls[ci] = bad
            plan.turns.insert(ti + 1, Turn([c], r.choice(RETRY_TEXT)))
            bad.recovered = True
            bad.retry_of = c
        else:
            bad.recovered = False
            if r.random() < 0.5:
                plan.turns[ti].calls.insert(ci + r.randint(0, 1), bad)
            else:
                # an extra lookup in a later turn, never retried
                plan.turns.insert(ti + 1, Turn([bad], None))
        return True
    # schema faults
    lenient = not recovered
    if fault == "malformed_json" and dialect == "openllmetry":
        return False
    cands = [(ti, ci, c) for ti, t in enumerate(plan.turns) for ci, c in enumerate(t.calls)]
    r.shuffle(cands)
    for ti, ci, c in cands:
        tool = scn.tool(c.tool)
        v = schema_variant(r, tool, c.args, fault, lenient)
        if v is None:
            continue
        new_args, raw, detail = v
        bad = c.clone()
        bad.args, bad.raw = new_args, raw
        if raw is None and not validate(new_args, tool.params):
            continue
        bad.valid, bad.reason, bad.fault = False, "schema", fault
        if recovered:
            bad.result = error_result(r, scn, tool, detail)
            bad.error = "invalid_arguments"
            bad.recovered = True
            bad.retry_of = c
            plan.turns[ti].calls[ci] = bad
            plan.turns.insert(ti + 1, Turn([c], r.choice(RETRY_TEXT)))
        else:
            bad.recovered = False
            plan.turns[ti].calls[ci] = bad      # lenient tool: executed, same result
        return True
    return False
