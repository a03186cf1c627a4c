// Runs the real @modelcontextprotocol/server-everything (a 2025-11-25 server on the TypeScript SDK v1) over
// Streamable HTTP, unchanged, with the start-up conventions of the other interop servers: PORT 0 picks a free
// port, it listens on 127.0.0.1 only, and it prints exactly one line "READY <port>" on stdout once listening.
//
//   node everything-server.mjs PORT
//
// server-everything itself reads its port from the PORT environment variable, binds every interface and prints
// its own start-up and per-request lines on stdout. This wrapper sends those lines to stderr, and makes the
// server's one listen() call bind the loopback address and announce the port it got; nothing else is changed.
import net from 'node:net';
import { announceReady, parsePortArgument } from './fixtures/lib/cli.mjs';

const port = parsePortArgument('usage: everything-server.mjs PORT');
process.env.PORT = String(port);
console.log = console.error;
console.info = console.error;

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopbackOnce(...args) {
  net.Server.prototype.listen = listen;
  this.once('listening', () => announceReady(this.address().port));
  const callback = typeof args.at(-1) === 'function' ? [args.pop()] : [];
  return listen.call(this, Number(args[0]), '127.0.0.1', ...callback);
};

await import('@modelcontextprotocol/server-everything/dist/transports/streamableHttp.js');
