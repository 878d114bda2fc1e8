//! `groundcheck serve`: start the pipeline, the receivers and the admin server; on SIGINT or
//! SIGTERM shut down in order — receivers stop accepting, open runs are drained (finished as
//! incomplete), workers finish, sinks flush.

use crate::config::Settings;
use crate::metrics::Metrics;
use crate::pipeline::Pipeline;
use crate::receivers::auth::Authenticator;
use crate::receivers::grpc::{GrpcReceiver, TraceServiceServer};
use crate::receivers::tls::{self, ReloadingConfig, TlsListener};
use crate::wiring::{ServeConfig, SinksConfig};
use anyhow::Context;
use groundcheck_sinks::{JsonlSink, KafkaSink, Redactor, ReportSink, SummarySink};
use std::future::IntoFuture;
use std::sync::Arc;
use tokio::sync::watch;

/// `serve` with the configuration resolved by [`crate::wiring`]; every report passes
/// `redactor` before the sinks (the process's one redactor: logs use it too).
pub async fn serve(
    settings: Settings,
    metrics: Arc<Metrics>,
    redactor: Arc<Redactor>,
) -> anyhow::Result<()> {
    serve_with(ServeConfig::from_settings(&settings)?, metrics, redactor).await
}

/// The sinks, in order: JSON Lines (always), ClickHouse, the stderr summary, the Kafka report
/// topic.
pub async fn build_sinks(
    cfg: SinksConfig,
    metrics: &Arc<Metrics>,
) -> anyhow::Result<Vec<Arc<dyn ReportSink>>> {
    let mut sinks: Vec<Arc<dyn ReportSink>> = vec![Arc::new(
        JsonlSink::new(&cfg.jsonl_dir).context("embedded JSON Lines sink")?,
    )];
    if let Some(setup) = cfg.clickhouse {
        sinks.push(crate::clickhouse::build(setup, metrics.clone()).await?);
    }
    if cfg.summary {
        sinks.push(Arc::new(SummarySink));
    }
    if let Some(report) = cfg.kafka_report {
        sinks.push(Arc::new(
            KafkaSink::new(&report.client, &report.topic, report.format)
                .context("Kafka report topic sink")?,
        ));
        tracing::info!(topic = %report.topic, format = ?report.format, "reports also go to a Kafka topic");
    }
    Ok(sinks)
}

pub async fn serve_with(
    cfg: ServeConfig,
    metrics: Arc<Metrics>,
    redactor: Arc<Redactor>,
) -> anyhow::Result<()> {
    let ServeConfig {
        receivers,
        pipeline: pipeline_cfg,
        sinks: sinks_cfg,
        detection,
        otel,
    } = cfg;
    let detector = Arc::new(crate::detection::build(detection, metrics.clone())?);
    let data_dir = sinks_cfg.jsonl_dir.clone();
    let mut sinks = build_sinks(sinks_cfg, &metrics).await?;
    // OpenTelemetry output: evaluations are sinks (acknowledged like the others).
    if let Some((target, carriers)) = &otel.evaluations {
        for c in carriers {
            sinks.push(Arc::new(
                crate::otel::evaluations::EvaluationSink::new(target, *c)
                    .context("OTLP evaluation export")?,
            ));
        }
        tracing::info!(endpoint = %target.endpoint, protocol = ?target.protocol, carriers = ?carriers, "evaluations exported over OTLP (gen_ai.evaluation.result)");
    }
    let self_telemetry = match &otel.telemetry {
        Some((target, interval)) => {
            let t = crate::otel::selftelemetry::SelfTelemetry::start(
                target,
                *interval,
                metrics.clone(),
            )
            .context("OTLP self-telemetry")?;
            tracing::info!(endpoint = %target.endpoint, "self-telemetry (pipeline spans, counters) exported over OTLP");
            Some(t)
        }
        None => None,
    };
    let (forwarder, forward_task) = match otel.forward.clone() {
        Some(f) => {
            let endpoint = f.target.endpoint.clone();
            let (h, t) = crate::otel::forward::Forwarder::start(f, metrics.clone())
                .context("OTLP forwarding")?;
            tracing::info!(%endpoint, "every accepted span is forwarded to the next OTLP hop");
            (Some(h), Some(t))
        }
        None => (None, None),
    };
    metrics.set_info(
        "groundcheck_stage3_enabled",
        if detector.prober.is_some() { "1" } else { "0" },
    );
    if detector.judge.is_some() {
        metrics.set_info("groundcheck_stage2_scorer_info{scorer=\"llm_judge\"}", "1");
    }
    metrics.set_redactor(redactor.clone());
    let pipeline = Pipeline::start(pipeline_cfg, detector, sinks, metrics.clone(), redactor)?;

    // Security: TLS material and token files are read once here (an error stops the start),
    // then watched for changes.
    let tls = match &receivers.tls {
        Some(files) => {
            let t = ReloadingConfig::load(files.clone()).context("TLS on the OTLP receivers")?;
            t.watch("otlp", metrics.clone());
            tracing::info!(cert = %files.cert.display(), mtls = files.client_ca.is_some(), "TLS on the OTLP receivers");
            Some(t)
        }
        None => None,
    };
    let load_tokens = |path: &Option<std::path::PathBuf>, what: &str| -> anyhow::Result<_> {
        match path {
            Some(p) => {
                let a = Authenticator::load(p).with_context(|| format!("{what} tokens"))?;
                a.watch(metrics.clone());
                tracing::info!(path = %p.display(), tokens = a.tokens().len(), "{what} require a bearer token");
                Ok(Some(a))
            }
            None => Ok(None),
        }
    };
    let auth = load_tokens(&receivers.auth_tokens, "OTLP receivers")?;
    let admin_auth = load_tokens(&receivers.admin_auth_tokens, "admin /metrics")?;
    if admin_auth.is_none() && !receivers.admin_addr.ip().is_loopback() {
        tracing::warn!(admin = %receivers.admin_addr, "the admin address is not loopback and /metrics requires no token (set --admin-auth-tokens-file)");
    }
    let ingest_fwd = pipeline.ingest.clone().with_forward(forwarder);
    let ingest = ingest_fwd.clone().with_auth(auth);

    let grpc_listener = tokio::net::TcpListener::bind(receivers.grpc_addr)
        .await
        .with_context(|| format!("bind OTLP/gRPC on {}", receivers.grpc_addr))?;
    let http_listener = tokio::net::TcpListener::bind(receivers.http_addr)
        .await
        .with_context(|| format!("bind OTLP/HTTP on {}", receivers.http_addr))?;
    let admin_listener = tokio::net::TcpListener::bind(receivers.admin_addr)
        .await
        .with_context(|| format!("bind admin on {}", receivers.admin_addr))?;
    tracing::info!(grpc = %grpc_listener.local_addr()?, http = %http_listener.local_addr()?, admin = %admin_listener.local_addr()?, data_dir = %data_dir.display(), "groundcheck listening");

    let kafka = match receivers.kafka {
        Some(kafka_cfg) => Some(
            crate::receivers::kafka::KafkaReceiver::start(
                kafka_cfg,
                ingest_fwd.clone(),
                metrics.clone(),
            )
            .context("Kafka receiver")?,
        ),
        None => None,
    };

    let (stop_tx, stop_rx) = watch::channel(false);
    let wait = |mut rx: watch::Receiver<bool>| async move {
        let _ = rx.wait_for(|v| *v).await;
    };

    let grpc_svc =
        TraceServiceServer::new(GrpcReceiver::new(ingest.clone()), receivers.max_body_bytes);
    let grpc_server = tonic::transport::Server::builder().add_service(grpc_svc);
    let grpc = match &tls {
        None => tokio::spawn(grpc_server.serve_with_incoming_shutdown(
            tonic::transport::server::TcpIncoming::from(grpc_listener),
            wait(stop_rx.clone()),
        )),
        Some(t) => {
            let conns = tokio_stream_of(tls::incoming(
                grpc_listener,
                t.clone(),
                "grpc",
                metrics.clone(),
            ));
            tokio::spawn(grpc_server.serve_with_incoming_shutdown(conns, wait(stop_rx.clone())))
        }
    };
    let http_router = crate::receivers::http::router(ingest.clone());
    let http = match &tls {
        None => tokio::spawn(
            axum::serve(http_listener, http_router)
                .with_graceful_shutdown(wait(stop_rx.clone()))
                .into_future(),
        ),
        Some(t) => {
            let listener = TlsListener::new(http_listener, t.clone(), "http", metrics.clone())?;
            tokio::spawn(
                axum::serve(listener, http_router)
                    .with_graceful_shutdown(wait(stop_rx.clone()))
                    .into_future(),
            )
        }
    };
    let admin = tokio::spawn(
        axum::serve(
            admin_listener,
            crate::admin::router(metrics.clone(), admin_auth),
        )
        .with_graceful_shutdown(wait(stop_rx.clone()))
        .into_future(),
    );

    shutdown_signal().await;
    tracing::info!("shutdown requested: stopping receivers");
    let _ = stop_tx.send(true);
    // The Kafka receiver hands back open runs and commits while the pipeline still runs.
    let kafka_stop = kafka.map(|k| tokio::task::spawn_blocking(move || k.stop()));
    match grpc.await {
        Ok(Err(e)) => tracing::error!(error = %e, "OTLP/gRPC server error"),
        Err(e) => tracing::error!(error = %e, "OTLP/gRPC task failed"),
        _ => {}
    }
    if let Ok(Err(e)) = http.await {
        tracing::error!(error = %e, "OTLP/HTTP server error");
    }
    if let Some(k) = kafka_stop {
        if let Err(e) = k.await {
            tracing::error!(error = %e, "Kafka receiver stop failed");
        }
    }
    tracing::info!("receivers stopped: draining pipeline");
    pipeline.shutdown().await;
    if let Some(f) = forward_task {
        f.shutdown().await;
    }
    if let Some(t) = self_telemetry {
        // The SDK's shutdown blocks (it flushes): off the async workers.
        let _ = tokio::task::spawn_blocking(move || t.shutdown()).await;
    }
    if let Ok(Err(e)) = admin.await {
        tracing::error!(error = %e, "admin server error");
    }
    tracing::info!("groundcheck stopped");
    Ok(())
}

/// A receiver of accepted connections as the stream tonic serves.
fn tokio_stream_of(
    rx: tokio::sync::mpsc::Receiver<tls::TlsConn>,
) -> impl tokio_stream::Stream<Item = Result<tls::TlsConn, std::io::Error>> {
    use tokio_stream::StreamExt;
    tokio_stream::wrappers::ReceiverStream::new(rx).map(Ok)
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
