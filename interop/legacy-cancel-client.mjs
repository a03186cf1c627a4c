// A real 2025-11-25 client on the TypeScript SDK v1 that cancels a running tool call, used by Eragate's interop
// tests to prove that a legacy client's notifications/cancelled reaches the upstream through the gateway.
// Runs on Node >= 20 (use interop/node_modules/.bin/node).
//
//   node legacy-cancel-client.mjs URL RELEASE_FILE
//
// Connects, calls the tool "slow" with {ms: 600000} and a progress callback, and aborts the call when the first
// progress notification arrives: the SDK then POSTs notifications/cancelled for it (its POST stream stays open; the
// SDK never closes it for a cancellation). It writes "CANCEL SENT" on stderr, then waits until RELEASE_FILE exists
// (the test creates it once it saw what it waits for upstream), so that the connection closing at the end cannot be
// what cancelled the call. Then it ends the session with DELETE and prints ONE JSON line on stdout:
//   {"ok":true,"progressCount":N,"cancelled":true,"terminated":true|false}      exit 0
//   {"ok":false,"error":"..."}                                                  exit 1
// Env: TIMEOUT_MS bounds each request and the wait for RELEASE_FILE (default 60000).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { waitForFile } from './lib/files.mjs';
import { printResultOf } from './lib/script-output.mjs';

async function main() {
  const [url, releaseFile] = process.argv.slice(2);
  if (releaseFile === undefined) {
    throw new Error('usage: legacy-cancel-client.mjs URL RELEASE_FILE');
  }
  const timeout = Number(process.env.TIMEOUT_MS ?? 60000);
  const client = new Client({ name: 'eragate-legacy-cancel-client', version: '1.0.0' }, { capabilities: {} });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport, { timeout });
  try {
    const abort = new AbortController();
    let progressCount = 0;
    let cancelled = false;
    try {
      await client.callTool({ name: 'slow', arguments: { ms: 600000 } }, undefined, {
        timeout,
        signal: abort.signal,
        onprogress: () => {
          progressCount += 1;
          abort.abort('the test cancels the call');
        }
      });
    } catch (error) {
      cancelled = abort.signal.aborted;
      if (!cancelled) {
        throw error;
      }
    }
    process.stderr.write('CANCEL SENT\n');
    await waitForFile(releaseFile, timeout);
    await transport.terminateSession();
    return { ok: true, progressCount, cancelled, terminated: transport.sessionId === undefined };
  } finally {
    await client.close().catch(() => {});
  }
}

printResultOf(main);
