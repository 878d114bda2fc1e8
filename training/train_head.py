"""The shipped CPU recipe: a frozen all-MiniLM-L6-v2 siamese encoder inside one ONNX graph,
plus a trained groundedness head (entailment / neutral / contradiction).

Why not the full cross-encoder fine-tune (train.py)? On this project's machines (2 CPU cores,
shared) full fine-tuning ran at 1.6 examples/s: 2,176 examples in 24 minutes left it at chance
(SNLI 3-way 0.35). train.py remains the recipe for a machine with an accelerator. Here the
encoder stays frozen, so only forward passes are needed (run with ONNX Runtime int8, ~10x
cheaper than a torch training step) and the head trains in seconds.

The graph takes the same inputs as a cross-encoder — input_ids, attention_mask,
token_type_ids of `[CLS] evidence [SEP] claim [SEP]` — so the Rust runtime does not care which
recipe produced the model. Inside, attention is block-diagonal (evidence tokens attend to the
evidence, claim tokens to the claim), positions restart at 0 in each segment, each segment is
mean-pooled and L2-normalized (exactly how all-MiniLM-L6-v2 embeds a sentence), and the head
reads [u, v, |u-v|, u*v] plus lexical-coverage features computed in the graph: the share of
the claim's word pieces that occur in the evidence, the same for pieces containing a digit,
and the count of uncovered pieces.

  .venv/bin/python train_head.py --out out   # ~10 min on 2 shared cores
Outputs out/groundcheck-nli.int8.onnx, out/tokenizer.json, out/train-meta.json (scores).
"""

import argparse
import json
import os
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from train import HERE, LABELS, Bert, batches, collate, encode, fetch, halueval, snli, synth
from tokenizers import Tokenizer

N_LEX = 5


class Siamese(nn.Module):
    def __init__(self, bert, digit_mask):
        super().__init__()
        self.bert = bert
        self.register_buffer("digit", digit_mask)  # [vocab] 1.0 where the piece has a digit
        self.head = nn.Sequential(nn.Linear(4 * 384 + N_LEX, 256), nn.GELU(), nn.Dropout(0.1), nn.Linear(256, 3))

    def encode(self, ids, attn, typ):
        b = self.bert
        m = attn.to(torch.float32)
        seg = typ.to(torch.float32)
        a_mask = m * (1.0 - seg)
        h_mask = m * seg
        # Positions restart in each segment.
        pos = (torch.cumsum(a_mask, 1) - 1.0) * (1.0 - seg) + (torch.cumsum(h_mask, 1) - 1.0) * seg
        pos = pos.clamp(min=0).to(torch.int64)
        x = b.eln(b.word(ids) + b.pos(pos) + b.typ(torch.zeros_like(ids)))
        same = (seg[:, :, None] == seg[:, None, :]).to(torch.float32) * m[:, None, :]
        bias = ((1.0 - same) * -1e4)[:, None, :, :]
        bs, t, d = x.shape
        hd = d // b.heads
        for L in b.layers:
            q = L["q"](x).view(bs, t, b.heads, hd).transpose(1, 2)
            k = L["k"](x).view(bs, t, b.heads, hd).transpose(1, 2)
            v = L["v"](x).view(bs, t, b.heads, hd).transpose(1, 2)
            att = torch.softmax(q @ k.transpose(-1, -2) / (hd ** 0.5) + bias, dim=-1)
            a = (att @ v).transpose(1, 2).reshape(bs, t, d)
            x = L["aln"](x + L["ao"](a))
            x = L["oln"](x + L["o"](F.gelu(L["i"](x))))
        u = (x * a_mask[..., None]).sum(1) / a_mask.sum(1, keepdim=True).clamp(min=1.0)
        v = (x * h_mask[..., None]).sum(1) / h_mask.sum(1, keepdim=True).clamp(min=1.0)
        u = F.normalize(u, dim=-1)
        v = F.normalize(v, dim=-1)
        # Lexical coverage of the claim's pieces by the evidence (specials excluded: id < 1000).
        real = (ids >= 1000).to(torch.float32)
        prem = a_mask * real
        hyp = h_mask * real
        eq = (ids[:, :, None] == ids[:, None, :]).to(torch.float32) * prem[:, None, :]
        covered = (eq.sum(-1) > 0).to(torch.float32) * hyp
        dig = self.digit[ids] * hyp
        n_h = hyp.sum(1).clamp(min=1.0)
        n_d = dig.sum(1)
        cov = covered.sum(1) / n_h
        cov_d = torch.where(n_d > 0, (covered * dig).sum(1) / n_d.clamp(min=1.0), torch.ones_like(n_d))
        unc = (hyp - covered).sum(1)
        unc_d = (dig - covered * dig).sum(1)
        lex = torch.stack([cov, cov_d, torch.log1p(unc), torch.log1p(unc_d), torch.log1p(n_h)], dim=1)
        return torch.cat([u, v, (u - v).abs(), u * v, lex], dim=1)

    def forward(self, input_ids, attention_mask, token_type_ids):
        f = self.encode(input_ids, attention_mask, token_type_ids)
        return self.head(f), f


def export(model, path, example):
    x, m, tt = example
    torch.onnx.export(model, (x, m, tt), path, input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["logits", "features"],
                      dynamic_axes={"input_ids": {0: "batch", 1: "seq"}, "attention_mask": {0: "batch", 1: "seq"}, "token_type_ids": {0: "batch", 1: "seq"},
                                    "logits": {0: "batch"}, "features": {0: "batch"}}, opset_version=17, dynamo=False)


def ort_features(sess, data, bs=32):
    feats = np.zeros((len(data), 4 * 384 + N_LEX), dtype=np.float32)
    logits = np.zeros((len(data), 3), dtype=np.float32)
    for ids in batches(data, bs, None, shuffle=False):
        x, m, tt, _ = collate(data, ids)
        lg, f = sess.run(["logits", "features"], {"input_ids": x.numpy(), "attention_mask": m.numpy(), "token_type_ids": tt.numpy()})
        feats[ids] = f
        logits[ids] = lg
    return feats, logits


def score(name, y, probs):
    acc3 = float((probs.argmax(1) == y).mean())
    bin_acc = float(((probs[:, 0] >= 0.5) == (y == 0)).mean())
    print(f"  {name:<30} n={len(y):<5} acc3={acc3:.3f} grounded-vs-not acc={bin_acc:.3f}", flush=True)
    return {"n": int(len(y)), "acc3": round(acc3, 4), "binary_acc": round(bin_acc, 4)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--snli", type=int, default=6000)
    ap.add_argument("--synth", type=int, default=3000)
    ap.add_argument("--max-len", type=int, default=256)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=60)
    ap.add_argument("--seed", type=int, default=13)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    rng = random.Random(a.seed)
    np.random.seed(a.seed)
    os.makedirs(a.out, exist_ok=True)
    mdir, sdir = fetch()
    tok = Tokenizer.from_file(os.path.join(mdir, "tokenizer.json"))
    vocab = json.load(open(os.path.join(mdir, "tokenizer.json")))["model"]["vocab"]
    digit = torch.zeros(len(vocab))
    for piece, i in vocab.items():
        if any(c.isdigit() for c in piece):
            digit[i] = 1.0

    bert = Bert()
    bert.load_minilm(os.path.join(mdir, "model.safetensors"))
    model = Siamese(bert, digit).eval()
    for p in model.bert.parameters():
        p.requires_grad_(False)

    sets = {
        "train": snli(os.path.join(sdir, "snli_1.0_train_subset.jsonl"), a.snli, rng) + synth(a.synth, 1) + halueval("train"),
        "snli-test (2000)": snli(os.path.join(sdir, "snli_1.0_test.jsonl"), 2000, random.Random(7)),
        "synth-dev (seed 2)": synth(1000, 2),
        "halueval-heldout (odd ids)": halueval("heldout"),
    }
    enc = {k: encode(tok, v, a.max_len) for k, v in sets.items()}
    t0 = time.time()
    example = collate(enc["train"], [0, 1])[:3]
    feat_path = os.path.join(a.out, "features.onnx")
    export(model, feat_path, example)
    from onnxruntime.quantization import QuantType, quantize_dynamic
    import onnxruntime as ort
    feat_q = os.path.join(a.out, "features.int8.onnx")
    quantize_dynamic(feat_path, feat_q, weight_type=QuantType.QInt8)
    so = ort.SessionOptions()
    so.intra_op_num_threads = a.threads
    sess = ort.InferenceSession(feat_q, so, providers=["CPUExecutionProvider"])
    feats = {}
    for k, data in enc.items():
        t = time.time()
        feats[k] = ort_features(sess, data)[0]
        print(f"features {k}: {len(data)} pairs in {time.time() - t:.0f}s", flush=True)
    feat_secs = time.time() - t0

    # Train the head on the int8 encoder's features (what the shipped graph computes).
    X = torch.from_numpy(feats["train"])
    Y = torch.tensor([d[2] for d in enc["train"]])
    # Class weights: the mix is unbalanced (few neutrals outside SNLI).
    w = torch.bincount(Y, minlength=3).float()
    w = (w.sum() / (3 * w.clamp(min=1)))
    opt = torch.optim.AdamW(model.head.parameters(), lr=2e-3, weight_decay=1e-4)
    model.head.train()
    n = len(X)
    for ep in range(a.epochs):
        perm = torch.randperm(n)
        tot = 0.0
        for i in range(0, n, 128):
            idx = perm[i:i + 128]
            loss = F.cross_entropy(model.head(X[idx]), Y[idx], weight=w)
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot += loss.item() * len(idx)
        if ep % 10 == 0 or ep == a.epochs - 1:
            print(f"head epoch {ep} loss {tot / n:.3f}", flush=True)
    model.head.eval()
    scores = {}
    with torch.no_grad():
        for k in sets:
            y = np.array([d[2] for d in enc[k]])
            probs = torch.softmax(model.head(torch.from_numpy(feats[k])), -1).numpy()
            scores[k] = score(k, y, probs)

    # Ship: the whole graph with the trained head, int8.
    final = os.path.join(a.out, "groundcheck-nli.fp32.onnx")
    export(model, final, example)
    final_q = os.path.join(a.out, "groundcheck-nli.int8.onnx")
    quantize_dynamic(final, final_q, weight_type=QuantType.QInt8)
    sess = ort.InferenceSession(final_q, so, providers=["CPUExecutionProvider"])
    shipped = {}
    for k in ("snli-test (2000)", "synth-dev (seed 2)", "halueval-heldout (odd ids)"):
        _, lg = ort_features(sess, enc[k])
        e = np.exp(lg - lg.max(1, keepdims=True))
        y = np.array([d[2] for d in enc[k]])
        print("[shipped int8]", end="")
        shipped[k] = score(k, y, e / e.sum(1, keepdims=True))
    t = json.load(open(os.path.join(mdir, "tokenizer.json")))
    t["truncation"] = None
    t["padding"] = None
    json.dump(t, open(os.path.join(a.out, "tokenizer.json"), "w"), ensure_ascii=False)
    meta = {"recipe": "frozen all-MiniLM-L6-v2 siamese (block-diagonal attention) + lexical coverage + MLP head", "labels": LABELS, "max_len": a.max_len,
            "train_rows": len(enc["train"]), "feature_seconds": round(feat_secs), "args": vars(a), "scores_head": scores, "scores_shipped_int8": shipped,
            "size_bytes": os.path.getsize(final_q), "torch": torch.__version__, "onnxruntime": ort.__version__}
    json.dump(meta, open(os.path.join(a.out, "train-meta.json"), "w"), indent=1)
    print(json.dumps(meta, indent=1))


if __name__ == "__main__":
    main()
