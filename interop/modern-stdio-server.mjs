// A real 2026-07-28 ("modern") MCP server on stdio, on the TypeScript SDK v2 (serveStdio), used as a modern stdio
// upstream in Eragate's interop tests. Runs on Node >= 20 (use interop/node_modules/.bin/node).
//
//   node modern-stdio-server.mjs [reject|serve]
//
// Newline-delimited JSON-RPC on stdin/stdout; logs go to stderr. reject|serve selects how a 2025-era opening
// (initialize) is handled (default reject: a modern-only server; serve: a dual-era server, which a legacy client
// drives through initialize). Tools: echo, add, slow (progress when asked; prints "CANCELLED slow after N ms" on
// stderr when cancelled), chatty (logs one message at each of debug, info and warning, then returns).
import * as z from 'zod/v4';
import { registerCommonTools, text } from './lib/modern-tools.mjs';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const [legacyArg = 'reject'] = process.argv.slice(2);
if (!['reject', 'serve'].includes(legacyArg)) {
  console.error('usage: modern-stdio-server.mjs [reject|serve]');
  process.exit(2);
}

function createServer() {
  const server = new McpServer({ name: 'eragate-interop-modern-stdio', version: '1.0.0' },
      { capabilities: { logging: {} } });
  registerCommonTools(server);
  server.registerTool('chatty', {
    description: 'Logs one message at each of debug, info and warning, then returns',
    inputSchema: z.object({})
  }, async (_args, ctx) => {
    for (const level of ['debug', 'info', 'warning']) {
      await ctx.mcpReq.log(level, `chatty says ${level}`);
    }
    return text('said three things');
  });
  return server;
}

serveStdio(createServer, {
  legacy: legacyArg,
  onerror: (error) => console.error(`modern-stdio-server: ${error.message}`)
});
console.error(`modern-stdio-server ready (legacy: ${legacyArg})`);
