//! Report output topic: every HallucinationReport written to a Kafka topic for downstream
//! consumers (alerting, SIEM), keyed by `run_id` (so a run's reports, including duplicates
//! after a redelivery, land on one partition), as JSON (the same object as the JSON Lines
//! sink) or protobuf (`groundcheck.report.v1.HallucinationReport`).
//!
//! `write_batch` enqueues the whole batch, then waits for every delivery report: `Ok` only
//! when the broker acknowledged every record (per the producer's `acks`, default `all`). A
//! failed delivery fails the batch (retryable); the runner re-sends the whole batch, so the
//! topic may hold duplicates, which consumers dedupe by `run_id` like every sink's.

use crate::{ReportSink, SinkError};
use async_trait::async_trait;
use groundcheck_detectors::report::HallucinationReport;
use groundcheck_proto::prost::Message as _;
use rdkafka::config::ClientConfig;
use rdkafka::producer::{DeliveryFuture, FutureProducer, FutureRecord};
use rdkafka::util::Timeout;
use std::time::Duration;

/// Encoding of the report topic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    Json,
    Protobuf,
}

pub struct KafkaSink {
    producer: FutureProducer,
    topic: String,
    format: ReportFormat,
}

impl KafkaSink {
    /// `client`: librdkafka properties (`bootstrap.servers`, security settings, …).
    pub fn new(
        client: &[(String, String)],
        topic: &str,
        format: ReportFormat,
    ) -> Result<KafkaSink, SinkError> {
        let mut cc = ClientConfig::new();
        cc.set("acks", "all").set("message.timeout.ms", "30000");
        for (k, v) in client {
            cc.set(k, v);
        }
        // librdkafka refuses unknown or invalid properties here, before any network I/O.
        let producer: FutureProducer = cc.create().map_err(|e| SinkError::Config {
            sink: "kafka",
            message: e.to_string(),
        })?;
        Ok(KafkaSink {
            producer,
            topic: topic.to_owned(),
            format,
        })
    }

    fn encode(&self, r: &HallucinationReport) -> Result<Vec<u8>, SinkError> {
        Ok(match self.format {
            ReportFormat::Json => serde_json::to_vec(r)?,
            ReportFormat::Protobuf => r.to_proto().encode_to_vec(),
        })
    }
}

async fn wait(pending: &mut Vec<DeliveryFuture>) -> Result<(), SinkError> {
    let mut first_err = None;
    for f in pending.drain(..) {
        match f.await {
            Ok(Ok(_)) => {}
            Ok(Err((e, _))) => first_err = first_err.or(Some(e.to_string())),
            Err(_) => first_err = first_err.or(Some("producer dropped the delivery".to_owned())),
        }
    }
    match first_err {
        None => Ok(()),
        Some(e) => Err(SinkError::Remote {
            sink: "kafka",
            message: e,
            retryable: true,
        }),
    }
}

#[async_trait]
impl ReportSink for KafkaSink {
    fn name(&self) -> &'static str {
        "kafka"
    }

    async fn write_batch(&self, reports: &[HallucinationReport]) -> Result<(), SinkError> {
        let mut pending = Vec::with_capacity(reports.len());
        for r in reports {
            let payload = self.encode(r)?;
            let mut attempt = 0;
            loop {
                match self.producer.send_result(
                    FutureRecord::to(&self.topic)
                        .key(r.run_id.as_bytes())
                        .payload(&payload),
                ) {
                    Ok(f) => {
                        pending.push(f);
                        break;
                    }
                    Err((e, _)) if attempt < 50 => {
                        // Local queue full: wait for what is in flight, then retry.
                        attempt += 1;
                        tracing::debug!(error = %e, "kafka sink: producer queue full");
                        wait(&mut pending).await?;
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                    Err((e, _)) => {
                        return Err(SinkError::Remote {
                            sink: "kafka",
                            message: e.to_string(),
                            retryable: true,
                        })
                    }
                }
            }
        }
        wait(&mut pending).await
    }
}

impl Drop for KafkaSink {
    fn drop(&mut self) {
        use rdkafka::producer::Producer;
        let _ = self.producer.flush(Timeout::After(Duration::from_secs(5)));
    }
}
