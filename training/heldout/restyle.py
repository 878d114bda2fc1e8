#!/usr/bin/env python3
"""Restyled clean runs: a metamorphic check of Stage 2's robustness to answer layout.

Takes the clean runs (no hallucination, no Stage-1 fault) of the given held-out sets'
development halves (sets c, d and e whole, as they are read) and rewrites each final answer in
another layout that states the same facts — a status emoji opening each line, bullets, block
quotes, numbered lines, no-break spaces, curly apostrophes and quotes, bold or lower-case
labels, a key-value table, expanded contractions, a heading, a sign-off, CRLF line ends. Each
restyle is written as its own labeled set (``OUT/<restyle>/runs-000.jsonl`` + ``labels.jsonl``,
every run clean), so

    groundcheck --nli false eval --agent-runs OUT/<restyle> --real-traffic none --halueval none

prints its "clean runs falsely flagged"; ``OUT/base`` is the runs as written. A detector that
reads facts, not layout, flags the same share under every restyle. Validation halves are never
used.

    python3 training/heldout/restyle.py [--sets abcdeghijklmnopqrs] [--out target/restyled]
"""
import argparse
import glob
import json
import os
import re

EMOJI = ["✅", "📌", "⚠️", "➡️", "🔹"]
def lines_map(a, f):
    return "\n".join(f(i, l) for i, l in enumerate(a.split("\n")))

def kv_table(a):
    out=[]; rows=[]
    for l in a.split("\n"):
        m = re.match(r"^\s*(?:[-*•] )?\*{0,2}([A-Z][A-Za-z ]{1,24})\*{0,2}:\*{0,2}\s+(.+)$", l)
        if m and "|" not in l:
            rows.append((m.group(1), m.group(2)))
        else:
            if rows:
                out.append("| Field | Value |"); out.append("|---|---|")
                out += [f"| {k} | {v} |" for k, v in rows]; rows=[]
            out.append(l)
    if rows:
        out.append("| Field | Value |"); out.append("|---|---|")
        out += [f"| {k} | {v} |" for k, v in rows]
    return "\n".join(out)
CONTR = [("it's","it is"),("It's","It is"),("don't","do not"),("Don't","Do not"),("I've","I have"),("I'll","I will"),("we've","we have"),("We've","We have"),("you're","you are"),("You're","You are"),("isn't","is not"),("doesn't","does not"),("hasn't","has not"),("can't","cannot"),("won't","will not"),("that's","that is"),("That's","That is"),("there's","there is"),("There's","There is"),("I'm","I am")]
def expand(a):
    for x,y in CONTR: a = re.sub(r"\b"+re.escape(x)+r"\b", y, a)
    return a
T = {
  "base": lambda a: a,
  "emoji_lines": lambda a: lines_map(a, lambda i, l: (EMOJI[i % 5] + " " + l) if l.strip() and not l.lstrip().startswith(("|", "#", "```")) else l),
  "bullets": lambda a: lines_map(a, lambda i, l: ("• " + l) if l.strip() and not l.lstrip().startswith(("|", "#", "-", "*", "```")) else l),
  "quote_block": lambda a: lines_map(a, lambda i, l: ("> " + l) if l.strip() else ">"),
  "curly_quotes": lambda a: re.sub(r"(\w)'(\w)", "\\1’\\2", a),
  "trailing_emoji": lambda a: lines_map(a, lambda i, l: (l + " 👍") if l.strip().endswith(".") else l),
  "numbered": lambda a: lines_map(a, lambda i, l: (f"{i+1}) " + l) if l[:1].isalpha() and l.rstrip().endswith((".", ":")) else l),
  "heading_first": lambda a: "## Update\n\n" + a,
  "nbsp": lambda a: a.replace(" ", "\u00a0", 3) if False else re.sub(r"(\d) (\w)", "\\1\u00a0\\2", a),
  "crlf": lambda a: a.replace("\n", "\r\n"),
  "sign_off": lambda a: a + "\n\n— Sam (Support Bot) 🤖",
  "bold_labels": lambda a: lines_map(a, lambda i, l: re.sub(r"^(\s*(?:[-*•] )?)([A-Z][A-Za-z ]{1,24}):(\s)", r"\1**\2:**\3", l)),
  "kv_table": lambda a: kv_table(a),
  "lowercase_start": lambda a: lines_map(a, lambda i, l: (l[0].lower() + l[1:]) if l[:1].isupper() and l[1:2].islower() else l),
  "emdash": lambda a: a.replace(" - ", " — "),
  "smart_dquotes": lambda a: re.sub(r'"([^"\n]{1,80})"', "“\\1”", a),
  "exclaim": lambda a: re.sub(r"\.(\s*\n|$)", "!\\1", a),
  "expand_contractions": lambda a: expand(a),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="abcdeghijklmnopqrs", help="held-out sets whose development halves are restyled")
    ap.add_argument("--out", default="target/restyled")
    args = ap.parse_args()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    runs_out, labels_out = {}, {}
    for k in T:
        os.makedirs(os.path.join(args.out, k), exist_ok=True)
        runs_out[k] = open(os.path.join(args.out, k, "runs-000.jsonl"), "w")
        labels_out[k] = open(os.path.join(args.out, k, "labels.jsonl"), "w")
    n = 0
    for s in args.sets:
        d = os.path.join(root, "target", "heldout" + ("" if s == "a" else "-" + s))
        if not os.path.exists(os.path.join(d, "labels.jsonl")):
            raise SystemExit(f"{d} missing: python3 training/heldout/generate.py --set {s}")
        labels = {}
        for line in open(os.path.join(d, "labels.jsonl")):
            lab = json.loads(line)
            if lab.get("heldout_split") == "validation" and s not in "cde":
                continue
            if lab["hallucinated"] or lab["stage1_faults"]:
                continue
            labels[lab["trace_id"]] = lab
        runs = {}
        for f in sorted(glob.glob(os.path.join(d, "runs-*.jsonl"))):
            for line in open(f):
                m = re.search(r'"traceId":\s*"([0-9a-f]{32})"', line)
                if m and m.group(1) in labels:
                    runs.setdefault(m.group(1), []).append(line)
        for t, lab in labels.items():
            a = lab["answer"]
            n += 1
            for k, fn in T.items():
                a2 = fn(a)
                e1, e2 = json.dumps(a)[1:-1], json.dumps(a2)[1:-1]
                d1, d2 = json.dumps(e1)[1:-1], json.dumps(e2)[1:-1]
                for line in runs.get(t, []):
                    if d1 != e1:
                        line = line.replace(d1, d2)
                    runs_out[k].write(line.replace(e1, e2))
                lab2 = dict(lab, answer=a2, file="runs-000.jsonl", heldout_split="development")
                labels_out[k].write(json.dumps(lab2, ensure_ascii=False) + "\n")
    print(f"{n} clean runs restyled {len(T)} ways into {args.out}/")


if __name__ == "__main__":
    main()
