// A real OAuth 2 authorization server for Eragate's identity tests: oauth2-mock-server with a fresh RS256 key,
// its OpenID discovery document and JWKS. Runs on Node >= 20 (use interop/node_modules/.bin/node).
//
//   node oauth-server.mjs PORT
//
// PORT 0 picks a free port. Listens on 127.0.0.1 and prints exactly one line "READY <port>" on stdout once it
// accepts connections. Tokens come from POST /token:
//   grant_type=password&username=SUB&scope=...&resource=AUD   a user's token: sub SUB, aud AUD (RFC 8707)
//   grant_type=client_credentials&scope=...&resource=AUD       a client's token (client id from Basic auth)
// Opaque tokens (RFC 7662), which oauth2-mock-server does not issue (its /introspect always answers active):
//   POST /opaque/token       username=SUB&scope=...&resource=AUD&expires_in=S -> {"access_token": random}
//   POST /opaque/introspect  token=T (Basic auth of any client) -> {"active": true, iss, sub, aud, scope, exp, ...}
//                            or {"active": false} for a token it did not issue or that has expired
import { randomBytes } from 'node:crypto';
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

const opaque = new Map();
server.service.addRoute('POST', '/opaque/token', (req, res) => {
  const token = randomBytes(24).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  opaque.set(token, {
    iss: server.issuer.url, sub: req.body.username, aud: req.body.resource, scope: req.body.scope ?? '',
    iat: now, exp: now + Number(req.body.expires_in ?? '3600'), client_id: 'opaque-test', token_type: 'Bearer'
  });
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: Number(req.body.expires_in ?? '3600') }));
});
server.service.addRoute('POST', '/opaque/introspect', (req, res) => {
  if (!(req.headers.authorization ?? '').startsWith('Basic ')) {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Basic' });
    res.end(JSON.stringify({ error: 'invalid_client' }));
    return;
  }
  const claims = opaque.get(req.body.token);
  const active = claims !== undefined && claims.exp > Math.floor(Date.now() / 1000);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(active ? { active: true, ...claims } : { active: false }));
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
