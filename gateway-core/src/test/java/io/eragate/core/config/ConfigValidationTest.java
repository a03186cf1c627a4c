package io.eragate.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each YAML snippet yields exactly the listed problems, in order. */
class ConfigValidationTest {

    private static final String UPSTREAM = """
            upstreams:
              - name: everything
                url: http://127.0.0.1:3001/mcp
            """;
    private static final String ROUTE = """
            routes:
              - path: /mcp
                upstream: everything
            """;
    private static final String VALID_BASE = UPSTREAM + ROUTE;
    private static final String TWO_UPSTREAMS = """
            upstreams:
              - {name: a, url: "http://127.0.0.1:3001/mcp"}
              - {name: b, url: "http://127.0.0.1:3002/mcp"}
              - {name: a_b, url: "http://127.0.0.1:3003/mcp"}
            """;
    private static final String STDIO = ROUTE + """
            upstreams:
              - name: everything
                command: [node, server.js]
            """;
    private static final String LIMIT_KEYS = "maxBodyBytes, maxHeaderBytes, maxInitialLineBytes, maxConnections,"
            + " idleTimeout, upstreamConnectTimeout, upstreamResponseTimeout, maxUpstreamConnectionsPerEventLoop,"
            + " maxPendingUpstreamAcquires, upstreamIdleTimeout, upstreamTotalTimeout, requestHeaderTimeout";
    private static final String UPSTREAM_KEYS = "name, url, command, env, cwd, instances, restart, era, maxLineBytes,"
            + " maxPendingRequests, requestTimeout, headers, oauth";

    static Stream<Arguments> invalidConfigs() {
        return Stream.of(
                row("a header the gateway sets itself", VALID_BASE.replace("    url:",
                                "    headers: {Host: x}\n    url:"),
                        "upstreams[0].headers.Host: must be a header name the gateway does not set itself (not Host,"
                                + " Content-*, Accept, Mcp-*, ...)"),
                row("a broken secret reference", VALID_BASE.replace("    url:",
                                "    headers: {Authorization: \"Bearer ${env:}\"}\n    url:"),
                        "upstreams[0].headers: the value of Authorization names an invalid environment variable in"
                                + " ${env:...}"),
                row("headers on a stdio upstream", STDIO.replace("command:", "headers: {X-A: b}\n    command:"),
                        "upstreams[0].headers: applies only to an upstream with a url; a stdio server gets its"
                                + " credentials through env (which may use ${env:...} and ${file:...})"),
                row("policies without auth", VALID_BASE + "policies: [{match: {method: tools/call}, scopes: [a]}]",
                        "policies: needs the auth section: policies decide on the token's scopes and claims"),
                row("route scopes without auth", VALID_BASE.replace("    upstream: everything",
                                "    upstream: everything\n    scopes: [crm]"),
                        "routes[0]: scopes need the auth section: they are checked against the token"),
                row("auth without issuer", VALID_BASE + "auth: {scopes: [mcp]}", "auth.issuer: is required"),
                row("token exchange without auth", VALID_BASE.replace("    url: http://127.0.0.1:3001/mcp",
                                "    url: http://127.0.0.1:3001/mcp\n    oauth: {tokenUrl: \"https://as/t\", clientId: c,"
                                + " clientSecret: s, tokenExchange: {audience: \"https://up\"}}"),
                        "upstreams[0]: oauth.tokenExchange needs the auth section: it exchanges the client's validated"
                                + " token"),
                row("no introspection may run", VALID_BASE + "auth: {issuer: \"https://as.example.com\", introspection:"
                                + " {endpoint: \"https://as.example.com/i\", clientId: c, clientSecret: s,"
                                + " maxInFlight: 0}}",
                        "auth.introspection.maxInFlight: must be between 1 and 10000, got a value of 1 characters (not"
                                + " shown: auth.introspection.maxInFlight may hold a secret)"),
                row("plain-http issuer off loopback", VALID_BASE + "auth: {issuer: \"http://as.example.com\"}",
                        "auth.issuer: must be an absolute https URL (http only for a loopback host), without a query"
                                + " or fragment, got \"http://as.example.com\""),
                row("policy without scopes or claims", VALID_BASE
                                + "auth: {issuer: \"https://as.example.com\"}\npolicies: [{match: {method: x}}]",
                        "policies[0].scopes: a policy needs scopes or claims (else it would allow what no rule"
                                + " refuses)"),
                row("a policy glob that does not compile, named like a route rule's", VALID_BASE
                                + "auth: {issuer: \"https://as.example.com\"}\n"
                                + "policies: [{match: {method: tools/call, name: \"delete\\\\\"}, scopes: [admin]}]",
                        "policies[0].match.name: glob delete\\ ends in an unfinished escape \"\\\""),
                row("unknown rate-limit key", VALID_BASE + "rateLimits: {rules: [{key: user, requests: 1, per: 1s}]}",
                        "rateLimits.rules[0].key: must be one of principal, principal+tool, route, global, got"
                                + " \"user\""),
                row("rate limit without its numbers", VALID_BASE + "rateLimits: {rules: [{key: global}]}",
                        "rateLimits.rules[0].requests: is required", "rateLimits.rules[0].per: is required, like 1m"),
                row("a short secret", VALID_BASE + "security: {secrets: [short]}",
                        "security.secrets[0]: must be at least 16 bytes, got 5 (the value is not shown)"),
                row("unknown nested key", VALID_BASE + "limits: {maxBodyByte: 1}",
                        "limits.maxBodyByte: unknown key (known: " + LIMIT_KEYS + ")"),
                row("unknown top-level key", VALID_BASE + "listn: {port: 1}",
                        "listn: unknown key (known: listen, admin, upstreams, routes, security, limits, eras, bridge,"
                                + " mrtr, subscriptions, shutdown, telemetry, logging, health, reload, auth, policies,"
                                + " rateLimits, sseClients, legacyClients)"),
                row("no SSE session allowed", VALID_BASE + "sseClients: {maxSessions: 0}",
                        "sseClients.maxSessions: must be between 1 and 1000000, got 0"),
                row("an SSE idle timeout beyond a day", VALID_BASE + "sseClients: {idleTimeout: 25h}",
                        "sseClients.idleTimeout: must be between 1ms and 24h, got \"25h\""),
                row("legacy client sessions below their bound", VALID_BASE + "legacyClients: {maxSessions: 0}",
                        "legacyClients.maxSessions: must be between 1 and 1000000, got 0"),
                row("a legacy answer bound above its bound", VALID_BASE + "legacyClients: {maxAnswerBytes: 1GiB}",
                        "legacyClients.maxAnswerBytes: must be between 1KiB and 256MiB, got \"1GiB\""),
                row("a reopen cap below the first reopen delay", VALID_BASE
                        + "subscriptions: {reopenDelay: 5s, reopenMaxDelay: 2s}",
                        "subscriptions.reopenMaxDelay: must not be shorter than subscriptions.reopenDelay (5s), got 2s"),
                row("no reopen attempt at all", VALID_BASE + "subscriptions: {reopenAttempts: 0}",
                        "subscriptions.reopenAttempts: must be between 1 and 1000, got 0"),
                row("a readiness grace longer than the drain", VALID_BASE
                        + "shutdown: {readinessGrace: 10s, drainTimeout: 5s}",
                        "shutdown.readinessGrace: must not be longer than shutdown.drainTimeout (5s), since the grace"
                                + " lies inside the drain, got 10s"),
                row("a negative-free total timeout bound", VALID_BASE + "limits: {upstreamTotalTimeout: 25h}",
                        "limits.upstreamTotalTimeout: must be between 0ms and 24h, got \"25h\""),
                row("unknown key in a list entry", VALID_BASE.replace("    url:", "    timeout: 5s\n    url:"),
                        "upstreams[0].timeout: unknown key (known: " + UPSTREAM_KEYS + ")"),
                row("unknown key with a line break is quoted", VALID_BASE + "listen: {\"a\\nb\": 1}",
                        "listen.\"a\\nb\": unknown key (known: host, port, workerThreads, tls, transport)"),
                row("route to an unknown upstream", UPSTREAM + "routes: [{path: /mcp, upstream: x}]",
                        "routes[0].upstream: unknown upstream \"x\" (known: everything)"),
                row("duplicate upstream name", """
                        upstreams:
                          - {name: a, url: "http://127.0.0.1:1/mcp"}
                          - {name: a, url: "http://127.0.0.1:2/mcp"}
                        routes: [{path: /mcp, upstream: a}]
                        """,
                        "upstreams[1].name: duplicate name \"a\""),
                row("upstream name with a space", """
                        upstreams: [{name: a b, url: "http://127.0.0.1:1/mcp"}]
                        routes: [{path: /mcp, upstream: a b}]
                        """,
                        "upstreams[0].name: must match [A-Za-z0-9._-]{1,64}, got \"a b\""),
                row("upstream name of 65 characters", """
                        upstreams: [{name: %s, url: "http://127.0.0.1:1/mcp"}]
                        routes: [{path: /mcp, upstream: x}]
                        """.formatted("n".repeat(65)),
                        "upstreams[0].name: must match [A-Za-z0-9._-]{1,64}, got \"" + "n".repeat(60) + "...\"",
                        "routes[0].upstream: unknown upstream \"x\" (known: none)"),
                row("upstream name that is a number", """
                        upstreams: [{name: 5, url: "http://127.0.0.1:1/mcp"}]
                        routes: [{path: /mcp, upstream: "5"}]
                        """,
                        "upstreams[0].name: expected a string, got 5",
                        "routes[0].upstream: unknown upstream \"5\" (known: none)"),
                row("upstream without url", "upstreams: [{name: everything}]\n" + ROUTE,
                        "upstreams[0].url: is required (or command: [program, args...] for a stdio server)"),
                row("upstream url with an empty value", "upstreams: [{name: everything, url: }]\n" + ROUTE,
                        "upstreams[0].url: expected a string, got an empty value"),
                row("ftp url", VALID_BASE.replace("http://127.0.0.1:3001/mcp", "ftp://x"),
                        "upstreams[0].url: must be an absolute http(s) URL, got \"ftp://x\""),
                row("relative url", VALID_BASE.replace("http://127.0.0.1:3001/mcp", "/mcp"),
                        "upstreams[0].url: must be an absolute http(s) URL, got \"/mcp\""),
                row("url that is not a URI", VALID_BASE.replace("http://127.0.0.1:3001/mcp", "http://a b/"),
                        "upstreams[0].url: must be an absolute http(s) URL, got \"http://a b/\""),
                row("url with credentials is not echoed",
                        VALID_BASE.replace("http://127.0.0.1:3001/mcp", "http://user:secret@127.0.0.1/mcp"),
                        "upstreams[0].url: must not contain credentials (user info before the host)"),
                row("url with a fragment", VALID_BASE.replace("3001/mcp", "3001/mcp#top"),
                        "upstreams[0].url: must not have a fragment (#...), got \"http://127.0.0.1:3001/mcp#top\""),
                row("unknown transport", "listen: {transport: uring}\n" + VALID_BASE,
                        "listen.transport: must be one of auto, io-uring, epoll, nio, got \"uring\""),
                row("unknown era", VALID_BASE.replace("3001/mcp", "3001/mcp\n    era: old"),
                        "upstreams[0].era: must be one of auto, modern, legacy, got \"old\""),
                row("era in upper case", VALID_BASE.replace("3001/mcp", "3001/mcp\n    era: MODERN"),
                        "upstreams[0].era: must be one of auto, modern, legacy, got \"MODERN\""),
                row("era that YAML reads as a boolean", VALID_BASE.replace("3001/mcp", "3001/mcp\n    era: off"),
                        "upstreams[0].era: must be one of auto, modern, legacy, got false"),
                row("url and command together", VALID_BASE.replace("3001/mcp", "3001/mcp\n    command: [node]"),
                        "upstreams[0].command: give either url (an HTTP MCP endpoint) or command (a stdio server),"
                                + " not both"),
                row("empty command", "upstreams: [{name: everything, command: []}]\n" + ROUTE,
                        "upstreams[0].command: must not be empty: give the program and its arguments,"
                                + " like [npx, -y, server]"),
                row("command as a string", "upstreams: [{name: everything, command: \"npx server\"}]\n" + ROUTE,
                        "upstreams[0].command: expected a list, got \"npx server\""),
                row("command with a number and an empty program", STDIO.replace("[node, server.js]", "[\"\", 5]"),
                        "upstreams[0].command[0]: must be a non-empty string, got \"\"",
                        "upstreams[0].command[1]: expected a string, got 5"),
                row("env value that YAML reads as a number", STDIO + "    env: {PORT: 3001}\n",
                        "upstreams[0].env.PORT: expected a string (quote numbers and booleans), got 3001"),
                row("env name with a dash", STDIO + "    env: {MY-VAR: x}\n",
                        "upstreams[0].env.MY-VAR: must be a variable name matching [A-Za-z_][A-Za-z0-9_]*"),
                row("env as a list", STDIO + "    env: [A=1]\n",
                        "upstreams[0].env: expected a mapping, got a list"),
                row("blank cwd", STDIO + "    cwd: \" \"\n",
                        "upstreams[0].cwd: must be a directory path, got \" \""),
                row("no instances", STDIO + "    instances: 0\n",
                        "upstreams[0].instances: must be between 1 and 64, got 0"),
                row("too many instances", STDIO + "    instances: 65\n",
                        "upstreams[0].instances: must be between 1 and 64, got 65"),
                row("unknown restart policy", STDIO + "    restart: on-failure\n",
                        "upstreams[0].restart: must be one of always, never, got \"on-failure\""),
                row("line limit below its bound", STDIO + "    maxLineBytes: 512\n",
                        "upstreams[0].maxLineBytes: must be between 1KiB and 256MiB, got 512"),
                row("no pending requests", STDIO + "    maxPendingRequests: 0\n",
                        "upstreams[0].maxPendingRequests: must be between 1 and 100000, got 0"),
                row("request timeout of zero", STDIO + "    requestTimeout: 0s\n",
                        "upstreams[0].requestTimeout: must be between 1ms and 24h, got \"0s\""),
                row("process settings on a url upstream",
                        VALID_BASE.replace("3001/mcp", "3001/mcp\n    instances: 2\n    env: {A: b}"),
                        "upstreams[0].env: applies only to an upstream with a command (a stdio server),"
                                + " not to one with a url",
                        "upstreams[0].instances: applies only to an upstream with a command (a stdio server),"
                                + " not to one with a url"),
                row("duplicate route path", UPSTREAM + """
                        routes:
                          - {path: /mcp, upstream: everything}
                          - {path: /mcp, upstream: everything}
                        """,
                        "routes[1].path: duplicate path \"/mcp\""),
                row("route path without a slash", UPSTREAM + "routes: [{path: mcp, upstream: everything}]",
                        "routes[0].path: must start with \"/\""),
                row("route path with a query", UPSTREAM + "routes: [{path: \"/mcp?x=1\", upstream: everything}]",
                        "routes[0].path: must not contain \"?\", \"#\" or whitespace, got \"/mcp?x=1\""),
                row("route without upstream", UPSTREAM + "routes: [{path: /mcp}]",
                        "routes[0].upstream: is required (or upstreams: [a, b] for a federated route)"),
                row("route with both upstream and upstreams", TWO_UPSTREAMS
                        + "routes: [{path: /mcp, upstream: a, upstreams: [a, b]}]",
                        "routes[0].upstreams: give either upstream (one server) or upstreams (a federated route),"
                                + " not both"),
                row("federated route naming an unknown upstream twice", TWO_UPSTREAMS
                        + "routes: [{path: /mcp, upstreams: [a, x, a]}]",
                        "routes[0].upstreams: unknown upstream \"x\" (known: a, b, a_b)",
                        "routes[0].upstreams: names \"a\" twice"),
                row("duplicate prefixes", TWO_UPSTREAMS + "routes: [{path: /mcp, upstreams: [a, b, a_b]}]",
                        "routes[0].upstreams: duplicate prefixes: names of \"a\" (\"a_...\") and \"a_b\""
                                + " (\"a_b_...\") could collide; rename one upstream or use names: as-is"),
                row("names on a plain route", TWO_UPSTREAMS + "routes: [{path: /mcp, upstream: a, names: as-is}]",
                        "routes[0].names: applies only to a route with several upstreams (upstreams: [a, b])"),
                row("unknown upstream in a rule", TWO_UPSTREAMS + """
                        routes:
                          - path: /mcp
                            upstream: a
                            rules: [{match: {method: tools/call, name: add}, upstream: nowhere}]
                        """,
                        "routes[0].rules[0].upstream: unknown upstream \"nowhere\" (known: a, b, a_b)"),
                row("rule globs that can never match", TWO_UPSTREAMS + """
                        routes:
                          - path: /mcp
                            upstream: a
                            rules:
                              - {match: {method: "tool/*"}, upstream: b}
                              - {match: {method: tools/list, name: "x*"}, upstream: b}
                              - {match: {}, upstream: b}
                              - {match: {name: "x\\\\"}, upstream: b}
                        """,
                        "routes[0].rules[0].match.method: glob \"tool/*\" can never match: no MCP client request"
                                + " is called that (known: completion/complete, initialize, logging/setLevel, ping,"
                                + " prompts/get, prompts/list, resources/list, resources/read, resources/subscribe,"
                                + " resources/templates/list, resources/unsubscribe, server/discover,"
                                + " subscriptions/listen, tools/call, tools/list)",
                        "routes[0].rules[1].match.name: can never match: tools/list carry no name (names come with"
                                + " tools/call, prompts/get, resources/read and completion/complete)",
                        "routes[0].rules[2].match.method: a rule must match on method, name or both",
                        "routes[0].rules[3].match.name: glob x\\ ends in an unfinished escape \"\\\""),
                row("no upstreams at all", ROUTE,
                        "upstreams: at least one upstream is required",
                        "routes[0].upstream: unknown upstream \"everything\" (known: none)"),
                row("empty upstream and route lists", "upstreams: []\nroutes: []",
                        "upstreams: at least one upstream is required",
                        "routes: at least one route is required"),
                row("upstreams as a mapping", "upstreams: {name: everything}\n" + ROUTE,
                        "upstreams: expected a list, got a mapping",
                        "routes[0].upstream: unknown upstream \"everything\" (known: none)"),
                row("upstream entry that is a string", "upstreams: [everything]\n" + ROUTE,
                        "upstreams[0]: expected a mapping, got \"everything\"",
                        "routes[0].upstream: unknown upstream \"everything\" (known: none)"),
                row("upstreams key with no value", "upstreams:\n" + ROUTE,
                        "upstreams: expected a list, got an empty value",
                        "routes[0].upstream: unknown upstream \"everything\" (known: none)"),
                row("listen port above range", VALID_BASE + "listen: {port: 70000}",
                        "listen.port: must be between 0 and 65535, got 70000"),
                row("admin port below range", VALID_BASE + "admin: {port: -1}",
                        "admin.port: must be between 0 and 65535, got -1"),
                row("port beyond a long", VALID_BASE + "listen: {port: 99999999999999999999}",
                        "listen.port: must be between 0 and 65535, got 99999999999999999999"),
                row("port as a quoted string", VALID_BASE + "listen: {port: \"8080\"}",
                        "listen.port: expected an integer, got \"8080\""),
                row("port with no value", VALID_BASE + "listen:\n  port:",
                        "listen.port: expected an integer, got an empty value"),
                row("listen as a list", VALID_BASE + "listen: [8080]",
                        "listen: expected a mapping, got a list"),
                row("listen host with a space", VALID_BASE + "listen: {host: exa mple}",
                        "listen.host: must be a host name or an IP address (IPv6 without brackets), got \"exa mple\""),
                row("listen host in brackets", VALID_BASE + "listen: {host: \"[::1]\"}",
                        "listen.host: must be a host name or an IP address (IPv6 without brackets), got \"[::1]\""),
                row("admin on the listen port", VALID_BASE + "admin: {port: 8080}",
                        "admin.port: must differ from listen.port: listen 127.0.0.1:8080 and admin 127.0.0.1:8080"
                                + " would clash (use another port, or 0 for any free port)"),
                row("admin port inside a wildcard listen", VALID_BASE + "listen: {host: 0.0.0.0, port: 9090}",
                        "admin.port: must differ from listen.port: listen 0.0.0.0:9090 and admin 127.0.0.1:9090"
                                + " would clash (use another port, or 0 for any free port)"),
                row("admin clash on IPv6", VALID_BASE + "listen: {host: \"::1\"}\nadmin: {host: \"::1\", port: 8080}",
                        "admin.port: must differ from listen.port: listen [::1]:8080 and admin [::1]:8080"
                                + " would clash (use another port, or 0 for any free port)"),
                row("integer limit given as a word", VALID_BASE + "limits: {maxConnections: many}",
                        "limits.maxConnections: expected an integer, got \"many\""),
                row("integer limit given as a fraction", VALID_BASE + "limits: {maxConnections: 1.5}",
                        "limits.maxConnections: expected an integer, got 1.5"),
                row("integer limit of zero", VALID_BASE + "limits: {maxConnections: 0}",
                        "limits.maxConnections: must be between 1 and 1000000, got 0"),
                row("size above its bound", VALID_BASE + "limits: {maxBodyBytes: 512MiB}",
                        "limits.maxBodyBytes: must be between 1KiB and 256MiB, got \"512MiB\""),
                row("size below its bound", VALID_BASE + "limits: {maxHeaderBytes: 100}",
                        "limits.maxHeaderBytes: must be between 1KiB and 1MiB, got 100"),
                row("size with a decimal unit", VALID_BASE + "limits: {maxBodyBytes: 4MB}",
                        "limits.maxBodyBytes: expected a size such as 65536 (bytes), 64KiB, 4MiB or 1GiB,"
                                + " got \"4MB\""),
                row("size that overflows", VALID_BASE + "limits: {maxInitialLineBytes: 99999999999GiB}",
                        "limits.maxInitialLineBytes: must be between 1KiB and 64KiB, got \"99999999999GiB\""),
                row("duration above its bound", VALID_BASE + "limits: {idleTimeout: 25h}",
                        "limits.idleTimeout: must be between 1ms and 24h, got \"25h\""),
                row("request head timeout of zero", VALID_BASE + "limits: {requestHeaderTimeout: 0s}",
                        "limits.requestHeaderTimeout: must be between 1ms and 24h, got \"0s\""),
                row("duration of zero", VALID_BASE + "limits: {upstreamConnectTimeout: 0s}",
                        "limits.upstreamConnectTimeout: must be between 1ms and 24h, got \"0s\""),
                row("negative duration in milliseconds", VALID_BASE + "limits: {upstreamResponseTimeout: -5}",
                        "limits.upstreamResponseTimeout: must be between 1ms and 24h, got -5"),
                row("duration in words", VALID_BASE + "limits: {idleTimeout: 1 minute}",
                        "limits.idleTimeout: expected a duration such as 500ms, 30s, 5m or 1h"
                                + " (a plain integer is milliseconds), got \"1 minute\""),
                row("origin with a path", VALID_BASE + "security: {allowedOrigins: [\"https://example.com/\"]}",
                        "security.allowedOrigins[0]: must be an origin like \"https://example.com\" or"
                                + " \"http://localhost:8080\" (http or https, a host, an optional port, no path),"
                                + " got \"https://example.com/\""),
                row("origin list given as a string", VALID_BASE + "security: {allowedOrigins: \"*\"}",
                        "security.allowedOrigins: expected a list, got \"*\""),
                row("host entry that is a number", VALID_BASE + "security: {allowedHosts: [localhost, 5]}",
                        "security.allowedHosts[1]: expected a string, got 5"),
                row("IPv6 host entry without brackets", VALID_BASE + "security: {allowedHosts: [\"::1\"]}",
                        "security.allowedHosts[0]: must be a host with an optional port, like \"example.com\","
                                + " \"example.com:8443\" or \"[::1]:8080\", got \"::1\""),
                row("host entry with port 0", VALID_BASE + "security: {allowedHosts: [\"localhost:0\"]}",
                        "security.allowedHosts[0]: must be a host with an optional port, like \"example.com\","
                                + " \"example.com:8443\" or \"[::1]:8080\", got \"localhost:0\""),
                row("OTLP endpoint that is not an http URL", VALID_BASE
                                + "telemetry: {otlp: {endpoint: \"collector:4318\"}}",
                        "telemetry.otlp.endpoint: must be an http or https URL with a host and no query, like"
                                + " \"http://collector:4318\", got \"collector:4318\""),
                row("OTLP compression that is not offered", VALID_BASE
                                + "telemetry: {otlp: {endpoint: \"http://c:4318\", compression: zstd}}",
                        "telemetry.otlp.compression: must be one of none, gzip, got \"zstd\""),
                row("log format that is not offered", VALID_BASE + "logging: {format: xml}",
                        "logging.format: must be one of text, json, got \"xml\""),
                row("access log switch that is not a boolean", VALID_BASE + "logging: {access: \"yes\"}",
                        "logging.access: expected true or false, got \"yes\""),
                row("reload.watch that is not a boolean", VALID_BASE + "reload: {watch: yes please}",
                        "reload.watch: expected true or false, got \"yes please\""),
                row("recheck interval below its bound", VALID_BASE + "health: {upstreamRecheckInterval: 10ms}",
                        "health.upstreamRecheckInterval: must be between 100ms and 1h, got \"10ms\""),
                row("empty host list", VALID_BASE + "security: {allowedHosts: []}",
                        "security.allowedHosts: must not be empty, since every HTTP/1.1 request has a Host header;"
                                + " leave the key out to get the defaults"),
                row("empty admin host list", VALID_BASE + "admin: {allowedHosts: []}",
                        "admin.allowedHosts: must not be empty, since every HTTP/1.1 request has a Host header;"
                                + " leave the key out to get the defaults"),
                row("admin host with a path", VALID_BASE + "admin: {allowedHosts: [\"ops.example/x\"]}",
                        "admin.allowedHosts[0]: must be a host with an optional port, like \"example.com\","
                                + " \"example.com:8443\" or \"[::1]:8080\", got \"ops.example/x\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidConfigs")
    void reportsExactlyTheseProblems(String name, String yaml, List<String> expected) {
        ConfigException failure = catchThrowableOfType(ConfigException.class,
                () -> ConfigLoader.parse(yaml, "test.yaml"));

        assertThat(failure).as("%s must be rejected", name).isNotNull();
        assertThat(failure.problems()).containsExactlyElementsOf(expected);
        assertThat(failure.getMessage()).isEqualTo(String.join("\n", expected));
    }

    static Stream<Arguments> validConfigs() {
        return Stream.of(
                Arguments.of("listen and admin both on port 0", VALID_BASE
                        + "listen: {port: 0}\nadmin: {port: 0}"),
                Arguments.of("admin on the listen port of another host", VALID_BASE
                        + "listen: {host: 127.0.0.2, port: 8080}\nadmin: {port: 8080}"),
                Arguments.of("sections with only comments under them", VALID_BASE
                        + "limits:\n  # maxBodyBytes: 4MiB\nsecurity:\n"),
                Arguments.of("IPv6 listen host", VALID_BASE + "listen: {host: \"::1\"}"),
                Arguments.of("empty origin list", VALID_BASE + "security: {allowedOrigins: []}"),
                Arguments.of("hosts and origins with ports and IPv6", VALID_BASE
                        + "security: {allowedHosts: [\"[::1]:8080\", gw.example.com, \"my_svc:443\"],"
                        + " allowedOrigins: [\"HTTPS://gw.example.com\", \"http://[::1]:3000\"]}"),
                Arguments.of("bounds themselves", VALID_BASE + """
                        limits:
                          maxBodyBytes: 1KiB
                          maxHeaderBytes: 1MiB
                          maxInitialLineBytes: 64KiB
                          maxConnections: 1000000
                          idleTimeout: 24h
                          upstreamConnectTimeout: 1
                          upstreamResponseTimeout: 1ms
                          maxUpstreamConnectionsPerEventLoop: 10000
                          maxPendingUpstreamAcquires: 1
                        """),
                Arguments.of("stdio upstream with every process setting at its bounds", STDIO + """
                            env: {HOME: /tmp, _X1: ""}
                            cwd: /srv/mcp
                            instances: 64
                            restart: never
                            era: legacy
                            maxLineBytes: 256MiB
                            maxPendingRequests: 100000
                            requestTimeout: 24h
                        """),
                Arguments.of("route to / and an upstream with a query", """
                        upstreams: [{name: a.b_c-1, url: "HTTPS://example.com:8443/v1/mcp?tenant=x", era: legacy}]
                        routes: [{path: /, upstream: a.b_c-1}]
                        """));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validConfigs")
    void accepts(String name, String yaml) {
        assertThatCode(() -> ConfigLoader.parse(yaml, "test.yaml")).as(name).doesNotThrowAnyException();
    }

    @Test
    void collectsEveryProblemInOnePass() {
        String yaml = """
                listen: {port: 70000, hots: x}
                upstreams:
                  - {name: a, url: "ftp://x", era: old}
                  - {name: a, url: "http://127.0.0.1:2/mcp"}
                routes:
                  - {path: mcp, upstream: a}
                  - {path: /mcp, upstream: b}
                  - {path: /mcp, upstream: a}
                limits: {maxConnections: many, idleTimeout: 2d, maxBodyByte: 1}
                """;

        ConfigException failure = catchThrowableOfType(ConfigException.class,
                () -> ConfigLoader.parse(yaml, "test.yaml"));

        assertThat(failure.problems()).containsExactly(
                "listen.port: must be between 0 and 65535, got 70000",
                "listen.hots: unknown key (known: host, port, workerThreads, tls, transport)",
                "upstreams[0].url: must be an absolute http(s) URL, got \"ftp://x\"",
                "upstreams[0].era: must be one of auto, modern, legacy, got \"old\"",
                "upstreams[1].name: duplicate name \"a\"",
                "routes[0].path: must start with \"/\"",
                "routes[1].upstream: unknown upstream \"b\" (known: a)",
                "routes[2].path: duplicate path \"/mcp\"",
                "limits.maxConnections: expected an integer, got \"many\"",
                "limits.idleTimeout: expected a duration such as 500ms, 30s, 5m or 1h"
                        + " (a plain integer is milliseconds), got \"2d\"",
                "limits.maxBodyByte: unknown key (known: " + LIMIT_KEYS + ")");
    }

    static Stream<Arguments> rejectedSecrets() {
        return Stream.of(
                row("a key-ring secret that is too short", VALID_BASE + "security: {secrets: [shortsecret]}",
                        "security.secrets[0]: must be at least 16 bytes, got 11 (the value is not shown)"),
                row("a key-ring secret that is not a string", VALID_BASE + "security: {secrets: [12345678]}",
                        "security.secrets[0]: expected a string, got a value of 8 characters (not shown:"
                                + " security.secrets[0] may hold a secret)"),
                row("an env token that is not a string", STDIO.replace("command: [node, server.js]",
                        "command: [node, server.js]\n    env: {API_TOKEN: 987654321}"),
                        "upstreams[0].env.API_TOKEN: expected a string (quote numbers and booleans), got a value of 9"
                                + " characters (not shown: upstreams[0].env.API_TOKEN may hold a secret)"),
                row("a URL with a token in its query", VALID_BASE.replace("http://127.0.0.1:3001/mcp",
                        "ftp://127.0.0.1/mcp?api_key=hunter2hunter2"),
                        "upstreams[0].url: must be an absolute http(s) URL, got \"ftp://127.0.0.1/mcp?(query not"
                                + " shown)\""));
    }

    /** A rejected secret is named by its key and described, never printed. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("rejectedSecrets")
    void neverPrintsARejectedSecret(String name, String yaml, List<String> expected) {
        reportsExactlyTheseProblems(name, yaml, expected);
        ConfigException failure = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.parse(yaml, "t.yaml"));
        assertThat(String.join("\n", failure.problems())).doesNotContain("shortsecret").doesNotContain("12345678")
                .doesNotContain("987654321").doesNotContain("hunter2");
    }

    private static Arguments row(String name, String yaml, String... problems) {
        return Arguments.of(name, yaml, List.of(problems));
    }
}
