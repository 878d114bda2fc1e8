#!/usr/bin/env python3
# Send the bundled example run N times (fresh trace ids) to a running collector, one at a time,
# and time POST -> report line in the JSONL sink.
import glob, json, sys, time, urllib.request, uuid
http, data_dir, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
doc = open("examples/agent-run.json").read()
lat = []
for i in range(n):
    tid = uuid.uuid4().hex
    body = doc.replace("ff1ce79b1c87ae55c352abb61911d2d4", tid).encode()
    t0 = time.time()
    urllib.request.urlopen(urllib.request.Request(f"http://{http}/v1/traces", data=body, headers={"content-type": "application/json"})).read()
    while True:
        found = None
        for f in glob.glob(f"{data_dir}/reports-*.jsonl"):
            for line in open(f):
                if tid in line[:200] or f'"run_id":"{tid}"' in line:
                    found = json.loads(line)
        if found:
            break
        time.sleep(0.05)
    dt = time.time() - t0
    lat.append(dt)
    probes = found.get("consistency_probes", [])
    print(f"run {i}: {dt:.2f}s action={found['action']} probes=" + json.dumps([(p['original'], p['probe_answers'], round(p['agreement'],2), p.get('status')) for p in probes]))
lat.sort()
print(f"post->report: n={n} min={lat[0]:.2f}s median={lat[len(lat)//2]:.2f}s max={lat[-1]:.2f}s")
