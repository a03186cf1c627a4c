// A real MCP client on the TypeScript SDK v2, used by Eragate's interop tests to drive a server
// (the gateway, or an upstream directly). Runs on Node >= 20 (use interop/node_modules/.bin/node).
//
//   node modern-client.mjs URL MODE TOOL JSONARGS
//
// MODE: modern  pin protocol revision 2026-07-28 (server/discover must offer it; no fallback)
//       auto    probe server/discover, fall back to the 2025 initialize handshake
//       legacy  plain 2025 initialize handshake
// Connects, lists tools, calls TOOL with JSONARGS and prints ONE JSON line on stdout:
//   {"ok":true,"era":"modern","protocolVersion":"2026-07-28","tools":[...],"result":{...}}   exit 0
//   {"ok":false,"error":"..."}                                                               exit 1
// Env: PROGRESS=1 asks for progress (adds "progress":[...params]); TIMEOUT_MS per request (default 30000);
//      TRACEPARENT=00-... sends that W3C trace context in the call's params._meta.traceparent.
//      BEARER_TOKEN sends "Authorization: Bearer <token>" on every request.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { printResultOf } from './lib/script-output.mjs';

const USAGE = 'usage: modern-client.mjs URL modern|auto|legacy TOOL JSONARGS';
const MODERN_REVISION = '2026-07-28';

function negotiationFor(mode) {
  switch (mode) {
    case 'modern': return { mode: { pin: MODERN_REVISION } };
    case 'auto': return { mode: 'auto' };
    case 'legacy': return { mode: 'legacy' };
    default: throw new Error(`unknown MODE ${JSON.stringify(mode)}; ${USAGE}`);
  }
}


async function main() {
  const [url, mode, tool, jsonArgs] = process.argv.slice(2);
  if (jsonArgs === undefined) {
    throw new Error(USAGE);
  }
  const args = JSON.parse(jsonArgs);
  const timeout = Number(process.env.TIMEOUT_MS ?? 30000);
  const wantProgress = process.env.PROGRESS === '1';

  const client = new Client({ name: 'eragate-interop-client', version: '1.0.0' },
      { versionNegotiation: negotiationFor(mode) });
  const bearer = process.env.BEARER_TOKEN;
  const requestInit = bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : undefined;
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit }), { timeout });
  try {
    const { tools } = await client.listTools(undefined, { timeout });
    const progress = [];
    const options = wantProgress ? { timeout, onprogress: (p) => progress.push(p) } : { timeout };
    const traced = process.env.TRACEPARENT ? { _meta: { traceparent: process.env.TRACEPARENT } } : {};
    const result = await client.callTool({ name: tool, arguments: args, ...traced }, options);
    const output = {
      ok: true,
      era: client.getProtocolEra() ?? null,
      protocolVersion: client.getNegotiatedProtocolVersion() ?? null,
      tools: tools.map((t) => t.name),
      result
    };
    if (wantProgress) {
      output.progress = progress;
    }
    return output;
  } finally {
    await client.close().catch(() => {});
  }
}

await printResultOf(main);
