// A real OAuth 2 authorization server for Eragate's identity tests: oauth2-mock-server with a fresh RS256 key,
// its OpenID discovery document and JWKS. Runs on Node >= 20 (use interop/node_modules/.bin/node).
//
//   node oauth-server.mjs PORT
//
// PORT 0 picks a free port. Listens on 127.0.0.1 and prints exactly one line "READY <port>" on stdout once it
// accepts connections. Tokens come from POST /token:
//   grant_type=password&username=SUB&scope=...&resource=AUD   a user's token: sub SUB, aud AUD (RFC 8707)
//   grant_type=client_credentials&scope=...&resource=AUD       a client's token (client id from Basic auth)
import { OAuth2Server } from 'oauth2-mock-server';

const port = Number(process.argv[2] ?? '0');
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');

server.service.on('beforeTokenSigning', (token, req) => {
  const resource = req.body?.resource;
  if (typeof resource === 'string') {
    token.payload.aud = resource;
  }
  if (req.body?.grant_type === 'client_credentials') {
    const basic = (req.headers.authorization ?? '').replace(/^Basic /, '');
    const clientId = Buffer.from(basic, 'base64').toString('utf8').split(':')[0] || req.body?.client_id;
    token.payload.sub = clientId;
    token.payload.client_id = clientId;
  }
});


await server.start(port, '127.0.0.1');
// The issuer names the address it listens on, not "localhost", which may resolve to ::1 first.
server.issuer.url = `http://127.0.0.1:${server.address().port}`;
process.stdout.write(`READY ${server.address().port}\n`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await server.stop();
    process.exit(0);
  });
}
