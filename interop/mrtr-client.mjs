// A real MCP client on the TypeScript SDK v2, pinned to 2026-07-28, that declares elicitation, sampling and roots
// and answers them: its multi-round-trip driver fulfils input_required results with these handlers and retries.
// Used by Eragate's interop tests to prove that a legacy server's mid-call requests reach a modern client through
// the gateway. Runs on Node >= 20 (use interop/node_modules/.bin/node).
//
//   node mrtr-client.mjs URL TOOL JSONARGS
//
// Answers: elicitation accept {name:"Ada", confirmed:true}; sampling "Paris"; roots [file:///work].
// Prints ONE JSON line on stdout:
//   {"ok":true,"asked":["elicitation/create",...],"result":{...}}   exit 0
//   {"ok":false,"error":"..."}                                        exit 1
// Env: TIMEOUT_MS per request (default 30000).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe } from './lib/script-output.mjs';

const USAGE = 'usage: mrtr-client.mjs URL TOOL JSONARGS';


async function main() {
  const [url, tool, jsonArgs] = process.argv.slice(2);
  if (jsonArgs === undefined) {
    throw new Error(USAGE);
  }
  const args = JSON.parse(jsonArgs);
  const timeout = Number(process.env.TIMEOUT_MS ?? 30000);
  const asked = [];

  const client = new Client({ name: 'eragate-mrtr-client', version: '1.0.0' }, {
    versionNegotiation: { mode: { pin: '2026-07-28' } },
    capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} }
  });
  client.setRequestHandler('elicitation/create', () => {
    asked.push('elicitation/create');
    return { action: 'accept', content: { name: 'Ada', confirmed: true } };
  });
  client.setRequestHandler('sampling/createMessage', () => {
    asked.push('sampling/createMessage');
    return { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'eragate-test-model' };
  });
  client.setRequestHandler('roots/list', () => {
    asked.push('roots/list');
    return { roots: [{ uri: 'file:///work', name: 'work' }] };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)), { timeout });
  try {
    const result = await client.callTool({ name: tool, arguments: args }, { timeout });
    process.stdout.write(`${JSON.stringify({ ok: true, asked, result })}\n`);
  } finally {
    await client.close();
  }
}

main().then(() => process.exit(0), (error) => {
  process.stdout.write(`${JSON.stringify({ ok: false, error: describe(error) })}\n`);
  process.exit(1);
});
