"""Pairs/s of the shipped model through ONNX Runtime, 1 intra-op thread, 128-token pairs,
batch 16 (the same call the Rust runtime makes; tokenization excluded). Also cold start."""
import sys, time
import numpy as np
import onnxruntime as ort
from tokenizers import Tokenizer
model = sys.argv[1] if len(sys.argv) > 1 else "../models/nli/groundcheck-nli.int8.onnx"
t0 = time.time()
so = ort.SessionOptions(); so.intra_op_num_threads = 1; so.inter_op_num_threads = 1
s = ort.InferenceSession(model, so, providers=["CPUExecutionProvider"])
tok = Tokenizer.from_file(model.rsplit("/", 1)[0] + "/tokenizer.json")
cold = time.time() - t0
tok.enable_truncation(128)
ev = "order.id: ORD-48213\norder.status: shipped\norder.total: 129.5\norder.carrier: UPS\n" * 12
encs = [tok.encode(ev, f"Order ORD-48213 has shipped with UPS and costs ${100 + i}.50.") for i in range(16)]
ids = np.array([e.ids for e in encs], dtype=np.int64)
assert ids.shape == (16, 128), ids.shape
feed = {"input_ids": ids, "attention_mask": np.ones_like(ids), "token_type_ids": np.array([e.type_ids for e in encs], dtype=np.int64)}
s.run(["logits"], feed)
best = 1e9
for _ in range(5):
    t = time.time(); n = 0
    while time.time() - t < 3:
        s.run(["logits"], feed); n += 16
    best = min(best, (time.time() - t) / n)
print(f"cold start (session + tokenizer): {cold:.2f}s; {1 / best:.0f} pairs/s on 1 thread at 128 tokens (best of 5 × 3 s)")
