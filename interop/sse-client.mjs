// A real 2024-11-05 HTTP+SSE client, used by Eragate's interop tests to drive the old transport Eragate serves
// beside each route (GET <route>/sse, then POSTs to the endpoint its first event names). Two real clients:
//   node sse-client.mjs sdk URL TOOL JSONARGS          the TypeScript SDK v1 SSEClientTransport on URL
//   node sse-client.mjs mcp-remote URL TOOL JSONARGS   mcp-remote --transport sse-only URL (the stdio bridge Claude
//                                                      Desktop runs), driven over stdio by the SDK v1 client
// Runs on Node >= 20 (use interop/node_modules/.bin/node). Connects, lists tools, calls TOOL with JSONARGS, closes.
// Prints ONE JSON line: {"ok":true,"serverInfo":{...},"tools":[...],"result":{...},"pings":N} (exit 0) or
// {"ok":false,"error":"..."} (exit 1). Env: TIMEOUT_MS per request (default 30000); mcp-remote gets a throw-away
// HOME (it writes ~/.mcp-auth there).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { printResultOf } from './lib/script-output.mjs';

const USAGE = 'usage: sse-client.mjs sdk|mcp-remote URL TOOL JSONARGS';
const HERE = dirname(fileURLToPath(import.meta.url));

function transportFor(mode, url, home) {
  if (mode === 'sdk') {
    return new SSEClientTransport(new URL(url));
  }
  if (mode === 'mcp-remote') {
    return new StdioClientTransport({
      command: process.execPath,
      args: [join(HERE, 'node_modules', 'mcp-remote', 'dist', 'proxy.js'), url, '--transport', 'sse-only'],
      env: { ...process.env, HOME: home },
      stderr: 'inherit'
    });
  }
  throw new Error(USAGE);
}

async function main() {
  const [mode, url, tool, jsonArgs] = process.argv.slice(2);
  if (jsonArgs === undefined) {
    throw new Error(USAGE);
  }
  const timeout = Number(process.env.TIMEOUT_MS ?? 30000);
  const home = mkdtempSync(join(tmpdir(), 'eragate-sse-client-'));
  const client = new Client({ name: 'eragate-sse-client', version: '1.0.0' }, { capabilities: {} });
  try {
    await client.connect(transportFor(mode, url, home), { timeout });
    await client.ping({ timeout });
    const { tools } = await client.listTools(undefined, { timeout });
    const result = await client.callTool({ name: tool, arguments: JSON.parse(jsonArgs) }, undefined, { timeout });
    return { ok: true, serverInfo: client.getServerVersion() ?? null, tools: tools.map((t) => t.name), result,
      pings: 1 };
  } finally {
    await client.close().catch(() => {});
    rmSync(home, { recursive: true, force: true });
  }
}

await printResultOf(main);
