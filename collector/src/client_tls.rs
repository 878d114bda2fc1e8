//! The client side of OTLP over TLS, shared by `send` and `loadgen`: a rustls client
//! configuration (the operator's CA bundle, else the Mozilla roots; optionally a client
//! certificate for mTLS) and connections for HTTP/1.1 (hyper) and gRPC (tonic, h2 by ALPN).

use hyper_util::rt::TokioIo;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName};
use std::path::PathBuf;
use std::sync::Arc;
use tokio::net::TcpStream;
use tokio_rustls::client::TlsStream;
use tokio_rustls::TlsConnector;

/// TLS options of an OTLP client (flags of `send` and `loadgen`).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ClientTlsArgs {
    /// PEM CA bundle to verify the collector's certificate (https:// endpoints; default: the
    /// Mozilla roots).
    #[arg(long)]
    pub ca_file: Option<PathBuf>,
    /// PEM client certificate (mTLS), with `--client-key`.
    #[arg(long, requires = "client_key")]
    pub client_cert: Option<PathBuf>,
    /// PEM private key of `--client-cert`.
    #[arg(long, requires = "client_cert")]
    pub client_key: Option<PathBuf>,
}

/// Errors building the client's TLS configuration or connecting.
#[derive(Debug, thiserror::Error)]
pub enum ClientTlsError {
    #[error("cannot read {what} {path}: {detail}")]
    Read {
        what: &'static str,
        path: String,
        detail: String,
    },
    #[error("invalid TLS client configuration: {0}")]
    Config(String),
    #[error("{0:?} is not a valid TLS server name")]
    ServerName(String),
}

impl ClientTlsArgs {
    /// The rustls client configuration, offering `alpn` (e.g. `h2` for gRPC).
    pub fn connector(&self, alpn: &[&[u8]]) -> Result<TlsConnector, ClientTlsError> {
        let read = |what: &'static str, p: &PathBuf, detail: String| ClientTlsError::Read {
            what,
            path: p.display().to_string(),
            detail,
        };
        let mut roots = rustls::RootCertStore::empty();
        match &self.ca_file {
            Some(p) => {
                let certs = CertificateDer::pem_file_iter(p)
                    .map_err(|e| read("CA file", p, e.to_string()))?;
                for c in certs {
                    let c = c.map_err(|e| read("CA file", p, e.to_string()))?;
                    roots
                        .add(c)
                        .map_err(|e| read("CA file", p, e.to_string()))?;
                }
            }
            None => roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
        }
        let builder = rustls::ClientConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .map_err(|e| ClientTlsError::Config(e.to_string()))?
        .with_root_certificates(roots);
        let mut cfg = match (&self.client_cert, &self.client_key) {
            (Some(c), Some(k)) => {
                let chain = CertificateDer::pem_file_iter(c)
                    .map_err(|e| read("client certificate", c, e.to_string()))?
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| read("client certificate", c, e.to_string()))?;
                let key = PrivateKeyDer::from_pem_file(k)
                    .map_err(|e| read("client key", k, e.to_string()))?;
                builder
                    .with_client_auth_cert(chain, key)
                    .map_err(|e| ClientTlsError::Config(e.to_string()))?
            }
            _ => builder.with_no_client_auth(),
        };
        cfg.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
        Ok(TlsConnector::from(Arc::new(cfg)))
    }
}

/// Connect to `host:port` and complete a TLS handshake for `host`.
pub async fn connect(
    connector: &TlsConnector,
    host: &str,
    port: u16,
) -> Result<TlsStream<TcpStream>, String> {
    let name = ServerName::try_from(
        host.trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned(),
    )
    .map_err(|_| ClientTlsError::ServerName(host.to_owned()).to_string())?;
    let tcp = TcpStream::connect((host, port))
        .await
        .map_err(|e| e.to_string())?;
    let _ = tcp.set_nodelay(true);
    connector
        .connect(name, tcp)
        .await
        .map_err(|e| format!("TLS handshake with {host}:{port} failed: {e}"))
}

/// A tonic channel to an `https://host:port` endpoint over TLS (h2 by ALPN).
pub async fn grpc_channel(
    endpoint: &str,
    connector: TlsConnector,
) -> Result<tonic::transport::Channel, String> {
    let uri: http::Uri = endpoint
        .parse()
        .map_err(|e| format!("invalid endpoint {endpoint:?}: {e}"))?;
    let host = uri.host().unwrap_or("localhost").to_owned();
    let port = uri.port_u16().unwrap_or(443);
    // tonic wants an http:// URI for a custom connector; the connector does the TLS.
    let plain = format!("http://{host}:{port}");
    tonic::transport::Endpoint::from_shared(plain)
        .map_err(|e| e.to_string())?
        .connect_with_connector(tower::service_fn(move |_: http::Uri| {
            let connector = connector.clone();
            let host = host.clone();
            async move {
                connect(&connector, &host, port)
                    .await
                    .map(TokioIo::new)
                    .map_err(std::io::Error::other)
            }
        }))
        .await
        .map_err(|e| format!("cannot connect to {endpoint}: {e}"))
}
