#!/usr/bin/env python3
"""Emit ONE realistic AI-agent run with the OpenTelemetry Python SDK over OTLP.

The run follows the OpenTelemetry GenAI semantic conventions (JSON-string messages):

    invoke_agent ShopCo Support            gen_ai.operation.name=invoke_agent
    ├── chat gpt-4o                        model turn 1 -> tool_call get_order(ORD-1001)
    ├── execute_tool get_order             result: status shipped, total 129.50, carrier UPS
    ├── chat gpt-4o                        model turn 2 -> tool_call track_package(UPS, 1Z...)
    ├── execute_tool track_package         result: tracking events, estimated delivery
    ├── [fabricated-call only]
    │   chat gpt-4o                        model turn 3 -> tool_call get_order(ORD-9999)
    │   execute_tool get_order             result: order not found
    └── chat gpt-4o                        final turn, finish_reason=stop -> the answer

Scenarios (--scenario):
  clean            the answer only restates tool-result facts        -> expected action emit
  hallucinated     the answer states a wrong total ($229.50)          -> expected revise/block
  fabricated-call  an extra get_order call on ORD-9999, an order id that
                   neither the user nor any earlier tool result gave  -> expected block

Prints the trace id (32 lowercase hex) on stdout. Exits non-zero when the export failed.

Usage:
  emit_agent_run.py --protocol grpc --endpoint 127.0.0.1:4317 --scenario clean
  emit_agent_run.py --protocol http --endpoint http://127.0.0.1:4318 --scenario hallucinated
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from typing import Sequence

from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import (
    BatchSpanProcessor,
    SimpleSpanProcessor,
    SpanExporter,
    SpanExportResult,
)
from opentelemetry.trace import SpanKind, format_trace_id

AGENT = "ShopCo Support"
MODEL = "gpt-4o"
PROVIDER = "openai"

SYSTEM_PROMPT = (
    "You are the ShopCo support assistant. Answer questions about orders, shipping and "
    "returns using only the order tools. Never guess order numbers; look them up."
)
USER_TEXT = "Hi! Where is my order ORD-1001? What did I pay for it, and who is delivering it?"

TOOLS = [
    {
        "type": "function",
        "name": "get_order",
        "description": "Full details of one order.",
        "parameters": {
            "type": "object",
            "properties": {
                "order_id": {
                    "type": "string",
                    "description": "Order number: ORD- followed by four digits.",
                    "pattern": "^ORD-\\d{4}$",
                }
            },
            "required": ["order_id"],
            "additionalProperties": False,
        },
    },
    {
        "type": "function",
        "name": "track_package",
        "description": "Carrier tracking events for a shipped package.",
        "parameters": {
            "type": "object",
            "properties": {
                "carrier": {
                    "type": "string",
                    "enum": ["UPS", "FedEx", "USPS", "DHL"],
                    "description": "Carrier code.",
                },
                "tracking_number": {"type": "string", "description": "Carrier tracking number."},
            },
            "required": ["carrier", "tracking_number"],
            "additionalProperties": False,
        },
    },
]

ORDER_RESULT = {
    "order_id": "ORD-1001",
    "status": "shipped",
    "placed_at": "2026-05-08T14:22:05Z",
    "total": 129.50,
    "currency": "USD",
    "item_count": 2,
    "items": [
        {"sku": "KB-204", "name": "mechanical keyboard", "qty": 1, "price": 99.00},
        {"sku": "MP-11", "name": "desk mat", "qty": 1, "price": 30.50},
    ],
    "shipping": {"carrier": "UPS", "tracking_number": "1Z999AA10123456784"},
}
TRACKING_RESULT = {
    "carrier": "UPS",
    "tracking_number": "1Z999AA10123456784",
    "status": "in_transit",
    "estimated_delivery": "2026-05-14",
    "events": [
        {"time": "2026-05-09T08:10:00Z", "location": "Louisville, KY", "description": "Departed facility"},
        {"time": "2026-05-08T19:40:00Z", "location": "Louisville, KY", "description": "Arrived at facility"},
    ],
}
NOT_FOUND_RESULT = {"error": "not_found", "message": "No order ORD-9999 for this customer."}

ANSWERS = {
    "clean": (
        "Your order ORD-1001 has shipped. The total was $129.50 for 2 items. "
        "It is traveling with UPS under tracking number 1Z999AA10123456784, "
        "and the latest scan was in Louisville, KY."
    ),
    "hallucinated": (
        "Your order ORD-1001 has shipped. The total was $229.50 for 2 items. "
        "It is traveling with UPS under tracking number 1Z999AA10123456784, "
        "and the latest scan was in Louisville, KY."
    ),
}
ANSWERS["fabricated-call"] = ANSWERS["clean"]


class RecordingExporter(SpanExporter):
    """Delegates to the OTLP exporter and remembers whether every export succeeded."""

    def __init__(self, inner: SpanExporter) -> None:
        self.inner = inner
        self.lock = threading.Lock()
        self.exported = 0
        self.failures: list[str] = []

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        with self.lock:
            if self.failures:
                # One failed export decides the outcome; do not wait out the rest.
                return SpanExportResult.FAILURE
        try:
            result = self.inner.export(spans)
        except Exception as e:  # noqa: BLE001 - report any exporter crash as a failure
            with self.lock:
                self.failures.append(f"exporter raised {type(e).__name__}: {e}")
            return SpanExportResult.FAILURE
        with self.lock:
            if result == SpanExportResult.SUCCESS:
                self.exported += len(spans)
            else:
                self.failures.append(f"export of {len(spans)} spans returned {result.name}")
        return result

    def shutdown(self) -> None:
        self.inner.shutdown()

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return self.inner.force_flush(timeout_millis)


def make_exporter(
    protocol: str,
    endpoint: str,
    timeout: float,
    compression: str,
    token: str | None = None,
    ca_file: str | None = None,
    client_cert: str | None = None,
    client_key: str | None = None,
) -> SpanExporter:
    """The SDK's own OTLP exporter; with `ca_file` over TLS (and mTLS with a client pair)."""
    headers = {"authorization": f"Bearer {token}"} if token else None
    if protocol == "grpc":
        from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
        import grpc
        from grpc import Compression

        target = endpoint.split("://", 1)[-1].rstrip("/")
        comp = Compression.Gzip if compression == "gzip" else Compression.NoCompression
        if ca_file is None:
            return OTLPSpanExporter(endpoint=target, insecure=True, timeout=timeout, compression=comp, headers=headers)

        def read(p: str | None) -> bytes | None:
            return open(p, "rb").read() if p else None

        creds = grpc.ssl_channel_credentials(
            root_certificates=read(ca_file), private_key=read(client_key), certificate_chain=read(client_cert)
        )
        return OTLPSpanExporter(
            endpoint=target, insecure=False, credentials=creds, timeout=timeout, compression=comp, headers=headers
        )
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.exporter.otlp.proto.http import Compression

    scheme = "https" if ca_file else "http"
    url = endpoint if "://" in endpoint else f"{scheme}://{endpoint}"
    if url.rstrip("/").count("/") == 2:  # no path: the OTLP/HTTP default
        url = url.rstrip("/") + "/v1/traces"
    comp = Compression.Gzip if compression == "gzip" else Compression.NoCompression
    return OTLPSpanExporter(
        endpoint=url,
        timeout=timeout,
        compression=comp,
        headers=headers,
        certificate_file=ca_file,
        client_certificate_file=client_cert,
        client_key_file=client_key,
    )


def text(content: str) -> dict:
    return {"type": "text", "content": content}


def tool_call(call_id: str, name: str, arguments: dict) -> dict:
    return {"type": "tool_call", "id": call_id, "name": name, "arguments": arguments}


def tool_response(call_id: str, response: object) -> dict:
    return {"type": "tool_call_response", "id": call_id, "response": response}


def emit_run(tracer, scenario: str, conversation_id: str) -> str:
    history: list[dict] = [{"role": "user", "parts": [text(USER_TEXT)]}]
    usage = {"input": 310}

    def chat(output_parts: list[dict], finish_reason: str) -> None:
        with tracer.start_as_current_span(f"chat {MODEL}", kind=SpanKind.CLIENT) as span:
            span.set_attribute("gen_ai.operation.name", "chat")
            span.set_attribute("gen_ai.provider.name", PROVIDER)
            span.set_attribute("gen_ai.request.model", MODEL)
            span.set_attribute("gen_ai.response.model", f"{MODEL}-2024-08-06")
            span.set_attribute("gen_ai.response.id", f"chatcmpl-{len(history):04d}{conversation_id[-8:]}")
            span.set_attribute("gen_ai.response.finish_reasons", [finish_reason])
            span.set_attribute("gen_ai.conversation.id", conversation_id)
            span.set_attribute("gen_ai.request.temperature", 0.2)
            span.set_attribute("gen_ai.usage.input_tokens", usage["input"])
            span.set_attribute("gen_ai.usage.output_tokens", 24 + 8 * len(output_parts))
            span.set_attribute("gen_ai.system_instructions", json.dumps([text(SYSTEM_PROMPT)]))
            span.set_attribute("gen_ai.tool.definitions", json.dumps(TOOLS))
            span.set_attribute("gen_ai.input.messages", json.dumps(history))
            out = {"role": "assistant", "parts": output_parts, "finish_reason": finish_reason}
            span.set_attribute("gen_ai.output.messages", json.dumps([out]))
            time.sleep(0.002)
        usage["input"] += 90
        history.append({"role": "assistant", "parts": output_parts})

    def execute_tool(call_id: str, name: str, arguments: dict, result: object, error: bool = False) -> None:
        description = next(t["description"] for t in TOOLS if t["name"] == name)
        with tracer.start_as_current_span(f"execute_tool {name}", kind=SpanKind.INTERNAL) as span:
            span.set_attribute("gen_ai.operation.name", "execute_tool")
            span.set_attribute("gen_ai.tool.name", name)
            span.set_attribute("gen_ai.tool.type", "function")
            span.set_attribute("gen_ai.tool.description", description)
            span.set_attribute("gen_ai.tool.call.id", call_id)
            span.set_attribute("gen_ai.tool.call.arguments", json.dumps(arguments))
            span.set_attribute("gen_ai.tool.call.result", json.dumps(result))
            if error:
                from opentelemetry.trace import Status, StatusCode

                span.set_attribute("error.type", "not_found")
                span.set_status(Status(StatusCode.ERROR, "order not found"))
            time.sleep(0.002)
        history.append({"role": "tool", "parts": [tool_response(call_id, result)]})

    with tracer.start_as_current_span(f"invoke_agent {AGENT}", kind=SpanKind.INTERNAL) as root:
        root.set_attribute("gen_ai.operation.name", "invoke_agent")
        root.set_attribute("gen_ai.provider.name", PROVIDER)
        root.set_attribute("gen_ai.agent.name", AGENT)
        root.set_attribute("gen_ai.agent.id", "asst_shopco_support_v3")
        root.set_attribute("gen_ai.conversation.id", conversation_id)
        root.set_attribute("gen_ai.request.model", MODEL)
        trace_id = format_trace_id(root.get_span_context().trace_id)

        args1 = {"order_id": "ORD-1001"}
        chat([tool_call("call_get_order_1", "get_order", args1)], "tool_call")
        execute_tool("call_get_order_1", "get_order", args1, ORDER_RESULT)

        args2 = {"carrier": "UPS", "tracking_number": "1Z999AA10123456784"}
        chat([tool_call("call_track_1", "track_package", args2)], "tool_call")
        execute_tool("call_track_1", "track_package", args2, TRACKING_RESULT)

        if scenario == "fabricated-call":
            # The model "checks" a second order nobody mentioned.
            args3 = {"order_id": "ORD-9999"}
            chat([tool_call("call_get_order_2", "get_order", args3)], "tool_call")
            execute_tool("call_get_order_2", "get_order", args3, NOT_FOUND_RESULT, error=True)

        chat([text(ANSWERS[scenario])], "stop")
    return trace_id


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--protocol", choices=["grpc", "http"], default="grpc")
    p.add_argument("--endpoint", help="gRPC: host:port (default 127.0.0.1:4317); HTTP: URL (default http://127.0.0.1:4318/v1/traces)")
    p.add_argument("--scenario", choices=["clean", "hallucinated", "fabricated-call"], default="clean")
    p.add_argument("--service-name", default="shopco-support-agent")
    p.add_argument("--processor", choices=["batch", "simple"], default="batch")
    p.add_argument("--compression", choices=["none", "gzip"], default="none")
    p.add_argument("--timeout", type=float, default=10.0, help="exporter timeout in seconds")
    p.add_argument("--token", help="bearer token (Authorization header / gRPC metadata)")
    p.add_argument("--ca-file", help="PEM CA that signed the collector's certificate: export over TLS")
    p.add_argument("--client-cert", help="PEM client certificate (mTLS)")
    p.add_argument("--client-key", help="PEM client key (mTLS)")
    a = p.parse_args()
    endpoint = a.endpoint or ("127.0.0.1:4317" if a.protocol == "grpc" else "http://127.0.0.1:4318/v1/traces")

    exporter = RecordingExporter(
        make_exporter(
            a.protocol, endpoint, a.timeout, a.compression, a.token, a.ca_file, a.client_cert, a.client_key
        )
    )
    resource = Resource.create(
        {"service.name": a.service_name, "service.version": "1.4.0", "deployment.environment.name": "e2e-test"}
    )
    provider = TracerProvider(resource=resource)
    processor = BatchSpanProcessor(exporter) if a.processor == "batch" else SimpleSpanProcessor(exporter)
    provider.add_span_processor(processor)
    tracer = provider.get_tracer("groundcheck.e2e.agent", "0.1.0")

    conversation_id = f"conv_{int(time.time() * 1000):x}"
    trace_id = emit_run(tracer, a.scenario, conversation_id)
    spans = 6 + (2 if a.scenario == "fabricated-call" else 0)

    flushed = provider.force_flush(int(a.timeout * 1000) + 5000)
    provider.shutdown()
    if not flushed:
        exporter.failures.append("force_flush timed out")
    if exporter.exported != spans:
        exporter.failures.append(f"exported {exporter.exported} of {spans} spans")
    if exporter.failures:
        for f in exporter.failures:
            print(f"emit_agent_run: export to {endpoint} over {a.protocol} failed: {f}", file=sys.stderr)
        return 1
    print(trace_id)
    print(f"emit_agent_run: exported {spans} spans of trace {trace_id} ({a.scenario}) over {a.protocol} to {endpoint}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
