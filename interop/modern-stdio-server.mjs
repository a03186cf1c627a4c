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
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const [legacyArg = 'reject'] = process.argv.slice(2);
if (!['reject', 'serve'].includes(legacyArg)) {
  console.error('usage: modern-stdio-server.mjs [reject|serve]');
  process.exit(2);
}

const PROGRESS_INTERVAL_MS = 100;

function text(value) {
  return { content: [{ type: 'text', text: value }] };
}

/** Resolves after ms, or early (with false) when the request is cancelled. */
function waitOrAbort(ms, signal) {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      resolve(false);
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function slow({ ms }, ctx) {
  const { signal } = ctx.mcpReq;
  const progressToken = ctx.mcpReq._meta?.progressToken;
  const started = Date.now();
  let elapsed = 0;
  while (elapsed < ms) {
    const step = Math.min(PROGRESS_INTERVAL_MS, ms - elapsed);
    if (!(await waitOrAbort(step, signal))) {
      console.error(`CANCELLED slow after ${Date.now() - started} ms`);
      return text(`cancelled after ${elapsed} ms`);
    }
    elapsed += step;
    if (progressToken !== undefined) {
      await ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken, progress: elapsed, total: ms, message: `slept ${elapsed} of ${ms} ms` }
      });
    }
  }
  return text(`Slept ${ms} ms`);
}

function createServer() {
  const server = new McpServer({ name: 'eragate-interop-modern-stdio', version: '1.0.0' },
      { capabilities: { logging: {} } });
  server.registerTool('echo', {
    description: 'Echoes the message back',
    inputSchema: z.object({ message: z.string() })
  }, async ({ message }) => text(`Echo: ${message}`));
  server.registerTool('add', {
    description: 'Adds two numbers',
    inputSchema: z.object({ a: z.number(), b: z.number() })
  }, async ({ a, b }) => text(String(a + b)));
  server.registerTool('slow', {
    description: 'Sleeps ms milliseconds, reporting progress when asked, and stops early when cancelled',
    inputSchema: z.object({ ms: z.number().int().min(0).max(600_000) })
  }, slow);
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
