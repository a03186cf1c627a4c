package io.eragate.core.reload;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.config.ConfigException;
import io.eragate.core.config.ConfigLoader;
import io.eragate.core.config.GatewayConfig;
import org.junit.jupiter.api.Test;

class ConfigDiffTest {
    private static final String BASE = """
            listen: { host: 127.0.0.1, port: 8080 }
            upstreams:
              - { name: kept, url: "http://127.0.0.1:3001/mcp" }
              - { name: edited, url: "http://127.0.0.1:3002/mcp" }
              - { name: dropped, url: "http://127.0.0.1:3003/mcp" }
              - { name: tool, command: [node, server.js] }
            routes:
              - { path: /kept, upstream: kept }
              - { path: /edited, upstream: edited }
              - { path: /dropped, upstream: dropped }
              - { path: /tool, upstream: tool }
            """;

    @Test
    void anIdenticalFileChangesNothing() {
        ConfigDiff diff = ConfigDiff.between(parse(BASE), parse(BASE));

        assertThat(diff.isEmpty()).isTrue();
        assertThat(diff.applicable()).isTrue();
        assertThat(diff.unchanged()).containsExactlyInAnyOrder("kept", "edited", "dropped", "tool");
        assertThat(diff.summary()).isEqualTo("no change");
    }

    @Test
    void sortsUpstreamsIntoAddedRemovedChangedAndUnchanged() {
        String next = """
                listen: { host: 127.0.0.1, port: 8080 }
                upstreams:
                  - { name: kept, url: "http://127.0.0.1:3001/mcp" }
                  - { name: edited, url: "http://127.0.0.1:3002/mcp", era: legacy }
                  - { name: fresh, url: "http://127.0.0.1:3004/mcp" }
                  - { name: tool, command: [node, server.js] }
                routes:
                  - { path: /kept, upstream: kept }
                  - { path: /edited, upstream: edited }
                  - { path: /fresh, upstream: fresh }
                  - { path: /tool, upstream: tool }
                """;

        ConfigDiff diff = ConfigDiff.between(parse(BASE), parse(next));

        assertThat(diff.added()).containsExactly("fresh");
        assertThat(diff.removed()).containsExactly("dropped");
        assertThat(diff.changed()).containsExactly("edited");
        assertThat(diff.unchanged()).containsExactlyInAnyOrder("kept", "tool");
        assertThat(diff.routesChanged()).isTrue();
        assertThat(diff.applicable()).isTrue();
        assertThat(diff.summary()).isEqualTo("upstreams +fresh -dropped ~edited; routes");
    }

    @Test
    void aStdioCommandChangeIsAChangedUpstream() {
        ConfigDiff diff = ConfigDiff.between(parse(BASE),
                parse(BASE.replace("[node, server.js]", "[node, other.js]")));

        assertThat(diff.changed()).containsExactly("tool");
        assertThat(diff.routesChanged()).isFalse();
    }

    @Test
    void perRequestLimitsAndSecurityChangeWhileRunning() {
        String next = BASE + """
                limits: { maxBodyBytes: 1MiB, upstreamResponseTimeout: 5s }
                security: { allowedHosts: ["gateway.example:8080"] }
                """;

        ConfigDiff diff = ConfigDiff.between(parse(BASE), parse(next));

        assertThat(diff.limitsChanged()).isTrue();
        assertThat(diff.securityChanged()).isTrue();
        assertThat(diff.applicable()).isTrue();
        assertThat(diff.summary()).isEqualTo("security; limits");
    }

    @Test
    void connectionAndRequestDeadlinesHeaderLimitsAndDrainTimingsChangeWhileRunning() {
        String next = BASE + """
                limits: { maxHeaderBytes: 16KiB, requestHeaderTimeout: 3s, upstreamIdleTimeout: 20s,
                          upstreamTotalTimeout: 2m }
                shutdown: { readinessGrace: 1s, drainTimeout: 10s }
                """;

        ConfigDiff diff = ConfigDiff.between(parse(BASE), parse(next));

        assertThat(diff.restartOnly()).isEmpty();
        assertThat(diff.limitsChanged()).isTrue();
        assertThat(diff.shutdownChanged()).isTrue();
        assertThat(diff.summary()).isEqualTo("limits; shutdown");
    }

    @Test
    void aDrainTimingAloneIsAChange() {
        ConfigDiff diff = ConfigDiff.between(parse(BASE), parse(BASE + "shutdown: { drainTimeout: 10s }\n"));

        assertThat(diff.isEmpty()).isFalse();
        assertThat(diff.applicable()).isTrue();
    }

    @Test
    void keysFixedAtStartRefuseTheWholeReloadNamingEachKey() {
        String next = BASE.replace("port: 8080", "port: 8081") + """
                limits: { maxConnections: 5, maxBodyBytes: 1MiB, upstreamConnectTimeout: 1s }
                bridge: { maxSessions: 7 }
                """;

        ConfigDiff diff = ConfigDiff.between(parse(BASE), parse(next));

        assertThat(diff.applicable()).isFalse();
        assertThat(diff.restartOnly()).containsExactly("listen.port", "limits.maxConnections",
                "limits.upstreamConnectTimeout", "bridge.maxSessions");
        assertThat(diff.refusals()).first().asString()
                .isEqualTo("listen.port: changes only on restart; the running configuration stays");
    }

    @Test
    void authPoliciesAndRateLimitsChangeWhileRunning() {
        String guarded = BASE + """
                auth: { issuer: "https://as.example.com", scopes: [mcp] }
                policies:
                  - { match: { method: tools/call, name: "delete_*" }, scopes: [admin] }
                rateLimits:
                  rules: [{ key: principal, requests: 10, per: 1m }]
                """;

        ConfigDiff on = ConfigDiff.between(parse(BASE), parse(guarded));
        ConfigDiff tightened = ConfigDiff.between(parse(guarded),
                parse(guarded.replace("requests: 10", "requests: 5")));

        assertThat(on.applicable()).as(on.restartOnly().toString()).isTrue();
        assertThat(on.identityChanged()).isTrue();
        assertThat(on.isEmpty()).isFalse();
        assertThat(on.summary()).isEqualTo("identity");
        assertThat(tightened.identityChanged()).isTrue();
        assertThat(tightened.applicable()).isTrue();
        assertThat(ConfigDiff.between(parse(guarded), parse(guarded)).identityChanged()).isFalse();
    }

    private static GatewayConfig parse(String yaml) {
        try {
            return ConfigLoader.parse(yaml, "test.yaml");
        } catch (ConfigException e) {
            throw new AssertionError(e.problems().toString(), e);
        }
    }
}
