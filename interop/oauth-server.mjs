// A real OAuth 2 authorization server for Eragate's identity tests: oauth2-mock-server with a fresh RS256 key,
// its OpenID discovery document and JWKS. Runs on Node >= 20 (use interop/node_modules/.bin/node).
//
//   node oauth-server.mjs PORT
//
// PORT 0 picks a free port. Listens on 127.0.0.1 and prints exactly one line "READY <port>" on stdout once it
// accepts connections. Tokens come from POST /token:
//   grant_type=password&username=SUB&scope=...&resource=AUD   a user's token: sub SUB, aud AUD (RFC 8707)
//     [&groups=A,B]                                             ... with the list claim groups: [A, B]
//   grant_type=client_credentials&scope=...&resource=AUD       a client's token (client id from Basic auth)
//   grant_type=urn:ietf:params:oauth:grant-type:token-exchange (RFC 8693), which oauth2-mock-server lacks:
//     subject_token=T&subject_token_type=...:access_token&audience=AUD[&scope=...] with a client's Basic auth
//     -> a token signed with the same keys: sub of T, aud AUD, act {sub: client id}, expires in 300 s.
//     T must be a token of this server, unexpired, with a valid signature; an audience containing "refuse" is
//     refused (400 invalid_target), to test a failed exchange. GET /token-exchange/log lists every exchange done.
// Opaque tokens (RFC 7662), which oauth2-mock-server does not issue (its /introspect always answers active):
//   POST /opaque/token       username=SUB&scope=...&resource=AUD&expires_in=S -> {"access_token": random}
//   POST /opaque/introspect  token=T (Basic auth of any client) -> {"active": true, iss, sub, aud, scope, exp, ...}
//                            or {"active": false} for a token it did not issue or that has expired
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN = 'urn:ietf:params:oauth:token-type:access_token';
const port = Number(process.argv[2] ?? '0');
// The library's own token endpoint moves aside; POST /token below serves token exchange and hands every other grant
// to it unchanged.
const server = new OAuth2Server(undefined, undefined, { endpoints: { token: '/grant' } });
await server.issuer.keys.generate('RS256');

server.service.on('beforeTokenSigning', (token, req) => {
  const resource = req.body?.resource;
  if (typeof resource === 'string' && req.body?.grant_type !== TOKEN_EXCHANGE) {
    token.payload.aud = resource;
  }
  // groups=a,b on a password grant: a list claim, for policies that require a claim.
  if (typeof req.body?.groups === 'string' && req.body.groups !== '' && req.body?.grant_type === 'password') {
    token.payload.groups = req.body.groups.split(',');
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

function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function basicClient(req) {
  const basic = (req.headers.authorization ?? '').match(/^Basic (.+)$/);
  return basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] : undefined;
}

// The claims of a JWT this server signed and that has not expired, else undefined.
function verifiedClaims(token) {
  const parts = String(token ?? '').split('.');
  if (parts.length !== 3) return undefined;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    const jwk = server.issuer.keys.toJSON().find((key) => key.kid === header.kid);
    if (!jwk || header.alg !== 'RS256') return undefined;
    const signed = verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), createPublicKey({ key: jwk, format: 'jwk' }),
      Buffer.from(parts[2], 'base64url'));
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return signed && claims.iss === server.issuer.url && claims.exp > Date.now() / 1000 ? claims : undefined;
  } catch {
    return undefined;
  }
}

const exchanges = [];
server.service.addRoute('POST', '/token', async (req, res) => {
  if (req.body?.grant_type !== TOKEN_EXCHANGE) {
    const answer = await fetch(`${server.issuer.url}/grant`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(req.headers.authorization
        ? { authorization: req.headers.authorization } : {}) },
      body: new URLSearchParams(req.body ?? {}).toString()
    });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json',
      'cache-control': 'no-store' });
    res.end(await answer.text());
    return;
  }
  const client = basicClient(req);
  if (!client) {
    json(res, 401, { error: 'invalid_client' });
    return;
  }
  const { subject_token: subjectToken, subject_token_type: subjectType, audience, scope } = req.body;
  const subject = subjectType === ACCESS_TOKEN ? verifiedClaims(subjectToken) : undefined;
  if (!subject) {
    json(res, 400, { error: 'invalid_grant', error_description: 'the subject token is not valid here' });
    return;
  }
  if (typeof audience !== 'string' || audience.includes('refuse')) {
    json(res, 400, { error: 'invalid_target', error_description: 'no tokens for this audience' });
    return;
  }
  const accessToken = await server.service.buildToken(req, 300, (_header, payload) => {
    Object.assign(payload, { sub: subject.sub, aud: audience, client_id: client, act: { sub: client } });
    if (typeof scope === 'string') payload.scope = scope;
  });
  exchanges.push({ client, sub: subject.sub, audience });
  json(res, 200, { access_token: accessToken, issued_token_type: ACCESS_TOKEN, token_type: 'Bearer', expires_in: 300 });
});
server.service.addRoute('GET', '/token-exchange/log', (req, res) => json(res, 200, exchanges));

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
