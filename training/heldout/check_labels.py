#!/usr/bin/env python3
"""Validate the held-out agent-run labels against the traces they describe.

    python3 training/heldout/check_labels.py [DIR]        (default: target/heldout)
    python3 training/heldout/check_labels.py --dir target/heldout-b

Reassembles every run from the OTLP/JSON request lines (all three dialects, split runs,
shuffled spans) independently of the generator and checks, per run:

* the label's file / dialect / split flag match the trace;
* ``answer`` equals the final answer in the trace (and, where the dialect records it twice,
  both copies agree);
* every span's ``[start, end)`` (Python code-point offsets) selects exactly ``text`` in ``answer``,
  spans do not overlap, and every span category is listed in ``categories``;
* ``tool_calls`` lists the run's own tool calls, in call order, with their ids and tool names;
* every call labeled valid parses as JSON, passes its tool's JSON Schema (validator below for the
  subset of JSON Schema the tools use) and takes every ID/URL/path argument from the user request
  (current or earlier user turns) or an earlier successful tool result (including results that only
  appear in the conversation history);
* every invalid call is invalid for its stated reason: ``schema`` fails to parse or to validate;
  ``fabricated_id``/``_url``/``_path`` passes the schema but has an argument of that kind whose value
  appears in no user turn and no earlier tool result;
* ``retried_by`` names a later valid call of the same tool, and a recovered call got an error result;
* ``categories``, ``expected_action`` and ``hallucinated`` follow the gating rule of the dev README.

Exit status 0 when every check passes.
"""
from __future__ import annotations

import json
import os
import re
import sys
from collections import Counter, defaultdict


# --------------------------------------------------------------------------- JSON Schema (subset)
def validate(instance, schema, path="$"):
    """Errors of ``instance`` against ``schema``. Supports type (object, array, string, integer,
    number, boolean, null), properties, required, additionalProperties (false or schema), enum,
    pattern, minLength, maxLength, minimum, maximum, items, minItems, maxItems, uniqueItems and
    format "date"/"date-time" (checked as ISO strings)."""
    errors = []
    t = schema.get("type")
    if t is not None:
        types = t if isinstance(t, list) else [t]
        if not any(_is_type(instance, x) for x in types):
            return [f"{path}: {json.dumps(instance)} is not of type {t!r}"]
    if "enum" in schema and instance not in schema["enum"]:
        errors.append(f"{path}: {json.dumps(instance)} is not one of {schema['enum']}")
    if isinstance(instance, str):
        if "pattern" in schema and not re.search(schema["pattern"], instance):
            errors.append(f"{path}: {instance!r} does not match {schema['pattern']!r}")
        if "minLength" in schema and len(instance) < schema["minLength"]:
            errors.append(f"{path}: {instance!r} is shorter than {schema['minLength']}")
        if "maxLength" in schema and len(instance) > schema["maxLength"]:
            errors.append(f"{path}: {instance!r} is longer than {schema['maxLength']}")
        fmt = schema.get("format")
        if fmt == "date" and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", instance):
            errors.append(f"{path}: {instance!r} is not a 'date'")
        if fmt == "date-time" and not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})?", instance):
            errors.append(f"{path}: {instance!r} is not a 'date-time'")
    if _is_type(instance, "number"):
        if "minimum" in schema and instance < schema["minimum"]:
            errors.append(f"{path}: {instance} is less than the minimum of {schema['minimum']}")
        if "maximum" in schema and instance > schema["maximum"]:
            errors.append(f"{path}: {instance} is greater than the maximum of {schema['maximum']}")
    if isinstance(instance, dict):
        props = schema.get("properties", {})
        for req in schema.get("required", []):
            if req not in instance:
                errors.append(f"{path}: {req!r} is a required property")
        for k, v in instance.items():
            if k in props:
                errors += validate(v, props[k], f"{path}.{k}")
            elif schema.get("additionalProperties") is False:
                errors.append(f"{path}: additional property {k!r} is not allowed")
            elif isinstance(schema.get("additionalProperties"), dict):
                errors += validate(v, schema["additionalProperties"], f"{path}.{k}")
    if isinstance(instance, list):
        if "minItems" in schema and len(instance) < schema["minItems"]:
            errors.append(f"{path}: expected at least {schema['minItems']} items")
        if "maxItems" in schema and len(instance) > schema["maxItems"]:
            errors.append(f"{path}: expected at most {schema['maxItems']} items")
        if schema.get("uniqueItems") and len({json.dumps(x, sort_keys=True) for x in instance}) != len(instance):
            errors.append(f"{path}: items are not unique")
        if "items" in schema:
            for i, x in enumerate(instance):
                errors += validate(x, schema["items"], f"{path}[{i}]")
    return errors


def _is_type(x, t):
    if t == "object":
        return isinstance(x, dict)
    if t == "array":
        return isinstance(x, list)
    if t == "string":
        return isinstance(x, str)
    if t == "boolean":
        return isinstance(x, bool)
    if t == "integer":
        return isinstance(x, int) and not isinstance(x, bool)
    if t == "number":
        return isinstance(x, (int, float)) and not isinstance(x, bool)
    if t == "null":
        return x is None
    raise ValueError(f"unsupported type {t!r}")


# --------------------------------------------------------------------------- entity arguments
ENTITY_ARG = re.compile(r"(^|_)(id|ids|url|path|number|confirmation|sku|symbols?)$")


def entity_kind(name):
    if name.endswith("url"):
        return "url"
    if name.endswith("path"):
        return "path"
    return "id"


def entity_values(args, schema_props=None):
    """(name, kind, value) for every ID/URL/path argument (top level; list items included)."""
    out = []
    if not isinstance(args, dict):
        return out
    for k, v in args.items():
        if not ENTITY_ARG.search(k):
            continue
        for item in (v if isinstance(v, list) else [v]):
            if isinstance(item, str):
                out.append((k, entity_kind(k), item))
    return out


# --------------------------------------------------------------------------- trace reassembly
def sattr(span):
    out = {}
    for a in span.get("attributes", []):
        v = a["value"]
        if "stringValue" in v:
            out[a["key"]] = v["stringValue"]
        elif "intValue" in v:
            out[a["key"]] = int(v["intValue"])
        elif "doubleValue" in v:
            out[a["key"]] = v["doubleValue"]
        elif "boolValue" in v:
            out[a["key"]] = v["boolValue"]
        elif "arrayValue" in v:
            out[a["key"]] = [list(x.values())[0] for x in v["arrayValue"].get("values", [])]
    return out


def indexed(a, prefix):
    """llm.input_messages.N.message.* / gen_ai.prompt.N.* -> list of dicts keyed by the suffix."""
    rows = defaultdict(dict)
    pat = re.compile(re.escape(prefix) + r"(\d+)\.(.+)$")
    for k, v in a.items():
        m = pat.match(k)
        if m:
            rows[int(m.group(1))][m.group(2)] = v
    return [rows[i] for i in sorted(rows)]


def sub_indexed(row, prefix):
    rows = defaultdict(dict)
    pat = re.compile(re.escape(prefix) + r"(\d+)\.(.+)$")
    for k, v in row.items():
        m = pat.match(k)
        if m:
            rows[int(m.group(1))][m.group(2)] = v
    return [rows[i] for i in sorted(rows)]


class RunView:
    """Dialect-neutral view: user texts, history results, tool schemas, calls, answer."""

    def __init__(self):
        self.request = None
        self.history_users = []
        self.history_results = []
        self.schemas = {}
        self.calls = []          # dicts: id, tool, args_text, result, error
        self.answers = []        # every copy of the final answer found
        self.dialect = None


def view_genai(spans):
    v = RunView()
    v.dialect = "genai"
    chats = sorted([s for s in spans if sattr(s).get("gen_ai.operation.name") == "chat"],
                   key=lambda s: int(s["startTimeUnixNano"]))
    tools = {sattr(s).get("gen_ai.tool.call.id"): s for s in spans
             if sattr(s).get("gen_ai.operation.name") == "execute_tool"}
    first = json.loads(sattr(chats[0])["gen_ai.input.messages"])
    last_user = max(i for i, m in enumerate(first) if m["role"] == "user")
    for m in first[:last_user]:
        for p in m["parts"]:
            if m["role"] == "user" and p["type"] == "text":
                v.history_users.append(p["content"])
            if p["type"] == "tool_call_response":
                v.history_results.append(p["response"])
    v.request = "".join(p["content"] for p in first[last_user]["parts"] if p["type"] == "text")
    for t in json.loads(sattr(chats[0])["gen_ai.tool.definitions"]):
        v.schemas[t["name"]] = t["parameters"]
    for ch in chats:
        out = json.loads(sattr(ch)["gen_ai.output.messages"])
        for p in out[0]["parts"]:
            if p["type"] == "tool_call":
                ts = tools[p["id"]]
                ta = sattr(ts)
                args_text = ta["gen_ai.tool.call.arguments"]
                part_args = p["arguments"]
                if isinstance(part_args, str):
                    assert part_args == args_text, "tool_call part arguments differ from execute_tool span"
                else:
                    assert json.loads(args_text) == part_args, "tool_call part arguments differ from execute_tool span"
                v.calls.append({"id": p["id"], "tool": p["name"], "args_text": args_text,
                                "result": ta.get("gen_ai.tool.call.result", ""),
                                "error": (ts.get("status") or {}).get("code") == 2})
    final = json.loads(sattr(chats[-1])["gen_ai.output.messages"])
    assert final[0].get("finish_reason") == "stop", "last chat span does not finish with stop"
    v.answers.append("".join(p["content"] for p in final[0]["parts"] if p["type"] == "text"))
    return v


def view_openinference(spans):
    v = RunView()
    v.dialect = "openinference"
    kind = lambda s: sattr(s).get("openinference.span.kind")
    root = [s for s in spans if kind(s) == "AGENT"][0]
    llms = sorted([s for s in spans if kind(s) == "LLM"], key=lambda s: int(s["startTimeUnixNano"]))
    tools = {sattr(s).get("tool_call.id"): s for s in spans if kind(s) == "TOOL"}
    ra = sattr(root)
    v.request = ra["input.value"]
    v.answers.append(ra["output.value"])
    la = sattr(llms[0])
    i = 0
    while f"llm.tools.{i}.tool.json_schema" in la:
        f = json.loads(la[f"llm.tools.{i}.tool.json_schema"])["function"]
        v.schemas[f["name"]] = f["parameters"]
        i += 1
    for s in llms:
        out = indexed(sattr(s), "llm.output_messages.")[0]
        for tc in sub_indexed(out, "message.tool_calls."):
            ts = tools[tc["tool_call.id"]]
            ta = sattr(ts)
            assert ta["input.value"] == tc["tool_call.function.arguments"], "TOOL input differs from LLM tool call"
            v.calls.append({"id": tc["tool_call.id"], "tool": tc["tool_call.function.name"],
                            "args_text": ta["input.value"], "result": ta.get("output.value", ""),
                            "error": (ts.get("status") or {}).get("code") == 2})
    v.answers.append(indexed(sattr(llms[-1]), "llm.output_messages.")[0].get("message.content"))
    return v


def view_openllmetry(spans):
    v = RunView()
    v.dialect = "openllmetry"
    kind = lambda s: sattr(s).get("traceloop.span.kind")
    root = [s for s in spans if kind(s) == "agent"][0]
    llms = sorted([s for s in spans if s["name"] in ("openai.chat", "anthropic.chat")],
                  key=lambda s: int(s["startTimeUnixNano"]))
    tool_spans = sorted([s for s in spans if kind(s) == "tool"], key=lambda s: int(s["startTimeUnixNano"]))
    ra = sattr(root)
    v.request = json.loads(ra["traceloop.entity.input"])["args"][0]
    v.answers.append(json.loads(ra["traceloop.entity.output"]))
    la = sattr(llms[0])
    for f in indexed(la, "llm.request.functions."):
        v.schemas[f["name"]] = json.loads(f["parameters"])
    pending = list(tool_spans)
    for s in llms:
        comp = indexed(sattr(s), "gen_ai.completion.")[0]
        for tc in sub_indexed(comp, "tool_calls."):
            # match by order and name
            k = next(i for i, ts in enumerate(pending) if sattr(ts)["traceloop.entity.name"] == tc["name"])
            ts = pending.pop(k)
            ta = sattr(ts)
            kwargs = json.loads(ta["traceloop.entity.input"])["kwargs"]
            assert kwargs == json.loads(tc["arguments"]), "tool span kwargs differ from the completion tool call"
            out = json.loads(ta["traceloop.entity.output"])
            v.calls.append({"id": tc["id"], "tool": tc["name"], "args_text": tc["arguments"],
                            "result": out if isinstance(out, str) else json.dumps(out),
                            "error": (ts.get("status") or {}).get("code") == 2})
    v.answers.append(indexed(sattr(llms[-1]), "gen_ai.completion.")[0]["content"])
    return v


def detect_dialect(spans):
    for s in spans:
        a = sattr(s)
        if "openinference.span.kind" in a:
            return "openinference"
        if "traceloop.span.kind" in a:
            return "openllmetry"
    return "genai"


VIEWS = {"genai": view_genai, "openinference": view_openinference, "openllmetry": view_openllmetry}


# --------------------------------------------------------------------------- checks
def gate(spans, calls):
    cats = {s["category"] for s in spans}
    unrecovered = [c for c in calls if not c["valid"] and c.get("retried_by") is None]
    if any(c.startswith("fabricated_reference/") for c in cats) or any(
            c["reason"].startswith("fabricated_") for c in unrecovered):
        return "block"
    if cats or any(c["reason"] == "schema" for c in unrecovered):
        return "revise"
    return "emit"


def check_run(label, view, problems):
    tid = label["trace_id"]

    def bad(msg):
        problems.append(f"{tid[:12]} ({label['scenario']}, {label['dialect']}): {msg}")

    if view.dialect != label["dialect"]:
        bad(f"dialect {view.dialect} != label {label['dialect']}")
    answer = label["answer"]
    for a in view.answers:
        if a != answer:
            bad("answer differs from the final answer in the trace")
    # spans
    prev_end = -1
    for s in sorted(label["spans"], key=lambda s: s["start"]):
        if not (0 <= s["start"] < s["end"] <= len(answer)) or answer[s["start"]:s["end"]] != s["text"]:
            bad(f"span {s['start']}:{s['end']} does not select {s['text']!r}")
        if s["start"] < prev_end:
            bad("overlapping spans")
        prev_end = s["end"]
        if s["category"] not in label["categories"]:
            bad(f"span category {s['category']} missing from categories")
    if len(label.get("edits", [])) != len(label["spans"]):
        bad("edits and spans differ in number")
    for e in label.get("edits", []):
        if not any(s["text"] == e["replacement"] and s["category"] == e["category"] for s in label["spans"]):
            bad(f"edit {e['type']} has no matching span")
        if e["original"] is not None and e["original"] == e["replacement"]:
            bad("edit does not change anything")
    # calls
    lc = label["tool_calls"]
    if [(c["call_id"], c["tool"]) for c in lc] != [(c["id"], c["tool"]) for c in view.calls]:
        bad("tool_calls differ from the calls in the trace")
        return
    users = view.history_users + [view.request]
    prov = list(users) + list(view.history_results)
    ids = [c["call_id"] for c in lc]
    for k, (gold, call) in enumerate(zip(lc, view.calls)):
        schema = view.schemas.get(call["tool"])
        if schema is None:
            bad(f"no tool definition for {call['tool']}")
            continue
        try:
            args = json.loads(call["args_text"])
            errs = validate(args, schema)
        except ValueError:
            args, errs = None, ["arguments are not valid JSON"]
        unsupported = [(n, kind, val) for n, kind, val in entity_values(args)
                       if not any(val in p for p in prov)] if args is not None else []
        if gold["valid"]:
            if gold["reason"] != "ok" or gold.get("retried_by") is not None:
                bad(f"valid call {gold['call_id']} has reason {gold['reason']} / retried_by")
            if errs:
                bad(f"valid call {call['tool']} fails its schema: {errs}")
            if unsupported:
                bad(f"valid call {call['tool']} uses unsupplied entity arguments {unsupported}")
        else:
            reason = gold["reason"]
            if reason == "schema":
                if not errs:
                    bad(f"call {gold['call_id']} labeled schema but passes the schema")
            elif reason in ("fabricated_id", "fabricated_url", "fabricated_path"):
                want = reason.split("_")[1]
                if errs:
                    bad(f"call {gold['call_id']} labeled {reason} but also fails the schema: {errs}")
                if not any(kind == want for _, kind, _ in unsupported):
                    bad(f"call {gold['call_id']} labeled {reason} but has no unsupplied {want} argument")
            else:
                bad(f"unknown reason {reason}")
            rb = gold.get("retried_by")
            if rb is not None:
                if rb not in ids or ids.index(rb) <= k:
                    bad(f"retried_by {rb} is not a later call")
                else:
                    retry = lc[ids.index(rb)]
                    if not retry["valid"] or retry["tool"] != gold["tool"]:
                        bad("retry is not a valid call of the same tool")
                if not call["error"]:
                    bad(f"recovered call {gold['call_id']} did not get an error result")
            elif reason == "schema" and call["error"]:
                bad(f"unrecovered schema call {gold['call_id']} should have been executed leniently")
        if not call["error"]:
            prov.append(call["result"])
    # faults / categories / gating
    expected_cats = {s["category"] for s in label["spans"]} | {f"tool_call/{c['reason']}" for c in lc if not c["valid"]}
    if set(label["categories"]) != expected_cats:
        bad(f"categories {label['categories']} != {sorted(expected_cats)}")
    faults = label.get("stage1_faults", [])
    if sorted(f["call_id"] for f in faults) != sorted(c["call_id"] for c in lc if not c["valid"]):
        bad("stage1_faults do not list the invalid calls")
    for f in faults:
        c = lc[ids.index(f["call_id"])]
        if f["recovered"] != (c.get("retried_by") is not None):
            bad("stage1_faults.recovered disagrees with retried_by")
    act = gate(label["spans"], lc)
    if act != label["expected_action"]:
        bad(f"expected_action {label['expected_action']} but the gating rule gives {act}")
    if label["hallucinated"] != (label["expected_action"] != "emit"):
        bad("hallucinated disagrees with expected_action")
    if label.get("heldout_split") not in ("development", "validation"):
        bad("heldout_split missing")


def main():
    import argparse
    ap = argparse.ArgumentParser(description="Validate held-out labels against their traces.")
    ap.add_argument("dir", nargs="?", default=None, help="generated set directory (default target/heldout)")
    ap.add_argument("--dir", dest="dir_opt", default=None, help="same as the positional DIR, e.g. target/heldout-b")
    ns = ap.parse_args()
    d = ns.dir_opt or ns.dir or "target/heldout"
    labels = [json.loads(l) for l in open(os.path.join(d, "labels.jsonl"), encoding="utf-8") if l.strip()]
    spans_by_trace = defaultdict(list)
    lines_by_trace = defaultdict(list)
    files = sorted(f for f in os.listdir(d) if re.fullmatch(r"runs-\d{3}\.jsonl", f))
    n_lines = 0
    for f in files:
        with open(os.path.join(d, f), encoding="utf-8") as fh:
            for ln, line in enumerate(fh):
                if not line.strip():
                    continue
                n_lines += 1
                req = json.loads(line)
                tids = set()
                for rs in req["resourceSpans"]:
                    names = {a["key"] for a in rs["resource"]["attributes"]}
                    assert "service.name" in names
                    for ss in rs["scopeSpans"]:
                        for s in ss["spans"]:
                            assert re.fullmatch(r"[0-9a-f]{32}", s["traceId"]) and re.fullmatch(r"[0-9a-f]{16}", s["spanId"])
                            spans_by_trace[s["traceId"]].append(s)
                            tids.add(s["traceId"])
                assert len(tids) == 1, f"{f}:{ln} mixes traces"
                lines_by_trace[tids.pop()].append(f)
    problems = []
    if len({l["trace_id"] for l in labels}) != len(labels):
        problems.append("duplicate trace ids in labels")
    if set(spans_by_trace) != {l["trace_id"] for l in labels}:
        problems.append("traces and labels do not match one to one")
    for label in labels:
        tid = label["trace_id"]
        spans = spans_by_trace.get(tid)
        if not spans:
            continue
        ids = {s["spanId"] for s in spans}
        roots = [s for s in spans if "parentSpanId" not in s]
        if len(roots) != 1 or any(s.get("parentSpanId") not in ids for s in spans if s is not roots[0]):
            problems.append(f"{tid[:12]}: broken span tree")
        where = lines_by_trace[tid]
        if set(where) != {label["file"]}:
            problems.append(f"{tid[:12]}: file {label['file']} but found in {sorted(set(where))}")
        if label["split"] != (len(where) > 1):
            problems.append(f"{tid[:12]}: split flag {label['split']} but {len(where)} request lines")
        try:
            view = VIEWS[detect_dialect(spans)](spans)
        except Exception as e:  # noqa: BLE001 - report any reassembly failure
            problems.append(f"{tid[:12]}: cannot reassemble ({type(e).__name__}: {e})")
            continue
        check_run(label, view, problems)
    c = Counter(l["expected_action"] for l in labels)
    print(f"runs={len(labels)} request_lines={n_lines} files={len(files)} "
          f"emit={c['emit']} revise={c['revise']} block={c['block']} "
          f"calls={sum(len(l['tool_calls']) for l in labels)} "
          f"invalid_calls={sum(not x['valid'] for l in labels for x in l['tool_calls'])} "
          f"spans={sum(len(l['spans']) for l in labels)}")
    for p in problems[:60]:
        print("FAIL", p)
    if problems:
        print(f"{len(problems)} problem(s)")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
