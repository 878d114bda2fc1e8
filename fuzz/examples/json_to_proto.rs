//! Seed corpus for `otlp_proto`: each OTLP/JSON file of `corpus/otlp_json` re-encoded as
//! OTLP/protobuf into `corpus/otlp_proto` (same name, `.pb`).
//!
//! `cargo run --manifest-path fuzz/Cargo.toml --example json_to_proto`

use prost::Message;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let out = root.join("otlp_proto");
    std::fs::create_dir_all(&out).unwrap();
    for e in std::fs::read_dir(root.join("otlp_json")).unwrap() {
        let p = e.unwrap().path();
        let req = groundcheck_proto::json::decode_export_request(&std::fs::read(&p).unwrap())
            .unwrap_or_else(|err| panic!("{}: {err}", p.display()));
        let name = p.file_stem().unwrap().to_string_lossy().into_owned() + ".pb";
        std::fs::write(out.join(&name), req.encode_to_vec()).unwrap();
        println!("{name}");
    }
}
