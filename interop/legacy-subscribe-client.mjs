// A real 2025-11-25 client on the TypeScript SDK v1 that subscribes to a resource and waits for its update on the
// standalone GET stream, used by Eragate's interop tests of the legacy client front's subscriptions.
// Runs on Node >= 20 (use interop/node_modules/.bin/node).
//
//   node legacy-subscribe-client.mjs URL URI TOOL
//
// Connects, waits until the GET stream the SDK opens after initialization is answered, subscribes to URI
// (resources/subscribe), calls TOOL (which makes the server publish an update of URI), waits for
// notifications/resources/updated, ends the session with DELETE and prints ONE JSON line on stdout:
//   {"ok":true,"getStatus":200,"updated":["URI"],"terminated":true|false}                exit 0
//   {"ok":false,"error":"..."}                                                           exit 1
// Env: TIMEOUT_MS bounds each request and each wait (default 30000). With DELETED_FILE and RELEASE_FILE set, the
// client writes DELETED_FILE once its DELETE was answered and then keeps its connections (the GET stream among
// them) until RELEASE_FILE exists, so that what the DELETE ended upstream is told apart from the client going away.
import { writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { waitForFile } from './lib/files.mjs';
import { printResultOf } from './lib/script-output.mjs';

function within(promise, timeout, what) {
  return Promise.race([promise, new Promise((_, reject) => setTimeout(
      () => reject(new Error(`${what} did not happen within ${timeout} ms`)), timeout).unref())]);
}

async function main() {
  const [url, uri, tool] = process.argv.slice(2);
  if (tool === undefined) {
    throw new Error('usage: legacy-subscribe-client.mjs URL URI TOOL');
  }
  const timeout = Number(process.env.TIMEOUT_MS ?? 30000);
  let getAnswered;
  const getStatus = new Promise((resolve) => { getAnswered = resolve; });
  const recordingFetch = async (target, init) => {
    const answer = await fetch(target, init);
    if ((init?.method ?? 'GET').toUpperCase() === 'GET') {
      getAnswered(answer.status);
    }
    return answer;
  };
  const updated = [];
  let sawUpdate;
  const update = new Promise((resolve) => { sawUpdate = resolve; });
  const client = new Client({ name: 'eragate-legacy-subscribe-client', version: '1.0.0' }, { capabilities: {} });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    updated.push(notification.params.uri);
    sawUpdate();
  });
  const transport = new StreamableHTTPClientTransport(new URL(url), { fetch: recordingFetch });
  await client.connect(transport, { timeout });
  try {
    const status = await within(getStatus, timeout, 'the GET stream');
    await client.subscribeResource({ uri }, { timeout });
    await client.callTool({ name: tool, arguments: {} }, undefined, { timeout });
    await within(update, timeout, 'notifications/resources/updated');
    const sessionBefore = transport.sessionId;
    await transport.terminateSession();
    if (process.env.DELETED_FILE !== undefined && process.env.RELEASE_FILE !== undefined) {
      writeFileSync(process.env.DELETED_FILE, 'deleted');
      await waitForFile(process.env.RELEASE_FILE, timeout);
    }
    return { ok: true, getStatus: status, updated, terminated: sessionBefore !== undefined
        && transport.sessionId === undefined };
  } finally {
    await client.close().catch(() => {});
  }
}

printResultOf(main);
