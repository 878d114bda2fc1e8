// A minimal OpenAI-compatible chat endpoint over a local GGUF model, for groundcheck's Stage 3
// end-to-end test and measurements (deploy/llm.sh starts it). Loopback only.
//
//   POST /v1/chat/completions  {model, messages[], temperature?, max_tokens?, seed?}
//   GET  /v1/models, GET /healthz
//
// One model, one context; requests are served one at a time (a queue), which is what a 2-core
// machine can do anyway. Threads are set explicitly: unset, llama.cpp is ~100x slower here.
import http from "node:http";
import { getLlama, LlamaChatSession } from "node-llama-cpp";

const modelPath = process.env.LLM_MODEL_PATH;
const port = Number(process.env.LLM_PORT || 8089);
const threads = Number(process.env.LLM_THREADS || 2);
const modelName = process.env.LLM_MODEL_NAME || "smollm2-135m-instruct";
if (!modelPath) {
  console.error("LLM_MODEL_PATH is required");
  process.exit(2);
}

const llama = await getLlama({ gpu: false, build: "never" });
const model = await llama.loadModel({ modelPath, gpuLayers: 0 });
const context = await model.createContext({ contextSize: 2048, threads, batchSize: 512 });
const sequence = context.getSequence();

let queue = Promise.resolve();
function serial(fn) {
  const p = queue.then(fn, fn);
  queue = p.catch(() => {});
  return p;
}

async function complete(body) {
  const msgs = Array.isArray(body.messages) ? body.messages : [];
  const system = msgs.filter((m) => m.role === "system").map((m) => String(m.content ?? "")).join("\n");
  const turns = msgs.filter((m) => m.role !== "system");
  const last = turns.length ? String(turns[turns.length - 1].content ?? "") : "";
  const session = new LlamaChatSession({ contextSequence: sequence, systemPrompt: system || undefined, autoDisposeSequence: false });
  try {
    const t0 = Date.now();
    const text = await session.prompt(last, {
      maxTokens: Math.max(1, Math.min(Number(body.max_tokens ?? 64), 512)),
      temperature: Number(body.temperature ?? 0),
      seed: body.seed === undefined ? undefined : Number(body.seed),
    });
    const promptTokens = model.tokenize(system + "\n" + last).length;
    const completionTokens = model.tokenize(text).length;
    return {
      id: "chatcmpl-" + t0.toString(36),
      object: "chat.completion",
      created: Math.floor(t0 / 1000),
      model: modelName,
      choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    };
  } finally {
    session.dispose({ disposeSequence: false });
    sequence.clearHistory();
  }
}

function send(res, code, obj) {
  const b = JSON.stringify(obj);
  res.writeHead(code, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(b) });
  res.end(b);
}

const server = http.createServer((req, res) => {
  if (req.method === "GET" && (req.url === "/healthz" || req.url === "/v1/models")) {
    return send(res, 200, { object: "list", data: [{ id: modelName, object: "model" }] });
  }
  if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
    return send(res, 404, { error: { message: "not found" } });
  }
  let raw = "";
  req.setEncoding("utf8");
  req.on("data", (c) => {
    raw += c;
    if (raw.length > 1 << 20) req.destroy();
  });
  req.on("end", () => {
    let body;
    try {
      body = JSON.parse(raw);
    } catch (e) {
      return send(res, 400, { error: { message: "invalid JSON: " + e.message } });
    }
    serial(() => complete(body)).then(
      (out) => send(res, 200, out),
      (e) => send(res, 500, { error: { message: String(e && e.message ? e.message : e) } }),
    );
  });
});
server.listen(port, "127.0.0.1", () => console.log(`llm-server: ${modelName} on http://127.0.0.1:${port}/v1 (threads=${threads})`));
