//! Malformed and hostile OTLP/HTTP requests against the running binary: each gets the
//! documented status, none hurts the server, and the admin counters record them.

mod common;

use common::{metric_value, Server};
use flate2::write::GzEncoder;
use std::io::Write;
use std::time::Duration;

const PROTOBUF: (&str, &str) = ("Content-Type", "application/x-protobuf");

// ---- a minimal protobuf encoder, independent of the collector's own decoding ----

fn varint(mut v: u64, out: &mut Vec<u8>) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn field_bytes(tag: u32, bytes: &[u8], out: &mut Vec<u8>) {
    varint(((tag as u64) << 3) | 2, out);
    varint(bytes.len() as u64, out);
    out.extend_from_slice(bytes);
}

fn field_varint(tag: u32, v: u64, out: &mut Vec<u8>) {
    varint((tag as u64) << 3, out);
    varint(v, out);
}

fn field_fixed64(tag: u32, v: u64, out: &mut Vec<u8>) {
    varint(((tag as u64) << 3) | 1, out);
    out.extend_from_slice(&v.to_le_bytes());
}

/// `KeyValue { key, value: AnyValue { string_value } }`
fn kv(key: &str, value: &str) -> Vec<u8> {
    let mut any = Vec::new();
    field_bytes(1, value.as_bytes(), &mut any);
    let mut out = Vec::new();
    field_bytes(1, key.as_bytes(), &mut out);
    field_bytes(2, &any, &mut out);
    out
}

fn span(
    trace_id: &[u8; 16],
    span_id: &[u8; 8],
    parent: Option<&[u8; 8]>,
    name: &str,
    start: u64,
    end: u64,
    attrs: &[(&str, &str)],
) -> Vec<u8> {
    let mut s = Vec::new();
    field_bytes(1, trace_id, &mut s);
    field_bytes(2, span_id, &mut s);
    if let Some(p) = parent {
        field_bytes(4, p, &mut s);
    }
    field_bytes(5, name.as_bytes(), &mut s);
    field_varint(6, 1, &mut s); // SPAN_KIND_INTERNAL
    field_fixed64(7, start, &mut s);
    field_fixed64(8, end, &mut s);
    for (k, v) in attrs {
        field_bytes(9, &kv(k, v), &mut s);
    }
    s
}

/// A valid `ExportTraceServiceRequest` holding one small GenAI agent run.
fn valid_protobuf(trace_id: &[u8; 16]) -> Vec<u8> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let root_id = [1, 2, 3, 4, 5, 6, 7, 8];
    let chat_id = [1, 2, 3, 4, 5, 6, 7, 9];
    let user =
        r#"[{"role":"user","parts":[{"type":"text","content":"What is the capital of France?"}]}]"#;
    let output = r#"[{"role":"assistant","parts":[{"type":"text","content":"The capital of France is Paris."}],"finish_reason":"stop"}]"#;
    let root = span(
        trace_id,
        &root_id,
        None,
        "invoke_agent Geo",
        now - 2_000_000,
        now,
        &[
            ("gen_ai.operation.name", "invoke_agent"),
            ("gen_ai.agent.name", "Geo"),
        ],
    );
    let chat = span(
        trace_id,
        &chat_id,
        Some(&root_id),
        "chat gpt-4o",
        now - 1_500_000,
        now - 500_000,
        &[
            ("gen_ai.operation.name", "chat"),
            ("gen_ai.request.model", "gpt-4o"),
            ("gen_ai.input.messages", user),
            ("gen_ai.output.messages", output),
        ],
    );
    let mut scope = Vec::new();
    field_bytes(1, b"e2e.raw", &mut scope);
    let mut scope_spans = Vec::new();
    field_bytes(1, &scope, &mut scope_spans);
    field_bytes(2, &chat, &mut scope_spans);
    field_bytes(2, &root, &mut scope_spans);
    let mut resource = Vec::new();
    field_bytes(1, &kv("service.name", "raw-protobuf"), &mut resource);
    let mut resource_spans = Vec::new();
    field_bytes(1, &resource, &mut resource_spans);
    field_bytes(2, &scope_spans, &mut resource_spans);
    let mut req = Vec::new();
    field_bytes(1, &resource_spans, &mut req);
    req
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn gzip(data_len: usize) -> Vec<u8> {
    let mut enc = GzEncoder::new(Vec::new(), flate2::Compression::fast());
    let zeros = vec![0u8; 1 << 20];
    let mut left = data_len;
    while left > 0 {
        let n = left.min(zeros.len());
        enc.write_all(&zeros[..n]).unwrap();
        left -= n;
    }
    enc.finish().unwrap()
}

#[test]
fn bad_http_input_is_refused_and_the_server_survives() {
    let server = Server::start(&["--max-body-bytes", "1048576"]);
    let trace_a: [u8; 16] = *b"\x5a\x11\x22\x33\x44\x55\x66\x77\x88\x99\xaa\xbb\xcc\xdd\xee\x01";
    let valid = valid_protobuf(&trace_a);

    // 1. Truncated protobuf → 400 (protobuf google.rpc.Status body).
    let cut = &valid[..valid.len() * 2 / 3];
    let r = server.post_traces(&[PROTOBUF], cut);
    assert_eq!(
        r.status,
        400,
        "truncated protobuf: {} {:?}",
        r.status,
        r.text()
    );
    assert_eq!(
        r.header("content-type"),
        Some("application/x-protobuf"),
        "error in the request's encoding"
    );
    assert!(!r.body.is_empty(), "a google.rpc.Status body");

    // 2. Invalid JSON → 400 with a message.
    let r = server.post_json(br#"{"resourceSpans": [ {"resource": "#);
    assert_eq!(r.status, 400, "invalid JSON: {} {:?}", r.status, r.text());
    let body = r.json();
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "400 carries a message: {body}"
    );

    // 3. Wrong content type → 415.
    let r = server.post_traces(&[("Content-Type", "text/plain")], b"hello");
    assert_eq!(r.status, 415, "text/plain: {} {:?}", r.status, r.text());

    // 4. Gzip bomb: 100 MiB of zeros (about 100 KiB on the wire) → 413, not an OOM.
    let bomb = gzip(100 << 20);
    assert!(
        bomb.len() < 1 << 20,
        "the compressed bomb itself fits the limit ({} bytes)",
        bomb.len()
    );
    let r = server.post_traces(
        &[
            ("Content-Type", "application/json"),
            ("Content-Encoding", "gzip"),
        ],
        &bomb,
    );
    assert_eq!(r.status, 413, "gzip bomb: {} {:?}", r.status, r.text());

    // 4b. An uncompressed body above the limit → 413 too; a body that claims gzip but is
    // not gzip → 400.
    let r = server.post_json(&vec![b' '; (1 << 20) + 4096]);
    assert_eq!(
        r.status,
        413,
        "2 MiB identity body: {} {:?}",
        r.status,
        r.text()
    );
    let r = server.post_traces(
        &[
            ("Content-Type", "application/json"),
            ("Content-Encoding", "gzip"),
        ],
        b"{\"resourceSpans\": []}",
    );
    assert_eq!(r.status, 400, "not gzip: {} {:?}", r.status, r.text());

    // 5. A span whose trace id is 3 bytes → 200 with partialSuccess.rejectedSpans = 1.
    let bad_id = serde_json::json!({"resourceSpans": [{
        "resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "bad-ids"}}]},
        "scopeSpans": [{"scope": {"name": "e2e"}, "spans": [{
            "traceId": "abcdef", "spanId": "0102030405060708", "name": "invoke_agent X", "kind": 1,
            "startTimeUnixNano": "1700000000000000000", "endTimeUnixNano": "1700000001000000000"
        }]}]
    }]});
    let r = server.post_json(bad_id.to_string().as_bytes());
    assert_eq!(
        r.status,
        200,
        "3-byte trace id: {} {:?}",
        r.status,
        r.text()
    );
    let body = r.json();
    let rejected = &body["partialSuccess"]["rejectedSpans"];
    assert!(
        rejected == "1" || rejected == 1,
        "partialSuccess.rejectedSpans is 1: {body}"
    );
    assert!(
        body["partialSuccess"]["errorMessage"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "partialSuccess explains: {body}"
    );

    // The server is still healthy and still works: the untruncated protobuf yields a report.
    let r = server.get_admin("/healthz");
    assert_eq!(r.status, 200, "/healthz after bad input");
    let r = server.post_traces(&[PROTOBUF], &valid);
    assert_eq!(r.status, 200, "valid protobuf: {} {:?}", r.status, r.text());
    assert_eq!(r.header("content-type"), Some("application/x-protobuf"));
    let report = server.wait_report(&hex(&trace_a), Duration::from_secs(15));
    common::assert_report_shape(&report);
    assert_eq!(report["service_name"], "raw-protobuf");
    assert_eq!(report["final_answer"], "The capital of France is Paris.");
    assert_eq!(report["incomplete"], false, "{report}");
    assert_eq!(report["dialect"], "genai", "{report}");

    // The refused requests produced nothing.
    let reports = server.reports();
    assert_eq!(
        reports.len(),
        1,
        "only the valid run is reported: {reports:?}"
    );

    let m = server.metrics();
    let invalid =
        metric_value(&m, "groundcheck_receiver_requests_invalid_total").expect("invalid counter");
    let too_large = metric_value(&m, "groundcheck_receiver_requests_too_large_total")
        .expect("too-large counter");
    let rejected_spans = metric_value(&m, "groundcheck_receiver_spans_rejected_total")
        .expect("rejected spans counter");
    assert!(
        invalid >= 3.0,
        "groundcheck_receiver_requests_invalid_total = {invalid}"
    );
    assert!(
        too_large >= 2.0,
        "groundcheck_receiver_requests_too_large_total = {too_large}"
    );
    assert!(
        rejected_spans >= 1.0,
        "groundcheck_receiver_spans_rejected_total = {rejected_spans}"
    );
}
