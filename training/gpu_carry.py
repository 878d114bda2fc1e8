"""Pack what the GPU recipe needs into one small folder for the lent GPU machine, and unpack it there.

The device tool sends the repository's working tree (about 26 MB, most of it the shipped model)
plus carried folders, 64 MiB in all, and the machine has no network. The base model alone is
90.9 MB (fp32), so it travels as:
  - the word-embedding matrix (30522 x 384, frozen in both recipes) as int8 with one fp32 scale
    per row (symmetric; the rounding error is at most 1/254 of the row's largest magnitude);
  - every other tensor in fp16;
and the data without what train.py never reads (SNLI keeps sentence1, sentence2, gold_label),
xz-compressed. 38.6 MB in all (33.8 MB of it the model).

  # here (repo root; .git/info/exclude holds /.gpu/; needs training/.cache from a first CPU run):
  training/.venv/bin/python training/gpu_carry.py pack .gpu
  # on the device (carry .gpu), what .gpu/device.sh (= training/gpu_device.sh) does:
  python3 .gpu/gpu_carry.py unpack .gpu /tmp/gc
  python3 .gpu/train.py --recipe gpu --cache-dir /tmp/gc/cache --shared-dir /tmp/gc/shared --threads 16 --out /tmp/gc/out

unpack writes /tmp/gc/cache/minilm/{model.safetensors (fp32, the original names), tokenizer.json},
/tmp/gc/cache/snli/*.jsonl and /tmp/gc/shared/{halueval-dev.jsonl, vitaminc/vitaminc.jsonl.gz}.
"""

import json
import lzma
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
WORD = "embeddings.word_embeddings.weight"


def pack(dest, cache=os.path.join(HERE, ".cache"), shared=os.path.join(HERE, "..", "..", "shared", "data")):
    import torch
    from safetensors.torch import load_file, save_file

    os.makedirs(dest, exist_ok=True)
    w = load_file(os.path.join(cache, "minilm", "model.safetensors"))
    out = {}
    for k, v in w.items():
        if k == WORD:
            scale = v.abs().amax(1, keepdim=True).clamp(min=1e-12) / 127.0
            out[k + ".int8"] = torch.round(v / scale).clamp(-127, 127).to(torch.int8)
            out[k + ".scale"] = scale.float()
        else:
            out[k] = v.half()
    save_file(out, os.path.join(dest, "minilm.packed.safetensors"))
    shutil.copy(os.path.join(cache, "minilm", "tokenizer.json"), dest)
    for name in ("snli_1.0_train_subset.jsonl", "snli_1.0_test.jsonl"):
        with open(os.path.join(cache, "snli", name)) as f, lzma.open(os.path.join(dest, name + ".xz"), "wt", preset=9) as g:
            for line in f:
                r = json.loads(line)
                g.write(json.dumps({k: r[k] for k in ("gold_label", "sentence1", "sentence2")}) + "\n")
    with open(os.path.join(shared, "halueval-dev.jsonl"), "rb") as f, lzma.open(os.path.join(dest, "halueval-dev.jsonl.xz"), "wb", preset=9) as g:
        g.write(f.read())
    shutil.copy(os.path.join(shared, "vitaminc", "vitaminc.jsonl.gz"), dest)
    for f in ("train.py", "inject.py", "gpu_carry.py"):
        shutil.copy(os.path.join(HERE, f), dest)
    shutil.copy(os.path.join(HERE, "gpu_device.sh"), os.path.join(dest, "device.sh"))
    for f in sorted(os.listdir(dest)):
        print(f"{os.path.getsize(os.path.join(dest, f)):>10}  {f}")


def unpack(src, root):
    import torch
    from safetensors.torch import load_file, save_file

    m = os.path.join(root, "cache", "minilm")
    s = os.path.join(root, "cache", "snli")
    d = os.path.join(root, "shared")
    for x in (m, s, os.path.join(d, "vitaminc")):
        os.makedirs(x, exist_ok=True)
    p = load_file(os.path.join(src, "minilm.packed.safetensors"))
    w = {k: v.float() for k, v in p.items() if not k.startswith(WORD)}
    w[WORD] = p[WORD + ".int8"].float() * p[WORD + ".scale"]
    save_file({k: v.contiguous() for k, v in w.items()}, os.path.join(m, "model.safetensors"))
    shutil.copy(os.path.join(src, "tokenizer.json"), m)
    for name in ("snli_1.0_train_subset.jsonl", "snli_1.0_test.jsonl"):
        with lzma.open(os.path.join(src, name + ".xz"), "rb") as f, open(os.path.join(s, name), "wb") as g:
            shutil.copyfileobj(f, g)
    with lzma.open(os.path.join(src, "halueval-dev.jsonl.xz"), "rb") as f, open(os.path.join(d, "halueval-dev.jsonl"), "wb") as g:
        shutil.copyfileobj(f, g)
    shutil.copy(os.path.join(src, "vitaminc.jsonl.gz"), os.path.join(d, "vitaminc"))
    print(f"unpacked {src} into {root}: {len(w)} tensors")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "pack":
        pack(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "unpack":
        unpack(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
