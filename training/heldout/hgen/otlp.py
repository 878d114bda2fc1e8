"""OTLP/JSON emitters for the three span dialects (genai, openinference, openllmetry)."""
from __future__ import annotations

import json
from urllib.parse import urlparse

from .common import R

PROVIDERS = [
    # provider.name, request model, response model, call-id style, family
    ("openai", "gpt-4o", "gpt-4o-2024-11-20", "openai", "openai"),
    ("openai", "gpt-4.1", "gpt-4.1-2025-04-14", "openai", "openai"),
    ("openai", "gpt-4.1-mini", "gpt-4.1-mini-2025-04-14", "openai", "openai"),
    ("azure.ai.openai", "gpt-4o", "gpt-4o-2024-11-20", "openai", "openai"),
    ("azure.ai.openai", "gpt-4.1", "gpt-4.1-2025-04-14", "openai", "openai"),
    ("anthropic", "claude-sonnet-4-20250514", "claude-sonnet-4-20250514", "anthropic", "anthropic"),
    ("anthropic", "claude-3-7-sonnet-20250219", "claude-3-7-sonnet-20250219", "anthropic", "anthropic"),
    ("aws.bedrock", "anthropic.claude-3-5-sonnet-20241022-v2:0", "anthropic.claude-3-5-sonnet-20241022-v2:0",
     "bedrock", "anthropic"),
]

GENAI_SCOPES = [("agent_framework", "1.0.0b251016"), ("opentelemetry.instrumentation.genai", "0.3b0"),
                ("strands.telemetry.tracer", "1.9.1"), ("opentelemetry.instrumentation.openai_agents", "0.1.2")]
OI_SCOPES = {"openai": [("openinference.instrumentation.openai", "0.1.31"),
                        ("openinference.instrumentation.langchain", "0.1.50")],
             "anthropic": [("openinference.instrumentation.anthropic", "0.1.19"),
                           ("openinference.instrumentation.langchain", "0.1.50")]}
OLL_SCOPES = {"openai": ("opentelemetry.instrumentation.openai.v1", "0.47.3"),
              "anthropic": ("opentelemetry.instrumentation.anthropic", "0.47.3")}
HTTPX = ("opentelemetry.instrumentation.httpx", "0.54b0")


def av(v):
    if isinstance(v, bool):
        return {"boolValue": v}
    if isinstance(v, int):
        return {"intValue": str(v)}
    if isinstance(v, float):
        return {"doubleValue": v}
    if isinstance(v, (list, tuple)):
        return {"arrayValue": {"values": [av(x) for x in v]}}
    return {"stringValue": str(v)}


def attrs(d):
    return [{"key": k, "value": av(v)} for k, v in d.items() if v is not None]


def call_id(r: R, style):
    if style == "openai":
        return "call_" + r.alnum(24)
    if style == "anthropic":
        return "toolu_01" + r.alnum(22)
    return "tooluse_" + r.alnum(22, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def response_id(r: R, family):
    if family == "openai":
        return "chatcmpl-" + r.alnum(29)
    return "msg_01" + r.alnum(22)


def toks(*texts):
    return max(1, sum(len(t) for t in texts if t) // 4)


class Span:
    def __init__(self, run, name, kind, parent, start, end, attributes, status=None, scope=None, events=None):
        self.d = {"traceId": run.trace_id, "spanId": run.r.hexid(8), "name": name, "kind": kind,
                  "startTimeUnixNano": str(start), "endTimeUnixNano": str(end), "attributes": attrs(attributes)}
        if parent is not None:
            self.d["parentSpanId"] = parent
        if status is not None:
            self.d["status"] = status
        if events:
            self.d["events"] = events
        self.scope = scope

    @property
    def id(self):
        return self.d["spanId"]


class Clock:
    def __init__(self, r: R, t0):
        self.r, self.t = r, t0

    def gap(self, lo=3, hi=40):
        self.t += self.r.randint(lo, hi) * 1_000_000
        return self.t

    def llm(self, out_tokens):
        return self.r.randint(350, 900) * 1_000_000 + out_tokens * self.r.randint(9, 22) * 1_000_000


def tool_duration(r: R):
    return r.randint(60, 1400) * 1_000_000


# --------------------------------------------------------------------------- shared timeline
def timeline(run):
    """Yields (turn_index, start, end) for LLM turns and per call (start, end); returns root end."""
    r = run.r
    clock = Clock(r, run.t0)
    clock.gap(15, 60)
    plan = []
    for ti, turn in enumerate(run.turns + [None]):
        out_text = run.answer if turn is None else (turn.text or "") + "".join(c.args_json() for c in turn.calls)
        start = clock.t
        end = start + clock.llm(toks(out_text) + (0 if turn is None else 12 * len(turn.calls)))
        clock.t = end
        calls = []
        if turn is not None:
            base = clock.gap(4, 25)
            latest, t, seq = base, base, r.random() < 0.5
            for k, c in enumerate(turn.calls):
                cs = (t + r.randint(1, 6) * 1_000_000) if seq else base + k * r.randint(1, 3) * 1_000_000 + r.randint(0, 999) * 1000
                ce = cs + (c.duration_ms * 1_000_000 if c.duration_ms else tool_duration(r))
                calls.append((c, cs, ce))
                latest = max(latest, ce)
                t = ce
            clock.t = latest
        plan.append((turn, start, end, calls))
        clock.gap(4, 30)
    root_end = clock.gap(2, 20)
    return plan, root_end


def http_span(run, parent, call, cs, ce):
    tool = run.scn.tool(call.tool)
    url = tool.http.rstrip("/") + "/" + call.tool.replace("_", "-")
    u = urlparse(url)
    code = 200 if not call.error else (404 if call.error == "not_found" else 422)
    a = {"http.request.method": "POST", "url.full": url, "server.address": u.hostname, "server.port": 443,
         "network.protocol.version": "1.1", "http.response.status_code": code}
    status = None
    if code >= 400:
        a["error.type"] = str(code)
        status = {"code": 2}
    s = cs + run.r.randint(2, 9) * 1_000_000
    e = max(s + 1_000_000, ce - run.r.randint(2, 9) * 1_000_000)
    return Span(run, "POST", 3, parent, s, e, a, status, HTTPX)


def err_status(call):
    return {"code": 2, "message": call.error}


# --------------------------------------------------------------------------- genai
def genai_parts_call(c):
    try:
        args = json.loads(c.args_json())
    except ValueError:
        args = c.args_json()
    return {"type": "tool_call", "id": c.id, "name": c.tool, "arguments": args}


def genai_messages(run):
    msgs = []
    for m in run.history:
        if m["role"] == "user":
            msgs.append({"role": "user", "parts": [{"type": "text", "content": m["text"]}]})
        elif m["role"] == "assistant":
            parts = []
            if m.get("text"):
                parts.append({"type": "text", "content": m["text"]})
            parts += [genai_parts_call(c) for c in m.get("calls", [])]
            msgs.append({"role": "assistant", "parts": parts})
        else:
            c = m["call"]
            msgs.append({"role": "tool", "parts": [{"type": "tool_call_response", "id": c.id, "response": c.result_text()}]})
    msgs.append({"role": "user", "parts": [{"type": "text", "content": run.request}]})
    return msgs


def emit_genai(run):
    r = run.r
    scope = run.genai_scope
    plan, root_end = timeline(run)
    spans = []
    root = Span(run, f"invoke_agent {run.scn.agent}", 1, None, run.t0, root_end, {
        "gen_ai.operation.name": "invoke_agent", "gen_ai.provider.name": run.provider,
        "gen_ai.agent.name": run.scn.agent, "gen_ai.agent.id": run.agent_id,
        "gen_ai.conversation.id": run.conversation_id, "gen_ai.request.model": run.model}, None, scope)
    spans.append(root)
    sysi = json.dumps([{"type": "text", "content": run.system}])
    tdefs = json.dumps([{"type": "function", "name": t.name, "description": t.description, "parameters": t.params}
                        for t in run.scn.tools])
    history = genai_messages(run)
    for turn, start, end, calls in plan:
        if turn is None:
            out = [{"role": "assistant", "parts": [{"type": "text", "content": run.answer}], "finish_reason": "stop"}]
            fr = "stop"
        else:
            parts = ([{"type": "text", "content": turn.text}] if turn.text else []) + [genai_parts_call(c) for c in turn.calls]
            out = [{"role": "assistant", "parts": parts, "finish_reason": "tool_call"}]
            fr = "tool_call"
        in_json = json.dumps(history)
        out_json = json.dumps(out)
        a = {"gen_ai.operation.name": "chat", "gen_ai.provider.name": run.provider,
             "gen_ai.request.model": run.model, "gen_ai.response.model": run.response_model,
             "gen_ai.response.id": response_id(r, run.family), "gen_ai.response.finish_reasons": [fr],
             "gen_ai.conversation.id": run.conversation_id}
        if run.temperature is not None:
            a["gen_ai.request.temperature"] = run.temperature
        if run.max_tokens:
            a["gen_ai.request.max_tokens"] = run.max_tokens
        a.update({"gen_ai.usage.input_tokens": toks(in_json, sysi, tdefs), "gen_ai.usage.output_tokens": toks(out_json),
                  "gen_ai.system_instructions": sysi, "gen_ai.tool.definitions": tdefs,
                  "gen_ai.input.messages": in_json, "gen_ai.output.messages": out_json})
        spans.append(Span(run, f"chat {run.model}", 3, root.id, start, end, a, None, scope))
        if turn is None:
            break
        history.append(out[0] | {})
        del history[-1]["finish_reason"]
        for c, cs, ce in calls:
            tool = run.scn.tool(c.tool)
            ta = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": c.tool, "gen_ai.tool.call.id": c.id,
                  "gen_ai.tool.type": "function", "gen_ai.tool.description": tool.description,
                  "gen_ai.tool.call.arguments": c.args_json(), "gen_ai.tool.call.result": c.result_text()}
            if c.error:
                ta["error.type"] = c.error
            ts = Span(run, f"execute_tool {c.tool}", 1, root.id, cs, ce, ta, err_status(c) if c.error else None, scope)
            spans.append(ts)
            if c.http:
                spans.append(http_span(run, ts.id, c, cs, ce))
            history.append({"role": "tool", "parts": [{"type": "tool_call_response", "id": c.id, "response": c.result_text()}]})
    return spans


# --------------------------------------------------------------------------- openinference
def emit_openinference(run):
    r = run.r
    scope = run.oi_scope
    plan, root_end = timeline(run)
    spans = []
    root = Span(run, run.scn.agent if "langchain" not in scope[0] else "AgentExecutor", 1, None, run.t0, root_end, {
        "openinference.span.kind": "AGENT", "agent.name": run.scn.agent, "session.id": run.conversation_id,
        "input.value": run.request, "input.mime_type": "text/plain", "output.value": run.answer,
        "output.mime_type": "text/plain"}, {"code": 1}, scope)
    spans.append(root)
    llm_name = {"openinference.instrumentation.openai": "ChatCompletion",
                "openinference.instrumentation.anthropic": "Messages",
                "openinference.instrumentation.langchain": "ChatOpenAI" if run.family == "openai" else "ChatAnthropic"}[scope[0]]
    msgs = [{"role": "system", "content": run.system}, {"role": "user", "content": run.request}]
    tools_json = [json.dumps({"type": "function", "function": {"name": t.name, "description": t.description,
                                                              "parameters": t.params}}) for t in run.scn.tools]
    provider = {"openai": "openai", "azure.ai.openai": "azure", "anthropic": "anthropic", "aws.bedrock": "aws"}[run.provider]
    for turn, start, end, calls in plan:
        a = {"openinference.span.kind": "LLM", "llm.model_name": run.response_model, "llm.provider": provider,
             "llm.system": run.family,
             "llm.invocation_parameters": json.dumps({"model": run.model, "temperature": run.temperature or 0.0}),
             "input.value": json.dumps({"model": run.model, "messages": msgs}), "input.mime_type": "application/json"}
        if turn is None:
            a["output.value"] = run.answer
            a["output.mime_type"] = "text/plain"
        else:
            a["output.value"] = json.dumps([{"id": c.id, "name": c.tool, "arguments": c.args_json()} for c in turn.calls])
            a["output.mime_type"] = "application/json"
        out_text = run.answer if turn is None else a["output.value"]
        pt, ct = toks(a["input.value"], *tools_json), toks(out_text)
        a.update({"llm.token_count.prompt": pt, "llm.token_count.completion": ct, "llm.token_count.total": pt + ct})
        for i, m in enumerate(msgs):
            p = f"llm.input_messages.{i}.message."
            a[p + "role"] = m["role"]
            if m.get("content") is not None:
                a[p + "content"] = m["content"]
            for j, tc in enumerate(m.get("tool_calls", [])):
                a[p + f"tool_calls.{j}.tool_call.id"] = tc["id"]
                a[p + f"tool_calls.{j}.tool_call.function.name"] = tc["name"]
                a[p + f"tool_calls.{j}.tool_call.function.arguments"] = tc["arguments"]
            if m.get("tool_call_id"):
                a[p + "tool_call_id"] = m["tool_call_id"]
        p = "llm.output_messages.0.message."
        a[p + "role"] = "assistant"
        if turn is None:
            a[p + "content"] = run.answer
        else:
            if turn.text:
                a[p + "content"] = turn.text
            for j, c in enumerate(turn.calls):
                a[p + f"tool_calls.{j}.tool_call.id"] = c.id
                a[p + f"tool_calls.{j}.tool_call.function.name"] = c.tool
                a[p + f"tool_calls.{j}.tool_call.function.arguments"] = c.args_json()
        for i, tj in enumerate(tools_json):
            a[f"llm.tools.{i}.tool.json_schema"] = tj
        spans.append(Span(run, llm_name, 1, root.id, start, end, a, {"code": 1}, scope))
        if turn is None:
            break
        msgs.append({"role": "assistant", "content": turn.text,
                     "tool_calls": [{"id": c.id, "name": c.tool, "arguments": c.args_json()} for c in turn.calls]})
        for c, cs, ce in calls:
            tool = run.scn.tool(c.tool)
            res = c.result_text()
            ta = {"openinference.span.kind": "TOOL", "tool.name": c.tool, "tool.description": tool.description,
                  "tool.parameters": json.dumps(tool.params), "tool_call.id": c.id, "input.value": c.args_json(),
                  "input.mime_type": "application/json", "output.value": res,
                  "output.mime_type": "text/plain" if isinstance(c.result, str) else "application/json"}
            events = None
            if c.error:
                events = [{"timeUnixNano": str(ce - 1_000_000), "name": "exception", "attributes": attrs(
                    {"exception.type": "ToolError" if c.error == "not_found" else "ValidationError",
                     "exception.message": res})}]
            ts = Span(run, c.tool, 1, root.id, cs, ce, ta, err_status(c) if c.error else {"code": 1}, scope, events)
            spans.append(ts)
            if c.http:
                spans.append(http_span(run, ts.id, c, cs, ce))
            msgs.append({"role": "tool", "content": res, "tool_call_id": c.id})
    return spans


# --------------------------------------------------------------------------- openllmetry
def emit_openllmetry(run):
    r = run.r
    llm_scope = OLL_SCOPES[run.family]
    tl_scope = ("traceloop.tracer", "0.47.3")
    plan, root_end = timeline(run)
    spans = []
    agent = run.scn.agent
    root = Span(run, f"{agent}.agent", 1, None, run.t0, root_end, {
        "traceloop.span.kind": "agent", "traceloop.entity.name": agent, "traceloop.workflow.name": agent,
        "traceloop.association.properties.session_id": run.conversation_id,
        "traceloop.entity.input": json.dumps({"args": [run.request], "kwargs": {}}),
        "traceloop.entity.output": json.dumps(run.answer)}, None, tl_scope)
    spans.append(root)
    anth = run.family == "anthropic"
    prompt = [{"role": "system", "content": run.system}, {"role": "user", "content": run.request}]
    for turn, start, end, calls in plan:
        a = {"llm.request.type": "chat", "gen_ai.system": "Anthropic" if anth else "openai",
             "gen_ai.request.model": run.model, "gen_ai.response.model": run.response_model,
             "gen_ai.response.id": response_id(r, run.family), "llm.is_streaming": False}
        if run.temperature is not None:
            a["gen_ai.request.temperature"] = run.temperature
        body = json.dumps(prompt)
        out_text = run.answer if turn is None else (turn.text or "") + "".join(c.args_json() for c in turn.calls)
        pt, ct = toks(body, json.dumps([t.params for t in run.scn.tools])), toks(out_text)
        a.update({"gen_ai.usage.prompt_tokens": pt, "gen_ai.usage.completion_tokens": ct, "llm.usage.total_tokens": pt + ct,
                  "traceloop.workflow.name": agent})
        for i, t in enumerate(run.scn.tools):
            a[f"llm.request.functions.{i}.name"] = t.name
            a[f"llm.request.functions.{i}.description"] = t.description
            a[f"llm.request.functions.{i}.parameters"] = json.dumps(t.params)
        for i, m in enumerate(prompt):
            p = f"gen_ai.prompt.{i}."
            a[p + "role"] = m["role"]
            a[p + "content"] = m.get("content") or ""
            for j, tc in enumerate(m.get("tool_calls", [])):
                a[p + f"tool_calls.{j}.id"] = tc["id"]
                a[p + f"tool_calls.{j}.name"] = tc["name"]
                a[p + f"tool_calls.{j}.arguments"] = tc["arguments"]
            if m.get("tool_call_id"):
                a[p + "tool_call_id"] = m["tool_call_id"]
        p = "gen_ai.completion.0."
        a[p + "role"] = "assistant"
        if turn is None:
            a[p + "content"] = run.answer
            a[p + "finish_reason"] = "end_turn" if anth else "stop"
        else:
            a[p + "content"] = turn.text or ""
            a[p + "finish_reason"] = "tool_use" if anth else "tool_calls"
            for j, c in enumerate(turn.calls):
                a[p + f"tool_calls.{j}.id"] = c.id
                a[p + f"tool_calls.{j}.name"] = c.tool
                a[p + f"tool_calls.{j}.arguments"] = c.args_json()
        spans.append(Span(run, "anthropic.chat" if anth else "openai.chat", 3, root.id, start, end, a, None, llm_scope))
        if turn is None:
            break
        prompt.append({"role": "assistant", "content": turn.text or "",
                       "tool_calls": [{"id": c.id, "name": c.tool, "arguments": c.args_json()} for c in turn.calls]})
        for c, cs, ce in calls:
            ta = {"traceloop.span.kind": "tool", "traceloop.entity.name": c.tool, "traceloop.entity.path": agent,
                  "traceloop.workflow.name": agent,
                  "traceloop.entity.input": json.dumps({"args": [], "kwargs": c.args}),
                  "traceloop.entity.output": json.dumps(c.result)}
            ts = Span(run, f"{c.tool}.tool", 1, root.id, cs, ce, ta, err_status(c) if c.error else None, tl_scope)
            spans.append(ts)
            if c.http:
                spans.append(http_span(run, ts.id, c, cs, ce))
            prompt.append({"role": "tool", "content": c.result_text(), "tool_call_id": c.id})
    return spans


EMITTERS = {"genai": emit_genai, "openinference": emit_openinference, "openllmetry": emit_openllmetry}


def resource(run):
    return {"attributes": attrs({"service.name": run.scn.service, "service.version": run.service_version,
                                 "deployment.environment.name": run.env, "telemetry.sdk.name": "opentelemetry",
                                 "telemetry.sdk.language": "python", "telemetry.sdk.version": run.sdk_version})}


def package(run, spans):
    """Returns one or two ExportTraceServiceRequest dicts."""
    r = run.r
    if run.shuffle:
        r.shuffle(spans)
    groups = [spans]
    if run.split:
        idx = list(range(len(spans)))
        r.shuffle(idx)
        k = r.randint(1, len(spans) - 1)
        a = set(idx[:k])
        groups = [[s for i, s in enumerate(spans) if i in a], [s for i, s in enumerate(spans) if i not in a]]
    out = []
    for g in groups:
        scopes = {}
        for s in g:
            scopes.setdefault(s.scope, []).append(s.d)
        out.append({"resourceSpans": [{"resource": resource(run), "scopeSpans": [
            {"scope": {"name": n, "version": v}, "spans": ss} for (n, v), ss in scopes.items()]}]})
    return out
