// A real 2025-era MCP client on the TypeScript SDK v1 (@modelcontextprotocol/sdk) that walks a whole session on a
// Streamable HTTP endpoint, for Eragate's legacy client front tests: initialize (at VERSION, default the SDK's own),
// every list the server declares, a tools/call, ping, logging/setLevel (when it declares logging), DELETE, and then one more request with the
// ended session's id (sent by hand: the SDK forgets the id once it has ended the session; null without a session).
// Runs on Node >= 20 (use interop/node_modules/.bin/node).
//
//   node legacy-walk-client.mjs URL TOOL JSONARGS
//
// Prints ONE JSON line on stdout:
//   {"ok":true,"protocolVersion":"...","serverInfo":{...},"capabilities":{...},"sessionId":"...",
//    "tools":[...],"prompts":[...]|null,"resources":[...]|null,"result":{...},"ping":{},"setLevel":{}|null,
//    "terminated":true|false,"afterDelete":404|null}                                                 exit 0
//   {"ok":false,"error":"..."}                                                                       exit 1
// Env: TIMEOUT_MS per request (default 30000); VERSION the protocolVersion the client asks for in initialize;
// VIA=mcp-remote puts mcp-remote --transport http-only (the stdio bridge Claude Desktop runs) between the client and
// URL, driven over stdio with a throw-away HOME (then the session id, DELETE and afterDelete are mcp-remote's
// business: sessionId and afterDelete are null).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { EmptyResultSchema, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { legacyTransportFor } from './lib/legacy-transport.mjs';
import { printResultOf } from './lib/script-output.mjs';

const USAGE = 'usage: legacy-walk-client.mjs URL TOOL JSONARGS';

async function main() {
  const [url, tool, jsonArgs] = process.argv.slice(2);
  if (jsonArgs === undefined) {
    throw new Error(USAGE);
  }
  const home = mkdtempSync(join(tmpdir(), 'eragate-legacy-walk-'));
  try {
    return await walk(url, tool, jsonArgs, home);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

async function walk(url, tool, jsonArgs, home) {
  const timeout = Number(process.env.TIMEOUT_MS ?? 30000);
  const version = process.env.VERSION ?? LATEST_PROTOCOL_VERSION;
  const client = new Client({ name: 'eragate-legacy-walk', version: '1.0.0' }, { capabilities: {} });
  const transport = legacyTransportFor(url, home);
  if (process.env.VERSION !== undefined) {
    // The SDK asks for its latest revision; an older client is one that asks for an older one.
    const send = transport.send.bind(transport);
    transport.send = (message, options) => send(message.method === 'initialize'
        ? { ...message, params: { ...message.params, protocolVersion: version } } : message, options);
  }
  await client.connect(transport, { timeout });
  const sessionId = transport.sessionId ?? null;
  const capabilities = client.getServerCapabilities() ?? {};
  const { tools } = await client.listTools(undefined, { timeout });
  const prompts = capabilities.prompts ? (await client.listPrompts(undefined, { timeout })).prompts : null;
  const resources = capabilities.resources ? (await client.listResources(undefined, { timeout })).resources : null;
  const result = await client.callTool({ name: tool, arguments: JSON.parse(jsonArgs) }, undefined, { timeout });
  const ping = await client.request({ method: 'ping' }, EmptyResultSchema, { timeout });
  const setLevel = capabilities.logging ? await client.setLoggingLevel('warning', { timeout }) : null;
  const protocolVersion = transport.protocolVersion ?? null;
  const terminated = sessionId !== null && await transport.terminateSession().then(() =>
    transport.sessionId === undefined);
  const after = sessionId === null ? null : await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream',
      'mcp-session-id': sessionId, 'mcp-protocol-version': protocolVersion },
    body: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'tools/list' })
  });
  await client.close().catch(() => {});
  return {
    ok: true,
    protocolVersion,
    serverInfo: client.getServerVersion() ?? null,
    capabilities,
    sessionId,
    tools: tools.map((t) => t.name),
    prompts: prompts === null ? null : prompts.map((p) => p.name),
    resources: resources === null ? null : resources.map((r) => r.uri),
    result,
    ping,
    setLevel,
    terminated,
    afterDelete: after === null ? null : after.status
  };
}

await printResultOf(main);
