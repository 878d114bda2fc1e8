//! A bare OTLP/gRPC receiver that counts and discards (the next hop of the forwarding
//! benchmark in BENCHMARKS.md): `cargo run --release -p groundcheck-tests --example otlp_sink
//! -- PORT`; prints the spans received per second.

#[path = "../tests/common/otlp.rs"]
mod otlp;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let port: u16 = std::env::args()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(4417);
    let recv = otlp::Receiver::new(false);
    let port = otlp::serve(recv.clone(), port).await;
    eprintln!("otlp_sink: listening on 127.0.0.1:{port}");
    let mut last = 0;
    loop {
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        let n = recv.spans();
        println!("{n} spans ({} /s)", n - last);
        last = n;
    }
}
