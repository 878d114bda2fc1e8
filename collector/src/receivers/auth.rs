//! Bearer-token authentication of the receivers and the admin endpoint, with a tenant per
//! token.
//!
//! Contract:
//! - The tokens file holds one token per line, optionally followed by whitespace and a tenant
//!   name (`[A-Za-z0-9_.-]`, at most 64 characters); blank lines and lines starting with `#`
//!   are ignored. A token is at least 16 characters of visible ASCII. The same token twice is
//!   an error.
//! - A request is authenticated by `Authorization: Bearer <token>` (HTTP header or gRPC
//!   metadata; the scheme is case-insensitive). Tokens are kept only as SHA-256 digests and the
//!   presented token's digest is compared with every entry in constant time; a token never
//!   appears in a log line or an error message.
//! - The file is polled every [`RELOAD_POLL`](super::tls::RELOAD_POLL); a changed file that
//!   parses replaces the set for the next request (rotation: add the new token, move the
//!   clients, remove the old one); one that does not parse is logged and the last good set
//!   kept.
//! - The tenant of the token is recorded on every span of the request and from there on the
//!   run's report; a token without a tenant leaves it empty.

use crate::registry::{file_stamp, FileStamp};
use ring::digest::{digest, SHA256};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, RwLock};
use subtle::ConstantTimeEq;

use crate::metrics::Metrics;

/// Minimum token length (characters).
pub const MIN_TOKEN_LEN: usize = 16;

/// Errors reading a tokens file.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("cannot read the tokens file {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("tokens file {path}, line {line}: {problem}")]
    Line {
        path: String,
        line: usize,
        problem: String,
    },
    #[error("tokens file {path} holds no token")]
    Empty { path: String },
}

/// Why a request was not authenticated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthFailure {
    /// No `Authorization: Bearer …`.
    Missing,
    /// A bearer token that is not in the file.
    Invalid,
}

impl AuthFailure {
    pub fn as_str(self) -> &'static str {
        match self {
            AuthFailure::Missing => "missing",
            AuthFailure::Invalid => "invalid",
        }
    }
    /// The message given to the client.
    pub fn message(self) -> &'static str {
        match self {
            AuthFailure::Missing => "authentication required: send `Authorization: Bearer <token>`",
            AuthFailure::Invalid => "invalid bearer token",
        }
    }
}

struct Entry {
    digest: [u8; 32],
    tenant: Option<Arc<str>>,
}

/// A parsed tokens file.
pub struct Tokens {
    entries: Vec<Entry>,
}

fn sha256(token: &[u8]) -> [u8; 32] {
    let d = digest(&SHA256, token);
    let mut out = [0u8; 32];
    out.copy_from_slice(d.as_ref());
    out
}

fn valid_tenant(t: &str) -> bool {
    !t.is_empty()
        && t.len() <= 64
        && t.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
}

impl Tokens {
    /// Parse the file's text (`path` only names it in errors).
    pub fn parse(path: &Path, text: &str) -> Result<Tokens, AuthError> {
        let err = |line: usize, problem: String| AuthError::Line {
            path: path.display().to_string(),
            line,
            problem,
        };
        let mut entries: Vec<Entry> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut parts = line.split_whitespace();
            let token = parts.next().unwrap_or_default();
            let tenant = parts.next();
            if parts.next().is_some() {
                return Err(err(
                    i + 1,
                    "expected `TOKEN [TENANT]`, found more fields".into(),
                ));
            }
            if token.chars().count() < MIN_TOKEN_LEN {
                return Err(err(
                    i + 1,
                    format!("token shorter than {MIN_TOKEN_LEN} characters"),
                ));
            }
            if !token.bytes().all(|b| b.is_ascii_graphic()) {
                return Err(err(
                    i + 1,
                    "token has non-ASCII or control characters".into(),
                ));
            }
            if let Some(t) = tenant {
                if !valid_tenant(t) {
                    return Err(err(
                        i + 1,
                        format!("tenant {t:?} is not 1–64 characters of [A-Za-z0-9_.-]"),
                    ));
                }
            }
            let d = sha256(token.as_bytes());
            if entries.iter().any(|e| e.digest == d) {
                return Err(err(i + 1, "the same token appears twice".into()));
            }
            entries.push(Entry {
                digest: d,
                tenant: tenant.map(Arc::from),
            });
        }
        if entries.is_empty() {
            return Err(AuthError::Empty {
                path: path.display().to_string(),
            });
        }
        Ok(Tokens { entries })
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The tenant of a presented token (`Ok(None)`: valid, no tenant). Every entry is compared,
    /// in constant time, whatever matches.
    pub fn verify(&self, token: &[u8]) -> Result<Option<Arc<str>>, AuthFailure> {
        let d = sha256(token);
        let mut found: Option<&Entry> = None;
        for e in &self.entries {
            if bool::from(e.digest.ct_eq(&d)) {
                found = Some(e);
            }
        }
        found.map(|e| e.tenant.clone()).ok_or(AuthFailure::Invalid)
    }
}

/// The token of an `Authorization` header value, if it is a bearer credential.
pub fn bearer(header: Option<&[u8]>) -> Option<&[u8]> {
    let v = header?;
    let v = v.strip_prefix(b" ").unwrap_or(v);
    if v.len() < 7 || !v[..7].eq_ignore_ascii_case(b"bearer ") {
        return None;
    }
    let t = v[7..].trim_ascii();
    (!t.is_empty()).then_some(t)
}

/// A tokens file, re-read when it changes.
pub struct Authenticator {
    path: PathBuf,
    current: RwLock<Arc<Tokens>>,
    stamp: std::sync::Mutex<FileStamp>,
}

impl Authenticator {
    /// Read the file once (an error here stops the start).
    pub fn load(path: &Path) -> Result<Arc<Self>, AuthError> {
        let stamp = file_stamp(path);
        let tokens = read(path)?;
        Ok(Arc::new(Authenticator {
            path: path.to_owned(),
            current: RwLock::new(Arc::new(tokens)),
            stamp: std::sync::Mutex::new(stamp),
        }))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn tokens(&self) -> Arc<Tokens> {
        self.current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Check an `Authorization` header value.
    pub fn check(&self, authorization: Option<&[u8]>) -> Result<Option<Arc<str>>, AuthFailure> {
        let token = bearer(authorization).ok_or(AuthFailure::Missing)?;
        self.tokens().verify(token)
    }

    /// Reload when the file changed: `Some(Ok(n))` reloaded with n tokens, `Some(Err)` changed
    /// but invalid (previous set kept), `None` unchanged.
    pub fn reload_if_changed(&self) -> Option<Result<usize, AuthError>> {
        let now = file_stamp(&self.path);
        {
            let mut last = self.stamp.lock().unwrap_or_else(|e| e.into_inner());
            if *last == now {
                return None;
            }
            *last = now;
        }
        Some(read(&self.path).map(|t| {
            let n = t.len();
            *self.current.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(t);
            n
        }))
    }

    /// Poll the file on a background task for as long as the process runs.
    pub fn watch(self: &Arc<Self>, metrics: Arc<Metrics>) {
        let me = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(super::tls::RELOAD_POLL);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(me) = me.upgrade() else { return };
                let path = me.path.clone();
                match tokio::task::spawn_blocking(move || me.reload_if_changed()).await {
                    Ok(Some(Ok(n))) => {
                        metrics.auth_reloads_total.fetch_add(1, Relaxed);
                        tracing::info!(path = %path.display(), tokens = n, "tokens file changed: reloaded");
                    }
                    Ok(Some(Err(e))) => {
                        metrics.auth_reload_failures_total.fetch_add(1, Relaxed);
                        tracing::warn!(error = %e, "tokens file changed but cannot be used; keeping the previous tokens");
                    }
                    _ => {}
                }
            }
        });
    }
}

fn read(path: &Path) -> Result<Tokens, AuthError> {
    let text = std::fs::read_to_string(path).map_err(|source| AuthError::Read {
        path: path.display().to_string(),
        source,
    })?;
    Tokens::parse(path, &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "aaaaaaaaaaaaaaaaaaaa";
    const B: &str = "bbbbbbbbbbbbbbbbbbbb";

    fn tokens(text: &str) -> Result<Tokens, AuthError> {
        Tokens::parse(Path::new("tokens"), text)
    }

    #[test]
    fn tokens_map_to_their_tenants() {
        let t = tokens(&format!("# comment\n\n{A} payments\n  {B}\n")).unwrap();
        assert_eq!(t.len(), 2);
        assert_eq!(t.verify(A.as_bytes()).unwrap().as_deref(), Some("payments"));
        assert_eq!(t.verify(B.as_bytes()).unwrap(), None);
        assert_eq!(
            t.verify(b"cccccccccccccccccccc").unwrap_err(),
            AuthFailure::Invalid
        );
        // A prefix or an extension of a valid token is not valid.
        assert!(t.verify(&A.as_bytes()[..19]).is_err());
        assert!(t.verify(format!("{A}a").as_bytes()).is_err());
    }

    #[test]
    fn bad_files_are_refused_with_the_line() {
        for (text, want) in [
            ("short x\n", "line 1: token shorter"),
            (&format!("{A} payments extra\n") as &str, "more fields"),
            (&format!("{A} bad/tenant\n"), "tenant"),
            (&format!("{A}\n{A} t\n"), "line 2: the same token"),
            ("# only a comment\n", "holds no token"),
        ] {
            let e = tokens(text).err().expect(text).to_string();
            assert!(e.contains(want), "{text:?}: {e}");
            assert!(!e.contains(A), "a token never appears in an error: {e}");
        }
    }

    #[test]
    fn bearer_header_parsing() {
        assert_eq!(bearer(Some(b"Bearer abc")), Some(&b"abc"[..]));
        assert_eq!(bearer(Some(b"bearer  abc ")), Some(&b"abc"[..]));
        assert_eq!(bearer(Some(b"Basic abc")), None);
        assert_eq!(bearer(Some(b"Bearer ")), None);
        assert_eq!(bearer(None), None);
    }

    #[test]
    fn a_changed_file_is_reloaded_and_a_broken_one_keeps_the_last_good_set() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("tokens");
        std::fs::write(&p, format!("{A} one\n")).unwrap();
        let auth = Authenticator::load(&p).unwrap();
        let header = |t: &str| format!("Bearer {t}");
        assert!(auth.check(Some(header(A).as_bytes())).is_ok());
        assert!(auth.reload_if_changed().is_none());
        std::fs::write(&p, format!("{B} two\n# rotated\n")).unwrap();
        assert_eq!(auth.reload_if_changed().unwrap().unwrap(), 1);
        assert_eq!(
            auth.check(Some(header(A).as_bytes())).unwrap_err(),
            AuthFailure::Invalid
        );
        assert_eq!(
            auth.check(Some(header(B).as_bytes())).unwrap().as_deref(),
            Some("two")
        );
        std::fs::write(&p, "too short and broken\n").unwrap();
        assert!(auth.reload_if_changed().unwrap().is_err());
        assert!(
            auth.check(Some(header(B).as_bytes())).is_ok(),
            "last good set kept"
        );
        assert_eq!(auth.check(None).unwrap_err(), AuthFailure::Missing);
    }
}
