// The tools both SDK v2 interop servers (modern-server.mjs over HTTP, modern-stdio-server.mjs over stdio) register:
// echo, add, slow (progress when asked; prints "CANCELLED slow after N ms" on stderr when cancelled, which the
// cancellation tests look for), and confirm (a multi round-trip call: it reports progress in each of its two rounds
// and asks the client for a name with an input_required elicitation in between).
import * as z from 'zod/v4';
import { inputRequired, inputResponse } from '@modelcontextprotocol/server';

const PROGRESS_INTERVAL_MS = 100;

/** A tool result holding one text item. */
export function text(value) {
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

const CONFIRM_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, check: { type: 'boolean' } },
  required: ['name']
};

/**
 * A tool whose round 1 asks for a name (input_required) and whose round 2 answers with
 * answerText(args, name, action). Each round first reports its progress.
 */
export function confirming(answerText) {
  return (args, ctx) => confirmRound(args, ctx, answerText);
}

async function confirmRound(args, ctx, answerText) {
  const { question } = args;
  const progressToken = ctx.mcpReq._meta?.progressToken;
  const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
  const round = answer.kind === 'missing' ? 1 : 2;
  if (progressToken !== undefined) {
    await ctx.mcpReq.notify({
      method: 'notifications/progress',
      params: { progressToken, progress: round, total: 2, message: `round ${round}` }
    });
  }
  if (answer.kind === 'missing') {
    return inputRequired({
      inputRequests: { confirm: inputRequired.elicit({ message: question, requestedSchema: CONFIRM_SCHEMA }) }
    });
  }
  return text(answerText(args, answer.content?.name ?? '?', answer.action));
}

const confirm = confirming((args, name, action) => `Confirmed by ${name} (${action})`);

/** Registers echo, add, slow and confirm on an SDK v2 McpServer. */
export function registerCommonTools(server) {
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
  server.registerTool('confirm', {
    description: 'Asks the client for a name (multi round-trip), reporting progress in each round',
    inputSchema: z.object({ question: z.string() })
  }, confirm);
}
