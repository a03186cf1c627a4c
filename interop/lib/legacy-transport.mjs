// The transport of the interop scripts' SDK v1 (2025-era) clients: the SDK's own Streamable HTTP transport, or, with
// VIA=mcp-remote, mcp-remote --transport http-only (the stdio bridge Claude Desktop runs) between the client and the
// URL, driven over stdio with HOME set to a throw-away directory.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const INTEROP = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The transport to URL for this run (see above); home is the throw-away HOME mcp-remote gets. */
export function legacyTransportFor(url, home) {
  if (process.env.VIA !== 'mcp-remote') {
    return new StreamableHTTPClientTransport(new URL(url));
  }
  return new StdioClientTransport({
    command: process.execPath,
    args: [join(INTEROP, 'node_modules', 'mcp-remote', 'dist', 'proxy.js'), url, '--transport', 'http-only'],
    env: { ...process.env, HOME: home },
    stderr: 'inherit'
  });
}
