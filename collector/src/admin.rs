//! Admin endpoints on their own port: `/metrics` (Prometheus text) and `/healthz`.
//!
//! `/metrics` can require a bearer token (`--admin-auth-tokens-file`); `/healthz` stays open
//! for liveness probes (it says nothing but `ok`). The admin address defaults to loopback.

use crate::metrics::Metrics;
use crate::receivers::auth::Authenticator;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::Arc;

#[derive(Clone)]
struct Admin {
    metrics: Arc<Metrics>,
    auth: Option<Arc<Authenticator>>,
}

pub fn router(metrics: Arc<Metrics>, auth: Option<Arc<Authenticator>>) -> Router {
    Router::new()
        .route("/metrics", get(metrics_handler))
        .route("/healthz", get(|| async { "ok\n" }))
        .with_state(Admin { metrics, auth })
}

async fn metrics_handler(State(a): State<Admin>, headers: HeaderMap) -> Response {
    if let Some(auth) = &a.auth {
        if let Err(f) = auth.check(
            headers
                .get(header::AUTHORIZATION)
                .map(HeaderValue::as_bytes),
        ) {
            a.metrics.auth_failed("admin", f);
            let mut r = (StatusCode::UNAUTHORIZED, format!("{}\n", f.message())).into_response();
            r.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                HeaderValue::from_static("Bearer realm=\"groundcheck-admin\""),
            );
            return r;
        }
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        a.metrics.render(),
    )
        .into_response()
}
