//! TLS (and mutual TLS) for the OTLP receivers, with certificates re-read when their files
//! change.
//!
//! Contract:
//! - [`TlsFiles`] names a PEM certificate chain, its private key and, for mTLS, a PEM bundle of
//!   client CAs. With a client CA every connection must present a certificate that chains to
//!   it; a connection without one, or with one from another CA, fails the handshake.
//! - TLS 1.2 and 1.3 only (rustls never speaks older versions); a TLS port speaks nothing but
//!   TLS: a plaintext request fails the handshake (counted), it is never served.
//! - [`ReloadingConfig`] holds the current `rustls::ServerConfig`. A watcher polls the files'
//!   (size, mtime) every [`RELOAD_POLL`]; on a change the whole set is loaded again and, when
//!   valid, used for every *new* connection (open connections keep theirs). An invalid set
//!   (half-written file, key not matching the certificate) is logged and the last good one kept.
//! - [`incoming`] accepts TCP connections and runs each handshake on its own task with a
//!   deadline ([`HANDSHAKE_TIMEOUT`]), so a slow or silent client never blocks others; finished
//!   handshakes are handed over through a bounded channel.

use crate::metrics::Metrics;
use crate::registry::{file_stamp, FileStamp};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::WebPkiClientVerifier;
use rustls::{RootCertStore, ServerConfig};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, RwLock};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::server::TlsStream;
use tokio_rustls::TlsAcceptor;

/// How often the certificate files are checked for changes.
pub const RELOAD_POLL: Duration = Duration::from_secs(2);
/// A TLS handshake not finished within this is dropped (counted as a failure).
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// Finished handshakes waiting for the server to take them.
const ACCEPT_QUEUE: usize = 128;

/// Errors loading the TLS material.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("cannot read {what} {path}: {source}")]
    Read {
        what: &'static str,
        path: String,
        source: rustls::pki_types::pem::Error,
    },
    #[error("{what} {path} holds no certificate")]
    Empty { what: &'static str, path: String },
    #[error("invalid client CA certificate in {path}: {source}")]
    BadCa { path: String, source: rustls::Error },
    #[error("cannot build the client certificate verifier: {0}")]
    Verifier(String),
    #[error("certificate {cert} and key {key} do not form a usable TLS identity: {source}")]
    Identity {
        cert: String,
        key: String,
        source: rustls::Error,
    },
}

/// The files of one TLS identity (and, for mTLS, of the client CAs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TlsFiles {
    pub cert: PathBuf,
    pub key: PathBuf,
    pub client_ca: Option<PathBuf>,
}

impl TlsFiles {
    fn paths(&self) -> Vec<&Path> {
        let mut v = vec![self.cert.as_path(), self.key.as_path()];
        v.extend(self.client_ca.as_deref());
        v
    }

    /// Load and check every file; build the server configuration.
    pub fn load(&self) -> Result<ServerConfig, TlsError> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let certs = read_certs("certificate", &self.cert)?;
        let key = PrivateKeyDer::from_pem_file(&self.key).map_err(|source| TlsError::Read {
            what: "private key",
            path: self.key.display().to_string(),
            source,
        })?;
        let builder = ServerConfig::builder_with_provider(provider.clone())
            .with_safe_default_protocol_versions()
            .map_err(|e| TlsError::Verifier(e.to_string()))?;
        let builder = match &self.client_ca {
            None => builder.with_no_client_auth(),
            Some(ca) => {
                let mut roots = RootCertStore::empty();
                for c in read_certs("client CA file", ca)? {
                    roots.add(c).map_err(|source| TlsError::BadCa {
                        path: ca.display().to_string(),
                        source,
                    })?;
                }
                let verifier =
                    WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider)
                        .build()
                        .map_err(|e| TlsError::Verifier(e.to_string()))?;
                builder.with_client_cert_verifier(verifier)
            }
        };
        let mut cfg =
            builder
                .with_single_cert(certs, key)
                .map_err(|source| TlsError::Identity {
                    cert: self.cert.display().to_string(),
                    key: self.key.display().to_string(),
                    source,
                })?;
        // gRPC needs h2; OTLP/HTTP clients speak http/1.1 (and may offer h2).
        cfg.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        Ok(cfg)
    }
}

fn read_certs(what: &'static str, path: &Path) -> Result<Vec<CertificateDer<'static>>, TlsError> {
    let err = |source| TlsError::Read {
        what,
        path: path.display().to_string(),
        source,
    };
    let certs = CertificateDer::pem_file_iter(path)
        .map_err(err)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(err)?;
    if certs.is_empty() {
        return Err(TlsError::Empty {
            what,
            path: path.display().to_string(),
        });
    }
    Ok(certs)
}

type Stamp = Vec<FileStamp>;

/// The current server configuration of one listener, replaced when the files change.
pub struct ReloadingConfig {
    files: TlsFiles,
    current: RwLock<Arc<ServerConfig>>,
    stamp: std::sync::Mutex<Stamp>,
}

impl ReloadingConfig {
    /// Load the files once (an error here stops the start: there is no last good set yet).
    pub fn load(files: TlsFiles) -> Result<Arc<Self>, TlsError> {
        let stamp = stamps(&files);
        let cfg = files.load()?;
        Ok(Arc::new(ReloadingConfig {
            files,
            current: RwLock::new(Arc::new(cfg)),
            stamp: std::sync::Mutex::new(stamp),
        }))
    }

    pub fn current(&self) -> Arc<ServerConfig> {
        self.current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Reload when a file changed. `Some(Ok(()))`: reloaded; `Some(Err)`: changed but invalid
    /// (the last good configuration stays); `None`: unchanged.
    pub fn reload_if_changed(&self) -> Option<Result<(), TlsError>> {
        let now = stamps(&self.files);
        {
            let mut last = self.stamp.lock().unwrap_or_else(|e| e.into_inner());
            if *last == now {
                return None;
            }
            *last = now;
        }
        Some(self.files.load().map(|cfg| {
            *self.current.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(cfg);
        }))
    }

    /// Poll the files on a background task for as long as the process runs.
    pub fn watch(self: &Arc<Self>, receiver: &'static str, metrics: Arc<Metrics>) {
        let me = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(RELOAD_POLL);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(me) = me.upgrade() else { return };
                let files = me.files.clone();
                let res = tokio::task::spawn_blocking(move || me.reload_if_changed()).await;
                match res {
                    Ok(Some(Ok(()))) => {
                        metrics.tls_reloads_total.fetch_add(1, Relaxed);
                        tracing::info!(receiver, cert = %files.cert.display(), "TLS certificate files changed: reloaded (new connections use them)");
                    }
                    Ok(Some(Err(e))) => {
                        metrics.tls_reload_failures_total.fetch_add(1, Relaxed);
                        tracing::warn!(receiver, error = %e, "TLS certificate files changed but cannot be used; keeping the previous ones");
                    }
                    _ => {}
                }
            }
        });
    }
}

fn stamps(files: &TlsFiles) -> Stamp {
    files.paths().into_iter().map(file_stamp).collect()
}

/// A server-side TLS connection (tonic needs its `Connected`).
pub struct TlsConn {
    inner: TlsStream<TcpStream>,
    peer: SocketAddr,
}

impl AsyncRead for TlsConn {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for TlsConn {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }
    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

impl tonic::transport::server::Connected for TlsConn {
    type ConnectInfo = SocketAddr;
    fn connect_info(&self) -> SocketAddr {
        self.peer
    }
}

/// Accept TCP connections on `listener` and hand over those whose TLS handshake succeeded.
/// The accept loop ends when the returned receiver is dropped.
pub fn incoming(
    listener: TcpListener,
    tls: Arc<ReloadingConfig>,
    receiver: &'static str,
    metrics: Arc<Metrics>,
) -> mpsc::Receiver<TlsConn> {
    let (tx, rx) = mpsc::channel(ACCEPT_QUEUE);
    tokio::spawn(async move {
        loop {
            let (tcp, peer) = tokio::select! {
                r = listener.accept() => match r {
                    Ok(c) => c,
                    Err(e) => {
                        // EMFILE and friends: back off instead of spinning.
                        tracing::warn!(receiver, error = %e, "accept failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                },
                _ = tx.closed() => return,
            };
            let _ = tcp.set_nodelay(true);
            let acceptor = TlsAcceptor::from(tls.current());
            let tx = tx.clone();
            let metrics = metrics.clone();
            tokio::spawn(async move {
                match tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(tcp)).await {
                    Ok(Ok(inner)) => {
                        let _ = tx.send(TlsConn { inner, peer }).await;
                    }
                    Ok(Err(e)) => {
                        metrics.tls_handshake_failed(receiver);
                        tracing::debug!(receiver, %peer, error = %e, "TLS handshake failed");
                    }
                    Err(_) => {
                        metrics.tls_handshake_failed(receiver);
                        tracing::debug!(receiver, %peer, "TLS handshake timed out");
                    }
                }
            });
        }
    });
    rx
}

/// [`incoming`] as an axum listener.
pub struct TlsListener {
    rx: mpsc::Receiver<TlsConn>,
    local: SocketAddr,
}

impl TlsListener {
    pub fn new(
        listener: TcpListener,
        tls: Arc<ReloadingConfig>,
        receiver: &'static str,
        metrics: Arc<Metrics>,
    ) -> std::io::Result<Self> {
        let local = listener.local_addr()?;
        Ok(TlsListener {
            rx: incoming(listener, tls, receiver, metrics),
            local,
        })
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsConn;
    type Addr = SocketAddr;
    async fn accept(&mut self) -> (TlsConn, SocketAddr) {
        match self.rx.recv().await {
            Some(c) => {
                let peer = c.peer;
                (c, peer)
            }
            // The accept loop only ends when this receiver is dropped.
            None => std::future::pending().await,
        }
    }
    fn local_addr(&self) -> std::io::Result<SocketAddr> {
        Ok(self.local)
    }
}
