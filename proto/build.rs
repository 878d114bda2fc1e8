fn main() {
    // protoc comes from the protoc-bin-vendored crate so the build needs no system protoc.
    let protoc = protoc_bin_vendored::protoc_bin_path().expect("vendored protoc");
    std::env::set_var("PROTOC", protoc);
    println!("cargo:rerun-if-changed=proto/hallucination_report.proto");
    prost_build::Config::new()
        .compile_protos(&["proto/hallucination_report.proto"], &["proto"])
        .expect("compile hallucination_report.proto");
}
