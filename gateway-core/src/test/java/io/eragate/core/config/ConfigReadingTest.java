package io.eragate.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.route.NamingMode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/** Values land in the right components, defaults fill the gaps, and the effective Origin/Host lists follow listen. */
class ConfigReadingTest {

    private static final String MINIMAL = """
            listen: { host: 127.0.0.1, port: 8080 }
            admin:  { host: 127.0.0.1, port: 9090 }   # /healthz /readyz /metrics /admin/eras
            upstreams:
              - name: everything
                url: http://127.0.0.1:3001/mcp        # era: auto | modern | legacy  (auto by default)
            routes:
              - path: /mcp
                upstream: everything
            """;

    @Test
    void readsEveryKeyIntoItsComponent() throws Exception {
        GatewayConfig config = ConfigLoader.parse(resource("config/every-key.yaml"), "every-key.yaml");

        assertThat(config).isEqualTo(new GatewayConfig(
                new ListenConfig("0.0.0.0", 18080, 3, null, TransportSetting.IO_URING),
                new AdminConfig("::1", 19090, List.of("ops.example.com", "[::1]:19090"), null),
                List.of(
                        new UpstreamConfig("everything", URI.create("http://127.0.0.1:3001/mcp"), EraSetting.AUTO),
                        new UpstreamConfig("legacy-fleet.eu_1",
                                URI.create("https://mcp.internal.example:8443/v1/mcp?tenant=a"), EraSetting.LEGACY),
                        new UpstreamConfig("modern", URI.create("http://10.0.0.7/mcp"), EraSetting.MODERN)
                                .withCredentials(Map.of("Authorization", "Bearer ${env:CRM_TOKEN}", "X-Tenant", "acme"),
                                        new UpstreamOAuthConfig(URI.create("https://as.example.com/token"), "eragate",
                                                "${file:/run/secrets/eragate-client}", List.of("crm"),
                                                new TokenExchangeConfig("https://crm.example.com",
                                                        URI.create("https://crm.example.com/mcp"),
                                                        List.of("crm:user"), 500))),
                        new UpstreamConfig("files", null,
                                List.of("npx", "-y", "@modelcontextprotocol/server-filesystem", "/srv/shared"),
                                Map.of("NODE_ENV", "production", "LOG_LEVEL", "3"), "/srv", 3, RestartPolicy.NEVER,
                                EraSetting.LEGACY, 1024 * 1024, 16, Duration.ofSeconds(90))),
                List.of(
                        new RouteConfig("/mcp", "everything"),
                        new RouteConfig("/legacy", "legacy-fleet.eu_1").withScopes(List.of("crm")),
                        new RouteConfig("/modern/mcp", "modern")),
                new SecurityConfig(List.of("https://app.example.com", "http://localhost:5173"),
                        List.of("gw.example.com", "gw.example.com:8443", "[::1]:18080"),
                        List.of("a-secret-of-sixteen-bytes", "the-previous-secret-still-opens")),
                new LimitsConfig(8L * 1024 * 1024, 32 * 1024, 4096, 2000, Duration.ofMinutes(2),
                        Duration.ofMillis(750), Duration.ofHours(1), 16, 64, Duration.ofSeconds(45),
                        Duration.ofMinutes(20), Duration.ofSeconds(3)),
                new ErasConfig(Duration.ofHours(2), 50, "/var/lib/eragate/eras.json", Duration.ofSeconds(2)),
                new BridgeConfig(20, Duration.ofMinutes(5), 32, Duration.ofSeconds(3), Duration.ofSeconds(30),
                        BridgeConfig.CacheScopeSetting.PUBLIC, BridgeConfig.SessionStrategy.PER_CALL,
                        Duration.ofSeconds(20), 16, 128 * 1024),
                new MrtrConfig("gw-eu-1",
                        Duration.ofSeconds(90), 4, 3, Duration.ofMillis(25), MrtrConfig.SessionCapabilities.RELAYABLE),
                new SubscriptionsConfig(8, 40, Duration.ofSeconds(5), 12),
                ShutdownConfig.defaults(),
                new TelemetryConfig(new OtlpConfig("http://collector:4318", OtlpConfig.Compression.GZIP,
                        Duration.ofSeconds(3), 512), "edge-gateway", 20),
                new LoggingConfig(LoggingConfig.Format.JSON, true),
                new HealthConfig(Duration.ofSeconds(2)),
                new ReloadConfig(false, Duration.ofSeconds(1)),
                new AuthConfig("https://as.example.com", List.of("https://gw.example.com/mcp"), List.of("mcp"),
                        Duration.ofSeconds(10), Duration.ofMinutes(1), Duration.ofHours(2), true,
                        new IntrospectionConfig(URI.create("https://as.example.com/introspect"), "gateway",
                                "${env:INTROSPECTION_SECRET}", 500, 8)),
                List.of(new PolicyConfig(new MatchConfig("tools/call", "delete_*"), List.of("admin"), Map.of()),
                        new PolicyConfig(new MatchConfig("tools/call", "deploy"), List.of(),
                                Map.of("groups", "ops"))),
                new RateLimitsConfig("memory", 5000, List.of(
                        new RateLimitRuleConfig("principal", new MatchConfig("tools/call", null), 100,
                                Duration.ofMinutes(1)),
                        new RateLimitRuleConfig("global", MatchConfig.any(), 1000, Duration.ofSeconds(1)))),
                new SseClientsConfig(7, 9, Duration.ofMinutes(2)),
                new LegacyClientsConfig(11, 2L * 1024 * 1024)));
    }

    @Test
    void theMinimalConfigOfTheArchitectureLoadsAsIs() throws Exception {
        GatewayConfig config = ConfigLoader.parse(MINIMAL, "minimal.yaml");

        assertThat(config).isEqualTo(GatewayConfig.defaults()
                .withUpstreams(List.of(new UpstreamConfig("everything", URI.create("http://127.0.0.1:3001/mcp"),
                        EraSetting.AUTO)))
                .withRoutes(List.of(new RouteConfig("/mcp", "everything"))));
    }

    @Test
    void readsTheRoutingExampleOfTheDocs() throws Exception {
        GatewayConfig config = ConfigLoader.parse("""
                upstreams:
                  - {name: github, url: "http://127.0.0.1:3001/mcp"}
                  - {name: files, command: [node, files.js]}
                  - {name: legacy-crm, url: "http://127.0.0.1:3002/mcp"}
                  - {name: everything, url: "http://127.0.0.1:3003/mcp"}
                  - {name: modern, url: "http://127.0.0.1:3004/mcp"}
                routes:
                  - path: /mcp
                    upstreams: [github, files, legacy-crm]
                  - path: /tools
                    upstream: everything
                    fanOutTimeout: 2s
                    rules:
                      - match: { method: tools/call, name: "add" }
                        upstream: modern
                      - match: { method: "resources/*", name: "file://*" }
                        upstream: files
                  - path: /as-is
                    upstreams: [github, modern]
                    names: as-is
                    maxNameLength: 128
                """, "routing.yaml");

        assertThat(config.routes()).containsExactly(
                RouteConfig.federated("/mcp", List.of("github", "files", "legacy-crm")),
                new RouteConfig("/tools", "everything").withFanOutTimeout(Duration.ofSeconds(2)).withRules(List.of(
                        new RuleConfig(new RuleConfig.RuleMatch("tools/call", "add"), "modern"),
                        new RuleConfig(new RuleConfig.RuleMatch("resources/*", "file://*"), "files"))),
                new RouteConfig("/as-is", List.of("github", "modern"), NamingMode.AS_IS, List.of(),
                        Duration.ofSeconds(5), 128));
        assertThat(config.routes().get(1).toRoute().rules().get(0).matches("tools/call", "add")).isTrue();
        assertThat(config.routes().get(1).toRoute().rules().get(0).matches("tools/call", "addx")).isFalse();
    }

    @Test
    void builtInDefaults() {
        GatewayConfig defaults = GatewayConfig.defaults();

        assertThat(defaults.listen()).isEqualTo(new ListenConfig("127.0.0.1", 8080));
        assertThat(defaults.admin()).isEqualTo(new AdminConfig("127.0.0.1", 9090));
        assertThat(defaults.upstreams()).isEmpty();
        assertThat(defaults.routes()).isEmpty();
        assertThat(defaults.security()).isEqualTo(new SecurityConfig(null, null));
        assertThat(defaults.limits()).isEqualTo(new LimitsConfig(4L * 1024 * 1024, 16 * 1024, 8 * 1024, 10_000,
                Duration.ofSeconds(60), Duration.ofSeconds(5), Duration.ofSeconds(60), 128, 1024,
                Duration.ofSeconds(60), Duration.ofMinutes(10), Duration.ofSeconds(10)));
    }

    @Test
    void adminHostsDefaultToTheAdminHostAndLoopback() {
        AdminConfig admin = new AdminConfig("::1", 9090);

        assertThat(admin.effectiveAllowedHosts()).containsExactly("[::1]", "localhost", "127.0.0.1");
        assertThat(admin.effectiveAllowedOrigins()).contains("http://[::1]", "https://localhost")
                .doesNotContain("http://evil.example");
        assertThat(new AdminConfig("10.0.0.7", 9090, List.of("*"), null).effectiveAllowedOrigins())
                .containsExactly("*");
    }

    @Test
    void integersAndQuotedDigitsAreMillisecondsAndBytes() throws Exception {
        GatewayConfig config = ConfigLoader.parse(MINIMAL + """
                limits:
                  idleTimeout: 1500
                  upstreamConnectTimeout: "250"
                  maxBodyBytes: "2048"
                  maxHeaderBytes: 4096
                """, "t.yaml");

        assertThat(config.limits().idleTimeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(config.limits().upstreamConnectTimeout()).isEqualTo(Duration.ofMillis(250));
        assertThat(config.limits().maxBodyBytes()).isEqualTo(2048);
        assertThat(config.limits().maxHeaderBytes()).isEqualTo(4096);
    }

    @Test
    void defaultHostsAndOriginsFollowTheListenHost() {
        SecurityConfig security = SecurityConfig.defaults();
        ListenConfig listen = new ListenConfig("GW.Example.COM", 8080);

        assertThat(security.effectiveAllowedHosts(listen))
                .containsExactly("gw.example.com", "localhost", "127.0.0.1", "[::1]");
        assertThat(security.effectiveAllowedOrigins(listen)).containsExactly(
                "http://gw.example.com", "https://gw.example.com",
                "http://localhost", "https://localhost",
                "http://127.0.0.1", "https://127.0.0.1",
                "http://[::1]", "https://[::1]");
    }

    @Test
    void defaultHostsDoNotRepeatALoopbackListenHost() {
        SecurityConfig security = SecurityConfig.defaults();

        assertThat(security.effectiveAllowedHosts(new ListenConfig("127.0.0.1", 0)))
                .containsExactly("127.0.0.1", "localhost", "[::1]");
        assertThat(security.effectiveAllowedHosts(new ListenConfig("::1", 0)))
                .containsExactly("[::1]", "localhost", "127.0.0.1");
    }

    @Test
    void explicitListsReplaceTheDefaults() throws Exception {
        GatewayConfig config = ConfigLoader.parse(MINIMAL + """
                security:
                  allowedOrigins: []
                  allowedHosts: [gw.example.com]
                """, "t.yaml");

        assertThat(config.security().effectiveAllowedOrigins(config.listen())).isEmpty();
        assertThat(config.security().effectiveAllowedHosts(config.listen())).containsExactly("gw.example.com");
    }

    @Test
    void absentListsKeepTheDefaultsWhileTheOtherIsExplicit() throws Exception {
        GatewayConfig config = ConfigLoader.parse(MINIMAL + "security: {allowedHosts: [gw.example.com]}",
                "t.yaml");

        assertThat(config.security().allowedOrigins()).isNull();
        assertThat(config.security().effectiveAllowedOrigins(config.listen())).contains("http://127.0.0.1");
    }

    @Test
    void eraSettingPinsAnEraOrNot() {
        assertThat(EraSetting.AUTO.pinnedEra()).isEmpty();
        assertThat(EraSetting.MODERN.pinnedEra()).contains(io.eragate.core.mcp.Era.MODERN);
        assertThat(EraSetting.LEGACY.pinnedEra()).contains(io.eragate.core.mcp.Era.LEGACY);
        assertThat(EraSetting.LEGACY.yamlName()).isEqualTo("legacy");
    }

    @Test
    void upstreamLookupByName() throws Exception {
        GatewayConfig config = ConfigLoader.parse(MINIMAL, "t.yaml");

        assertThat(config.upstream("everything")).map(UpstreamConfig::url)
                .contains(URI.create("http://127.0.0.1:3001/mcp"));
        assertThat(config.upstream("Everything")).isEmpty();
    }

    @Test
    void aStdioUpstreamHasNoUrlAndTheProcessDefaults() throws Exception {
        GatewayConfig config = ConfigLoader.parse("""
                upstreams: [{name: memory, command: [node, dist/index.js]}]
                routes: [{path: /mcp, upstream: memory}]
                """, "t.yaml");

        UpstreamConfig memory = config.upstream("memory").orElseThrow();
        assertThat(memory).isEqualTo(UpstreamConfig.stdio("memory", List.of("node", "dist/index.js"), EraSetting.AUTO));
        assertThat(memory.isStdio()).isTrue();
        assertThat(memory.url()).isNull();
        assertThat(memory.env()).isEmpty();
        assertThat(memory.cwd()).isEmpty();
        assertThat(memory.instances()).isEqualTo(1);
        assertThat(memory.restart()).isEqualTo(RestartPolicy.ALWAYS);
        assertThat(memory.maxLineBytes()).isEqualTo(4L * 1024 * 1024);
        assertThat(memory.maxPendingRequests()).isEqualTo(256);
        assertThat(memory.requestTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.upstream("memory").map(UpstreamConfig::isStdio)).contains(true);
    }

    @Test
    void anUpstreamHasExactlyOneOfUrlAndCommand() {
        assertThatThrownBy(() -> new UpstreamConfig("x", URI.create("http://a/mcp"), List.of("node"), Map.of(), "",
                1, RestartPolicy.ALWAYS, EraSetting.AUTO, 1024, 1, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> UpstreamConfig.stdio("x", List.of(), EraSetting.AUTO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new UpstreamConfig("x", URI.create("http://a/mcp"), EraSetting.AUTO).isStdio()).isFalse();
    }

    @Test
    void recordsAreImmutable() {
        List<String> hosts = new java.util.ArrayList<>(List.of("a.example"));
        SecurityConfig security = new SecurityConfig(null, hosts);
        hosts.add("b.example");

        assertThat(security.allowedHosts()).containsExactly("a.example");
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = Objects.requireNonNull(
                ConfigReadingTest.class.getClassLoader().getResourceAsStream(name), name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
