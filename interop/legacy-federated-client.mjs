// A real 2025-era MCP client on the TypeScript SDK v1 (@modelcontextprotocol/sdk), used by Eragate's federation tests:
// one session (initialize at the SDK's own revision), every page of tools/list, then several calls, against one
// endpoint. The legacy counterpart of federated-client.mjs. Runs on Node >= 20 (use interop/node_modules/.bin/node).
//
//   node legacy-federated-client.mjs URL CALLS
//
// CALLS is a JSON array of [TOOL, ARGS] pairs. Prints ONE JSON line on stdout and exits 0 when the client ran (each
// call's outcome is reported, failed calls included):
//   {"ok":true,"protocolVersion":"2025-11-25","serverInfo":{...},"capabilities":{...},"tools":[...],
//    "calls":[{"tool":..,"result":..}|{"tool":..,"error":"..."}]}
//   {"ok":false,"error":"..."}   exit 1 (could not connect or list)
// Env: TIMEOUT_MS per request (default 30000); VIA=mcp-remote puts mcp-remote --transport http-only (the stdio bridge
// Claude Desktop runs) between the client and URL, driven over stdio with a throw-away HOME.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { legacyTransportFor } from './lib/legacy-transport.mjs';
import { describe, printResultOf } from './lib/script-output.mjs';

const USAGE = 'usage: legacy-federated-client.mjs URL CALLS';

async function session(url, calls, home) {
  const timeout = Number(process.env.TIMEOUT_MS ?? 30000);
  const client = new Client({ name: 'eragate-legacy-federated-client', version: '1.0.0' }, { capabilities: {} });
  const transport = legacyTransportFor(url, home);
  await client.connect(transport, { timeout });
  try {
    const tools = [];
    let cursor;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout });
      tools.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    const outcomes = [];
    for (const [tool, args] of calls) {
      try {
        outcomes.push({ tool, result: await client.callTool({ name: tool, arguments: args }, undefined, { timeout }) });
      } catch (error) {
        outcomes.push({ tool, error: describe(error) });
      }
    }
    return {
      ok: true,
      protocolVersion: transport.protocolVersion ?? null,
      serverInfo: client.getServerVersion() ?? null,
      capabilities: client.getServerCapabilities() ?? {},
      tools,
      calls: outcomes
    };
  } finally {
    await client.close().catch(() => {});
  }
}

async function main() {
  const [url, callsJson] = process.argv.slice(2);
  if (callsJson === undefined) {
    throw new Error(USAGE);
  }
  const home = mkdtempSync(join(tmpdir(), 'eragate-legacy-federated-'));
  try {
    return await session(url, JSON.parse(callsJson), home);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

await printResultOf(main);
