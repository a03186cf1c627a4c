// A real 2025-11-25 MCP client on the TypeScript SDK v1 (@modelcontextprotocol/sdk), used by Eragate's interop tests
// to drive a legacy Streamable HTTP endpoint (the gateway, or a legacy server directly) the way a pre-2026 client
// does: initialize, Mcp-Session-Id on every request, the GET stream the SDK opens after initialization, and DELETE.
// Runs on Node >= 20 (use interop/node_modules/.bin/node).
//
//   node legacy-client.mjs URL TOOL JSONARGS
//
// Connects (initialize at the SDK's default revision), lists tools, calls TOOL with JSONARGS and a progress
// callback, ends the session with DELETE (transport.terminateSession()) and closes. Prints ONE JSON line on stdout:
//   {"ok":true,"serverInfo":{...},"protocolVersion":"2025-11-25","sessionId":"..."|null,"tools":[...],
//    "result":{...},"progressCount":N,"elicitations":N,"samplings":N,"logs":[{level,data},...],"terminated":true|false,
//    "http":[{"method":"POST","status":200},...]}                                    exit 0
//   {"ok":false,"error":"..."}                                                       exit 1
// sessionId is the Mcp-Session-Id the client held before DELETE. terminated is true when the DELETE was answered
// with a 2xx (the SDK also accepts 405, "termination not supported", which counts as false here; no session id
// means no DELETE is sent). http lists every HTTP exchange in the order the answers' headers arrived; the GET
// stream's exchange is awaited before the DELETE so that it is always listed.
// Env: TIMEOUT_MS per request (default 30000). ELICIT=1 declares the elicitation capability and accepts every
// elicitation/create with {name:"Ada", check:true} (counted in "elicitations"). SAMPLE=1 declares the sampling
// capability and answers every sampling/createMessage with the text "Paris" (counted in "samplings"). SET_LEVEL=LEVEL
// sends logging/setLevel LEVEL before the call; "logs" lists every notifications/message the client received.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema
} from '@modelcontextprotocol/sdk/types.js';

const USAGE = 'usage: legacy-client.mjs URL TOOL JSONARGS';

function describe(error) {
  if (!(error instanceof Error)) {
    return String(error);
  }
  const code = error.code === undefined ? '' : ` (code ${error.code})`;
  // fetch reports a refused connection as "fetch failed" and keeps the reason in its cause.
  const cause = error.cause instanceof Error ? `: ${describe(error.cause)}` : '';
  return `${error.message}${code}${cause}`;
}

// Records the status of every exchange the transport makes; the SDK hides most of them (a 405 on GET or DELETE
// is "not supported" to it, not an error), and the tests want to see what the endpoint answered.
function recordingFetch(exchanges, getAnswers) {
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const answer = fetch(url, init).then((response) => {
      exchanges.push({ method, status: response.status });
      return response;
    }, (error) => {
      exchanges.push({ method, status: null, error: describe(error) });
      throw error;
    });
    if (method === 'GET') {
      getAnswers.push(answer.catch(() => {}));
    }
    return answer;
  };
}

async function main() {
  const [url, tool, jsonArgs] = process.argv.slice(2);
  if (jsonArgs === undefined) {
    throw new Error(USAGE);
  }
  const args = JSON.parse(jsonArgs);
  const timeout = Number(process.env.TIMEOUT_MS ?? 30000);
  const elicit = process.env.ELICIT === '1';
  const sample = process.env.SAMPLE === '1';
  const exchanges = [];
  const getAnswers = [];
  let elicitations = 0;
  let samplings = 0;

  const client = new Client({ name: 'eragate-legacy-client', version: '1.0.0' },
      { capabilities: { ...(elicit ? { elicitation: { form: {} } } : {}), ...(sample ? { sampling: {} } : {}) } });
  if (elicit) {
    client.setRequestHandler(ElicitRequestSchema, () => {
      elicitations += 1;
      return { action: 'accept', content: { name: 'Ada', check: true } };
    });
  }
  if (sample) {
    client.setRequestHandler(CreateMessageRequestSchema, () => {
      samplings += 1;
      return { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'eragate-test-model' };
    });
  }
  const logs = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    logs.push({ level: notification.params.level, data: notification.params.data });
  });
  const transport = new StreamableHTTPClientTransport(new URL(url),
      { fetch: recordingFetch(exchanges, getAnswers) });
  await client.connect(transport, { timeout });
  try {
    const sessionId = transport.sessionId ?? null;
    const { tools } = await client.listTools(undefined, { timeout });
    if (process.env.SET_LEVEL !== undefined) {
      await client.setLoggingLevel(process.env.SET_LEVEL, { timeout });
    }
    let progressCount = 0;
    const result = await client.callTool({ name: tool, arguments: args }, undefined,
        { timeout, onprogress: () => { progressCount += 1; } });
    await Promise.all(getAnswers);
    const deletesBefore = exchanges.filter((e) => e.method === 'DELETE').length;
    await transport.terminateSession();
    const deletes = exchanges.filter((e) => e.method === 'DELETE').slice(deletesBefore);
    const terminated = deletes.length === 1 && deletes[0].status >= 200 && deletes[0].status < 300;
    return {
      ok: true,
      serverInfo: client.getServerVersion() ?? null,
      protocolVersion: transport.protocolVersion ?? null,
      sessionId,
      tools: tools.map((t) => t.name),
      result,
      progressCount,
      elicitations,
      samplings,
      logs,
      terminated,
      http: exchanges
    };
  } finally {
    await client.close().catch(() => {});
  }
}

main().then((output) => {
  process.stdout.write(`${JSON.stringify(output)}\n`);
  process.exit(0);
}, (error) => {
  process.stdout.write(`${JSON.stringify({ ok: false, error: describe(error) })}\n`);
  process.exit(1);
});
