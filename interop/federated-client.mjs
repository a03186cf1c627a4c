// A real MCP client on the TypeScript SDK v2, pinned to 2026-07-28, used by Eragate's federation tests: one
// session of discovery, every page of tools/list, then several calls, against one endpoint.
//
//   node federated-client.mjs URL CALLS
//
// CALLS is a JSON array of [TOOL, ARGS] pairs. Prints ONE JSON line on stdout and exits 0 when the client ran
// (each call's outcome is reported, failed calls included):
//   {"ok":true,"protocolVersion":"2026-07-28","tools":[...],"unavailable":[...],"calls":[{"tool":..,"result":..}|
//    {"tool":..,"error":"..."}]}
//   {"ok":false,"error":"..."}   exit 1 (could not connect or list)
// Env: TIMEOUT_MS per request (default 30000).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, printResultOf } from './lib/script-output.mjs';

const USAGE = 'usage: federated-client.mjs URL CALLS';


async function main() {
  const [url, callsJson] = process.argv.slice(2);
  if (callsJson === undefined) {
    throw new Error(USAGE);
  }
  const calls = JSON.parse(callsJson);
  const timeout = Number(process.env.TIMEOUT_MS ?? 30000);
  const client = new Client({ name: 'eragate-federated-client', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)), { timeout });
  try {
    const tools = [];
    let unavailable = [];
    let cursor;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout });
      tools.push(...page.tools.map((t) => t.name));
      unavailable = unavailable.concat(page._meta?.['io.eragate/unavailable'] ?? []);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    const outcomes = [];
    for (const [tool, args] of calls) {
      try {
        outcomes.push({ tool, result: await client.callTool({ name: tool, arguments: args }, { timeout }) });
      } catch (error) {
        outcomes.push({ tool, error: describe(error) });
      }
    }
    return {
      ok: true,
      protocolVersion: client.getNegotiatedProtocolVersion() ?? null,
      tools,
      unavailable,
      calls: outcomes
    };
  } finally {
    await client.close().catch(() => {});
  }
}

await printResultOf(main);
