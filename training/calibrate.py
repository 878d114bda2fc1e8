"""Fit the learned model's thresholds on development data only, from a per-claim dump.

  GROUNDCHECK_NLI_DUMP=/tmp/dump.jsonl target/release/groundcheck eval --hide-validation
  training/.venv/bin/python training/calibrate.py /tmp/dump.jsonl

The dump (`--nli-dump`) has one line per claim of every run eval scored: the deterministic
status, score, whether its flags are all paraphrase-prone ("soft"), whether it cites evidence,
whether the run's evidence is mostly prose, and the model's probabilities. This script replays
`NliScorer::combine` (collector/src/nli.rs) and Stage 4's emit threshold over a grid of
thresholds (contradiction, not-entailed, entailment, on_json) and reports, per setting:

  - HaluEval calibration split (numeric id % 4 == 2: neither trained on nor held out): accuracy
    of "flagged" (the run is not emitted) against the label;
  - real-agent-retail development conversations (task_id < 50): turns of successful
    conversations flagged, which must not rise;
  - agent-runs development scenarios (not calendar / sql_analytics, the validation scenarios):
    answers flagged on runs whose answer is clean, and answers caught among runs with an
    answer-level hallucination — the model acting on JSON evidence (`on_json`) must not raise
    the first.
Every setting must also respect a false-alarm budget on grounded claims (`--budget`, default
1.5 %): the share of *entailed* development pairs (inject.py seed 2 and the HaluEval calibration
split, scored by the shipped model) that the setting would lower. The HaluEval rows above are
mostly short answers with few claims, so they do not see how often the model lowers a grounded
claim in a longer answer; this budget does (at p(entailment) <= 0.4, about 15-20 % of grounded
claims would be lowered: a monitor that cries wolf).
Only these development rows are read; validation rows (odd HaluEval ids, validation scenarios)
are skipped before anything is computed.
"""

import itertools
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "data"))
VALIDATION_SCENARIOS = {"calendar", "sql_analytics"}
EMIT = 0.85          # Stage 4 emit threshold (default)
UNSUPPORTED = 0.5    # Stage 2 unsupported_score (what a lowered claim scores)


def load(dump):
    runs = defaultdict(list)
    for line in open(dump):
        d = json.loads(line)
        runs[d["run_id"]].append(d)
    return runs


def dev_rows():
    """run_id -> (set, gold) for development rows only."""
    out = {}
    with open(os.path.join(SHARED, "halueval-dev.jsonl")) as f:
        for i, line in enumerate(f):
            r = json.loads(line)
            num = int(r["id"].split("-")[2])
            if num % 4 == 2:
                out[f"{i:032x}"] = ("halueval-calib:" + r["source"][9:], r["hallucinated"])
    # Real traffic, development conversations (task_id < 50): turns of successful
    # conversations, all presumed clean (their flags are the false-alarm rate).
    retail = os.path.join(SHARED, "real-agent-retail")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.check_call([sys.executable, os.path.join(retail, "to_otlp.py"), os.path.join(retail, "trajectories.json"),
                               os.path.join(retail, "tools.json"), tmp], stdout=subprocess.DEVNULL)
        with open(os.path.join(tmp, "labels.jsonl")) as f:
            for line in f:
                l = json.loads(line)
                if l["task_id"] < 50 and l["reward"] == 1.0:
                    out[l["trace_id"]] = ("real-traffic-dev", False)
    with open(os.path.join(SHARED, "agent-runs-dev", "labels.jsonl")) as f:
        for line in f:
            l = json.loads(line)
            if l["scenario"] in VALIDATION_SCENARIOS:
                continue
            answer_bad = any(not c.startswith("tool_call/") for c in l["categories"])
            out[l["trace_id"]] = ("agent-runs-dev", answer_bad)
    return out


def flagged(claims, tc, tu, te, on_json):
    low = 1.0
    for c in claims:
        s, p = c["score"], c["p"]
        acts = c["prose"] or on_json
        if p is not None and acts:
            pe, pc = p[0], p[2]
            if c["status"] == "supported":
                if pc >= tc or pe <= tu:
                    s = min(s, UNSUPPORTED)
            elif c["status"] == "unsupported" and c["soft"] and pe >= te:
                s = 1.0
        low = min(low, s)
    return low < EMIT


def grounded_lowering(budget_sets=("synth", "calib")):
    """(p(contradiction), p(entailment)) of the entailed development pairs, by the shipped model."""
    sys.path.insert(0, HERE)
    import train as T  # noqa: E402  (training/.venv: onnxruntime, tokenizers)
    import onnxruntime as ort
    from tokenizers import Tokenizer
    model = os.path.join(HERE, "..", "models", "nli")
    sess = ort.InferenceSession(os.path.join(model, "groundcheck-nli.int8.onnx"), providers=["CPUExecutionProvider"])
    tok = Tokenizer.from_file(os.path.join(model, "tokenizer.json"))
    rows = T.synth(1000, 2) + T.halueval("calib", int(256 * 3.5))
    ent = [r for r in rows if r[2] == 0]
    p = T.ort_predict(sess, T.encode(tok, ent, 256))
    return [(float(q[2]), float(q[0])) for q in p]


def main():
    budget = float(sys.argv[2]) if len(sys.argv) > 2 else 0.015
    runs = load(sys.argv[1])
    grounded = grounded_lowering()
    rows = dev_rows()
    grid = itertools.product([0.8, 0.9, 0.95, 0.99, 1.01], [0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.4], [0.5, 0.7, 0.9, 1.01], [False, True])
    results = []
    for tc, tu, te, on_json in grid:
        stats = defaultdict(lambda: [0, 0, 0, 0])  # tp fp fn tn
        for rid, (name, gold) in rows.items():
            pred = flagged(runs.get(rid, []), tc, tu, te, on_json)
            k = (0 if pred else 2) + (0 if gold else 1)
            stats[name][k] += 1
        results.append(((tc, tu, te, on_json), dict(stats)))
    def acc(s):
        return (s[0] + s[3]) / max(1, sum(s))
    def hal(st):
        ks = [k for k in st if k.startswith("halueval")]
        return sum(acc(st[k]) for k in ks) / max(1, len(ks))  # mean over tasks (QA, dialogue, summarization)
    base = dict(results)[(1.01, 0.0, 1.01, False)]
    print("deterministic only:", {k: round(acc(v), 3) for k, v in base.items()}, "agent-runs clean flagged",
          base["agent-runs-dev"][1], "caught", base["agent-runs-dev"][0])
    # Agent runs and real traffic: never flag more clean answers than the deterministic scorer alone.
    fp0 = base["agent-runs-dev"][1]
    rt0 = base["real-traffic-dev"][1]
    print("real-traffic dev: successful-conversation turns flagged by the deterministic scorer:", rt0, "of", sum(base["real-traffic-dev"]))
    def lowered(cfg):
        return sum(1 for pc, pe in grounded if pc >= cfg[0] or pe <= cfg[1]) / len(grounded)
    ok = [(cfg, st) for cfg, st in results
          if st["agent-runs-dev"][1] <= fp0 and st["real-traffic-dev"][1] <= rt0 and lowered(cfg) <= budget]
    print(f"false-alarm budget: at most {budget:.1%} of {len(grounded)} grounded development pairs lowered")
    # Best mean HaluEval accuracy; ties: more agent-run answers caught, the model off JSON, the
    # most conservative thresholds (highest contradiction, lowest not-entailed, highest entailment).
    ok.sort(key=lambda r: (-round(hal(r[1]), 4), -r[1]["agent-runs-dev"][0], r[0][3], -r[0][0], r[0][1], -r[0][2]))
    for cfg, st in ok[:12]:
        print(cfg, "halueval-calib mean acc %.3f" % hal(st), {k: round(acc(v), 3) for k, v in st.items() if k.startswith("halueval")},
              "agent-runs clean flagged", st["agent-runs-dev"][1], "caught", st["agent-runs-dev"][0], "real-traffic flagged", st["real-traffic-dev"][1],
              "grounded lowered %.3f" % lowered(cfg))


if __name__ == "__main__":
    main()
