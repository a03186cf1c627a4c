// A real 2026-07-28 ("modern") MCP server on the TypeScript SDK v2, used as a modern upstream in
// Eragate's interop tests. Runs on Node >= 20 (use interop/node_modules/.bin/node, which is Node 22).
//
//   node modern-server.mjs PORT [json|sse] [stateless|reject]
//
// PORT 0 picks a free port. Listens on 127.0.0.1 (or $HOST, e.g. 0.0.0.0 in a container) at /mcp and prints
// exactly one line "READY <port>" on stdout once it accepts connections; everything else goes to stderr.
// json|sse selects the SDK's responseMode for modern exchanges (default json; in json mode the
// SDK drops mid-call notifications such as progress). stateless|reject selects how 2025-era
// requests are served (default stateless: the SDK's stateless legacy fallback).
// Tools: echo, add, slow and confirm (lib/modern-tools.mjs); region, bound to the Mcp-Param-Region header; and
// confirm_region, bound to the same header, which asks for a name (input_required) before answering, so that every
// round of the call must carry the header.
import http from 'node:http';
import * as z from 'zod/v4';
import { confirming, registerCommonTools, text } from './lib/modern-tools.mjs';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

const USAGE = 'usage: modern-server.mjs PORT [json|sse] [stateless|reject]';
const [portArg, modeArg = 'json', legacyArg = 'stateless'] = process.argv.slice(2);
const port = Number(portArg);
if (portArg === undefined || !Number.isInteger(port) || port < 0 || port > 65535
    || !['json', 'sse'].includes(modeArg) || !['stateless', 'reject'].includes(legacyArg)) {
  console.error(USAGE);
  process.exit(2);
}

function createServer() {
  const server = new McpServer({ name: 'eragate-interop-modern', version: '1.0.0' });
  registerCommonTools(server);
  // Bound to Mcp-Param-Region (SEP-2243): the SDK rejects a call whose header is missing or disagrees with the body.
  server.registerTool('region', {
    description: 'Echoes the region, which clients mirror into the Mcp-Param-Region header',
    inputSchema: z.object({ region: z.string().meta({ 'x-mcp-header': 'Region' }) })
  }, async ({ region }) => text(`Region: ${region}`));
  server.registerTool('confirm_region', {
    description: 'Asks the client for a name (multi round-trip), then confirms the region bound to Mcp-Param-Region',
    inputSchema: z.object({ region: z.string().meta({ 'x-mcp-header': 'Region' }), question: z.string() })
  }, confirming(({ region }, name, action) => `Region ${region} confirmed by ${name} (${action})`));
  return server;
}

const handler = createMcpHandler(createServer, {
  legacy: legacyArg,
  responseMode: modeArg,
  onerror: (error) => console.error(`modern-server: ${error.message}`)
});
const nodeHandler = toNodeHandler(handler);

const httpServer = http.createServer((req, res) => {
  if (new URL(req.url, 'http://127.0.0.1').pathname !== '/mcp') {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
    return;
  }
  nodeHandler(req, res);
});

httpServer.listen(port, process.env.HOST || '127.0.0.1', () => {
  console.log(`READY ${httpServer.address().port}`);
});

function shutdown() {
  handler.close().finally(() => {
    httpServer.close();
    httpServer.closeAllConnections();
    process.exit(0);
  });
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
