#!/usr/bin/env bash
# The GPU recipe on a lent GPU machine (no network), run there from the repository root with the
# folder made by `training/gpu_carry.py pack .gpu` carried (this script copied into it):
#   set -o pipefail; export PYTHONUNBUFFERED=1; bash .gpu/device.sh 2>&1 | tee $OUT/log
# Unpacks into /tmp/gc, trains, exports, quantizes and scores (train.py --recipe gpu, 16 ONNX
# Runtime threads), then leaves in $OUT the int8 model split in 15 MiB parts (the device returns
# files of at most 16 MiB; rejoin with `cat model.part.* > groundcheck-nli.int8.onnx` and check
# `sha256sum -c sha256`), train-meta.json, tokenizer.json. MODEL_CARD.md, "Running the GPU recipe".
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv
python3 -c "import torch,onnxruntime,onnx,tokenizers,safetensors;print('torch',torch.__version__,torch.cuda.is_available(),'ort',onnxruntime.__version__,'onnx',onnx.__version__)"
echo "cores $(nproc)"
python3 .gpu/gpu_carry.py unpack .gpu /tmp/gc || exit 1
timeout 530 python3 .gpu/train.py --recipe gpu --cache-dir /tmp/gc/cache --shared-dir /tmp/gc/shared --threads 16 --out /tmp/gc/out
rc=$?
echo "train.py exit $rc"
ls -la /tmp/gc/out
cd /tmp/gc/out || exit 1
[ -f groundcheck-nli.int8.onnx ] && sha256sum groundcheck-nli.int8.onnx > "$OUT/sha256" && split -b 15M groundcheck-nli.int8.onnx "$OUT/model.part."
cp train-meta.json tokenizer.json "$OUT/" 2>/dev/null
ls -la "$OUT"
exit $rc
