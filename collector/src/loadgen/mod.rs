//! `groundcheck loadgen` — end-to-end load against a running collector.
//!
//! Sends generated agent runs ([`gen`]) over OTLP/gRPC, OTLP/HTTP protobuf or OTLP/HTTP JSON
//! (optionally gzip), closed-loop (`--rate 0`: each connection sends back-to-back) or
//! open-loop at a target request rate; reports achieved spans/s and MB/s, refusals
//! (429/UNAVAILABLE), errors, request latency and, with `--reports-dir`, the latency from
//! each run's root-span end to its report (includes the collector's grace period).
//!
//! `--protocol kafka` (or `kafka-json`) produces to a Kafka topic instead (`--target` is the
//! bootstrap servers, `--topic` the topic): one record per run, keyed by trace id like the
//! contrib Kafka exporter with `partition_traces_by_id`, encoded `otlp_proto` (or
//! `otlp_json`); a request counts as sent when the broker acknowledged all its records.

pub mod gen;

use gen::{gen_request, GenConfig, Rng};
use groundcheck_proto::otlp::collector::ExportTraceServiceRequest;
use http_body_util::{BodyExt, Full};
use hyper_util::rt::TokioIo;
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_client::TraceServiceClient;
use prost::Message;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Protocol {
    Grpc,
    HttpProtobuf,
    HttpJson,
    /// Produce `otlp_proto` records to Kafka (`--target` = bootstrap servers).
    Kafka,
    /// Produce `otlp_json` records to Kafka.
    KafkaJson,
}

#[derive(Debug, Clone, clap::Args)]
pub struct LoadgenArgs {
    #[arg(long, value_enum, default_value = "grpc")]
    pub protocol: Protocol,
    /// gRPC endpoint (`http://host:port`) or HTTP base URL host:port.
    #[arg(long, default_value = "127.0.0.1:4317")]
    pub target: String,
    /// Kafka topic (`--protocol kafka`/`kafka-json`).
    #[arg(long, default_value = "otlp_spans")]
    pub topic: String,
    /// Seconds to run.
    #[arg(long, default_value_t = 10)]
    pub duration: u64,
    /// Concurrent connections.
    #[arg(long, default_value_t = 4)]
    pub connections: usize,
    /// Runs per request.
    #[arg(long, default_value_t = 20)]
    pub runs_per_request: usize,
    /// Spans per run.
    #[arg(long, default_value_t = 6)]
    pub spans_per_run: usize,
    /// Bytes per tool result.
    #[arg(long, default_value_t = 256)]
    pub result_bytes: usize,
    /// Share of hallucinated runs.
    #[arg(long, default_value_t = 0.2)]
    pub hallucinated_share: f64,
    #[arg(long, value_enum, default_value = "mix")]
    pub dialect: gen::GenDialect,
    /// gzip request bodies.
    #[arg(long)]
    pub gzip: bool,
    /// Speak TLS to the target (gRPC and HTTP; the server name is the target's host).
    #[arg(long)]
    pub tls: bool,
    /// CA bundle and client certificate for `--tls`.
    #[command(flatten)]
    pub tls_files: crate::client_tls::ClientTlsArgs,
    /// Bearer token sent with every request (`--auth-tokens-file` on the collector).
    #[arg(long)]
    pub token: Option<String>,
    /// Leave out root spans so runs stay open (memory per open run).
    #[arg(long)]
    pub omit_root: bool,
    /// Open-loop target requests/s over all connections (0 = closed loop, as fast as possible).
    #[arg(long, default_value_t = 0.0)]
    pub rate: f64,
    /// Collector's report directory: measure root-end → report latency.
    #[arg(long)]
    pub reports_dir: Option<PathBuf>,
    /// Seconds to wait for reports after sending.
    #[arg(long, default_value_t = 10)]
    pub report_wait: u64,
    /// Write the trace id (32 hex) of every acknowledged run here when the load ends, one per
    /// line: OTLP, the request was answered OK (HTTP 2xx / gRPC OK); Kafka, the broker
    /// acknowledged every record of the request (the soak test, `deploy/soak.sh`, checks
    /// each of them has exactly one row in ClickHouse).
    #[arg(long)]
    pub acked_out: Option<PathBuf>,
}

#[derive(Default)]
struct Stats {
    requests_ok: AtomicU64,
    refused: AtomicU64,
    errors: AtomicU64,
    spans_ok: AtomicU64,
    bytes_ok: AtomicU64,
    latencies_us: Mutex<Vec<u64>>,
    sent_runs: Mutex<HashMap<String, u64>>,
}

fn now_ns() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

fn pct(v: &mut [u64], p: f64) -> u64 {
    if v.is_empty() {
        return 0;
    }
    v.sort_unstable();
    v[((v.len() as f64 - 1.0) * p).round() as usize]
}

enum Outcome {
    Ok,
    Refused,
    Error(String),
}

async fn send_http(
    sender: &mut hyper::client::conn::http1::SendRequest<Full<bytes::Bytes>>,
    host: &str,
    body: Vec<u8>,
    json: bool,
    gzip: bool,
    token: Option<&str>,
) -> Outcome {
    let mut b = crate::send::otlp_http_request("/v1/traces", host, json, gzip);
    if let Some(t) = token {
        b = b.header("authorization", format!("Bearer {t}"));
    }
    let req = match b.body(Full::new(bytes::Bytes::from(body))) {
        Ok(r) => r,
        Err(e) => return Outcome::Error(e.to_string()),
    };
    match sender.send_request(req).await {
        Ok(resp) => {
            let status = resp.status();
            let _ = resp.into_body().collect().await;
            match status.as_u16() {
                200 => Outcome::Ok,
                429 | 503 => Outcome::Refused,
                s => Outcome::Error(format!("HTTP {s}")),
            }
        }
        Err(e) => Outcome::Error(e.to_string()),
    }
}

fn encode_json(req: &ExportTraceServiceRequest) -> Vec<u8> {
    use groundcheck_proto::otlp::common::any_value::Value as AV;
    fn hexs(b: &[u8]) -> String {
        groundcheck_detectors::span::hex(b)
    }
    let mut spans = Vec::new();
    for rs in &req.resource_spans {
        for ss in &rs.scope_spans {
            for s in &ss.spans {
                let attrs: Vec<serde_json::Value> = s
                    .attributes
                    .iter()
                    .map(|kv| {
                        let v = match kv.value.as_ref().and_then(|v| v.value.as_ref()) {
                            Some(AV::StringValue(x)) => serde_json::json!({"stringValue": x}),
                            _ => serde_json::json!({}),
                        };
                        serde_json::json!({"key": kv.key, "value": v})
                    })
                    .collect();
                spans.push(serde_json::json!({
                    "traceId": hexs(&s.trace_id), "spanId": hexs(&s.span_id), "parentSpanId": hexs(&s.parent_span_id),
                    "name": s.name, "kind": s.kind, "startTimeUnixNano": s.start_time_unix_nano.to_string(),
                    "endTimeUnixNano": s.end_time_unix_nano.to_string(), "attributes": attrs
                }));
            }
        }
    }
    serde_json::json!({"resourceSpans": [{"resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "loadgen-agent"}}]},
        "scopeSpans": [{"scope": {"name": "groundcheck-loadgen"}, "spans": spans}]}]})
    .to_string()
    .into_bytes()
}

/// Split a request into one record per trace id and produce them; waits for every delivery.
async fn produce_runs(
    p: &rdkafka::producer::FutureProducer,
    topic: &str,
    req: &ExportTraceServiceRequest,
    json: bool,
) -> (Outcome, u64) {
    use rdkafka::producer::FutureRecord;
    let mut per_trace: Vec<([u8; 16], ExportTraceServiceRequest)> = Vec::new();
    for rs in &req.resource_spans {
        for ss in &rs.scope_spans {
            for s in &ss.spans {
                let tid: [u8; 16] = s.trace_id.as_slice().try_into().unwrap_or([0; 16]);
                let idx = match per_trace.iter().position(|(t, _)| *t == tid) {
                    Some(i) => i,
                    None => {
                        let mut r = ExportTraceServiceRequest {
                            resource_spans: vec![rs.clone()],
                        };
                        r.resource_spans[0].scope_spans = vec![ss.clone()];
                        r.resource_spans[0].scope_spans[0].spans.clear();
                        per_trace.push((tid, r));
                        per_trace.len() - 1
                    }
                };
                per_trace[idx].1.resource_spans[0].scope_spans[0]
                    .spans
                    .push(s.clone());
            }
        }
    }
    let mut bytes = 0u64;
    let mut pending = Vec::with_capacity(per_trace.len());
    for (tid, r) in &per_trace {
        let body = if json {
            encode_json(r)
        } else {
            r.encode_to_vec()
        };
        bytes += body.len() as u64;
        let key = groundcheck_detectors::span::hex(tid);
        loop {
            match p.send_result(FutureRecord::to(topic).key(key.as_bytes()).payload(&body)) {
                Ok(f) => {
                    pending.push(f);
                    break;
                }
                Err((
                    rdkafka::error::KafkaError::MessageProduction(
                        rdkafka::types::RDKafkaErrorCode::QueueFull,
                    ),
                    _,
                )) => {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                Err((e, _)) => return (Outcome::Error(e.to_string()), 0),
            }
        }
    }
    for f in pending {
        match f.await {
            Ok(Ok(_)) => {}
            Ok(Err((e, _))) => return (Outcome::Error(e.to_string()), 0),
            Err(_) => return (Outcome::Error("delivery canceled".into()), 0),
        }
    }
    (Outcome::Ok, bytes)
}

async fn worker(
    args: Arc<LoadgenArgs>,
    stats: Arc<Stats>,
    id: usize,
    deadline: Instant,
    interval: Option<Duration>,
) -> Result<(), String> {
    let cfg = GenConfig {
        spans_per_run: args.spans_per_run,
        result_bytes: args.result_bytes,
        hallucinated_share: args.hallucinated_share,
        dialect: args.dialect,
        omit_root: args.omit_root,
    };
    let mut rng = Rng::new(0x5eed ^ ((id as u64 + 1) * 0x9e37_79b9) ^ now_ns());
    let mut grpc = None;
    let mut http = None;
    let mut kafka: Option<rdkafka::producer::FutureProducer> = None;
    match args.protocol {
        Protocol::Kafka | Protocol::KafkaJson => {
            let p = rdkafka::config::ClientConfig::new()
                .set("bootstrap.servers", &args.target)
                .set("linger.ms", "5")
                .set("compression.type", if args.gzip { "gzip" } else { "none" })
                .create()
                .map_err(|e| e.to_string())?;
            kafka = Some(p);
        }
        Protocol::Grpc => {
            let host_port = args
                .target
                .split_once("://")
                .map_or(args.target.as_str(), |(_, r)| r);
            let channel = if args.tls {
                let tls = args
                    .tls_files
                    .connector(&[b"h2"])
                    .map_err(|e| e.to_string())?;
                crate::client_tls::grpc_channel(&format!("https://{host_port}"), tls).await?
            } else {
                tonic::transport::Endpoint::from_shared(format!("http://{host_port}"))
                    .map_err(|e| e.to_string())?
                    .connect()
                    .await
                    .map_err(|e| e.to_string())?
            };
            let mut c = TraceServiceClient::new(channel).max_encoding_message_size(256 << 20);
            if args.gzip {
                c = c.send_compressed(tonic::codec::CompressionEncoding::Gzip);
            }
            grpc = Some(c);
        }
        _ if args.tls => {
            let (host, port) = args
                .target
                .rsplit_once(':')
                .and_then(|(h, p)| Some((h, p.parse::<u16>().ok()?)))
                .ok_or_else(|| format!("--target {:?} is not HOST:PORT", args.target))?;
            let tls = args
                .tls_files
                .connector(&[b"http/1.1"])
                .map_err(|e| e.to_string())?;
            let stream = crate::client_tls::connect(&tls, host, port).await?;
            let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
                .await
                .map_err(|e| e.to_string())?;
            tokio::spawn(conn);
            http = Some(sender);
        }
        _ => {
            let stream = tokio::net::TcpStream::connect(&args.target)
                .await
                .map_err(|e| e.to_string())?;
            let _ = stream.set_nodelay(true);
            let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
                .await
                .map_err(|e| e.to_string())?;
            tokio::spawn(conn);
            http = Some(sender);
        }
    }
    let bearer: Option<tonic::metadata::MetadataValue<tonic::metadata::Ascii>> = match &args.token {
        Some(t) => Some(
            format!("Bearer {t}")
                .parse()
                .map_err(|_| "--token is not valid gRPC metadata".to_owned())?,
        ),
        None => None,
    };
    let mut next = Instant::now();
    while Instant::now() < deadline {
        if let Some(iv) = interval {
            next += iv;
            let now = Instant::now();
            if next > now {
                tokio::time::sleep(next - now).await;
            }
        }
        let root_end = now_ns();
        let (req, ids) = gen_request(&cfg, &mut rng, args.runs_per_request, root_end);
        let spans: u64 = req
            .resource_spans
            .iter()
            .flat_map(|r| &r.scope_spans)
            .map(|s| s.spans.len() as u64)
            .sum();
        let t = Instant::now();
        let (outcome, bytes) = match (&mut grpc, &mut http) {
            _ if kafka.is_some() => match &kafka {
                Some(p) => {
                    produce_runs(p, &args.topic, &req, args.protocol == Protocol::KafkaJson).await
                }
                None => unreachable!("checked"),
            },
            (Some(c), _) => {
                let bytes = req.encoded_len() as u64;
                let mut req = tonic::Request::new(req);
                if let Some(v) = &bearer {
                    req.metadata_mut().insert("authorization", v.clone());
                }
                let o = match c.export(req).await {
                    Ok(_) => Outcome::Ok,
                    Err(s)
                        if s.code() == tonic::Code::Unavailable
                            || s.code() == tonic::Code::ResourceExhausted =>
                    {
                        Outcome::Refused
                    }
                    Err(s) => Outcome::Error(s.to_string()),
                };
                (o, bytes)
            }
            (None, Some(sender)) => {
                let json = args.protocol == Protocol::HttpJson;
                let mut body = if json {
                    encode_json(&req)
                } else {
                    req.encode_to_vec()
                };
                let bytes = body.len() as u64;
                if args.gzip {
                    body = crate::send::gzip(&body);
                }
                (
                    send_http(
                        sender,
                        &args.target,
                        body,
                        json,
                        args.gzip,
                        args.token.as_deref(),
                    )
                    .await,
                    bytes,
                )
            }
            _ => unreachable!("one client is always set"),
        };
        let us = t.elapsed().as_micros() as u64;
        match outcome {
            Outcome::Ok => {
                stats.requests_ok.fetch_add(1, Relaxed);
                stats.spans_ok.fetch_add(spans, Relaxed);
                stats.bytes_ok.fetch_add(bytes, Relaxed);
                if let Ok(mut l) = stats.latencies_us.lock() {
                    l.push(us);
                }
                if args.reports_dir.is_some() || args.acked_out.is_some() {
                    if let Ok(mut m) = stats.sent_runs.lock() {
                        for id in ids {
                            m.insert(groundcheck_detectors::span::hex(&id), root_end);
                        }
                    }
                }
            }
            Outcome::Refused => {
                stats.refused.fetch_add(1, Relaxed);
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Outcome::Error(e) => {
                if stats.errors.fetch_add(1, Relaxed) < 3 {
                    eprintln!("loadgen: request error: {e}");
                }
            }
        }
    }
    Ok(())
}

/// Run the load; returns the printed summary.
pub async fn run(args: LoadgenArgs) -> anyhow::Result<String> {
    let args = Arc::new(args);
    let stats = Arc::new(Stats::default());
    let started = Instant::now();
    let deadline = started + Duration::from_secs(args.duration);
    let interval =
        (args.rate > 0.0).then(|| Duration::from_secs_f64(args.connections as f64 / args.rate));
    let mut handles = Vec::new();
    for i in 0..args.connections {
        handles.push(tokio::spawn(worker(
            args.clone(),
            stats.clone(),
            i,
            deadline,
            interval,
        )));
    }
    for h in handles {
        if let Ok(Err(e)) = h.await {
            anyhow::bail!("loadgen connection failed: {e}");
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let mut lat = stats
        .latencies_us
        .lock()
        .map(|l| l.clone())
        .unwrap_or_default();
    let spans = stats.spans_ok.load(Relaxed);
    let mut out = format!(
        "protocol={:?} gzip={} connections={} runs/request={} spans/run={} result_bytes={} duration={:.1}s\n\
         requests ok={} refused(429/UNAVAILABLE)={} errors={}\n\
         accepted {:.0} spans/s, {:.0} runs/s, {:.1} MB/s (uncompressed payload)\n\
         request latency p50={:.2}ms p99={:.2}ms\n",
        args.protocol,
        args.gzip,
        args.connections,
        args.runs_per_request,
        args.spans_per_run,
        args.result_bytes,
        secs,
        stats.requests_ok.load(Relaxed),
        stats.refused.load(Relaxed),
        stats.errors.load(Relaxed),
        spans as f64 / secs,
        spans as f64 / args.spans_per_run.max(1) as f64 / secs,
        stats.bytes_ok.load(Relaxed) as f64 / secs / 1e6,
        pct(&mut lat, 0.5) as f64 / 1000.0,
        pct(&mut lat, 0.99) as f64 / 1000.0,
    );
    if let Some(path) = &args.acked_out {
        let ids: String = stats
            .sent_runs
            .lock()
            .map(|m| m.keys().map(|id| format!("{id}\n")).collect())
            .unwrap_or_default();
        std::fs::write(path, ids)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(dir) = &args.reports_dir {
        let sent = stats
            .sent_runs
            .lock()
            .map(|m| m.clone())
            .unwrap_or_default();
        let wait_until = Instant::now() + Duration::from_secs(args.report_wait);
        let mut found: HashMap<String, u64> = HashMap::new();
        loop {
            found.clear();
            if let Ok(rd) = std::fs::read_dir(dir) {
                for e in rd.flatten() {
                    if let Ok(text) = std::fs::read_to_string(e.path()) {
                        for line in text.lines() {
                            if let Ok(v) = serde_json::from_str::<serde_json::Value>(line) {
                                if let (Some(id), Some(at)) =
                                    (v["run_id"].as_str(), v["reported_at_unix_nano"].as_u64())
                                {
                                    if sent.contains_key(id) {
                                        found.insert(id.to_owned(), at);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if found.len() >= sent.len() || Instant::now() > wait_until {
                break;
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        let mut l: Vec<u64> = found
            .iter()
            .filter_map(|(id, at)| sent.get(id).map(|s| at.saturating_sub(*s) / 1000))
            .collect();
        out.push_str(&format!(
            "reports {}/{} acknowledged runs; root-end → report latency p50={:.0}ms p99={:.0}ms (includes the grace period)\n",
            found.len(),
            sent.len(),
            pct(&mut l, 0.5) as f64 / 1000.0,
            pct(&mut l, 0.99) as f64 / 1000.0
        ));
    }
    Ok(out)
}
