package io.eragate.netty.bridge;

import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.BridgeConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.ErasConfig;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.LimitsConfig;
import io.eragate.core.config.AuthConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.config.MrtrConfig;
import io.eragate.core.config.PolicyConfig;
import io.eragate.core.config.RateLimitsConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.SecurityConfig;
import io.eragate.core.config.ShutdownConfig;
import io.eragate.core.config.SubscriptionsConfig;
import io.eragate.core.config.TlsConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.exchange.ExchangeObserver;
import io.eragate.netty.server.GatewayServer;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A gateway started in-process on port 0 (MCP and admin), each upstream routed at {@code /<name>}. The builder
 * changes only the keys a test names; everything else keeps its documented default.
 */
final class BridgeGateway implements AutoCloseable {
    private final GatewayServer server;
    private final GatewayConfig config;

    private BridgeGateway(GatewayServer server, GatewayConfig config) {
        this.server = server;
        this.config = config;
    }

    static Builder builder() {
        return new Builder();
    }

    GatewayServer server() {
        return server;
    }

    GatewayConfig config() {
        return config;
    }

    URI endpoint(String upstream) {
        String scheme = config.listen().tls() == null ? "http" : "https";
        return URI.create(scheme + "://127.0.0.1:" + server.listenAddress().getPort() + "/" + upstream);
    }

    ModernClient client(String upstream) {
        return new ModernClient(endpoint(upstream));
    }

    URI admin(String path) {
        return URI.create("http://127.0.0.1:" + server.adminAddress().getPort() + path);
    }

    /** A second gateway with the same configuration, as after a restart. */
    BridgeGateway restart() {
        close();
        return start(config);
    }

    @Override
    public void close() {
        server.close();
    }

    private static BridgeGateway start(GatewayConfig config) {
        return start(config, ExchangeObserver.NONE);
    }

    private static BridgeGateway start(GatewayConfig config, ExchangeObserver observer) {
        try {
            return new BridgeGateway(GatewayServer.start(config, observer), config);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("Interrupted while starting the gateway", e);
        }
    }

    static final class Builder {
        private final List<UpstreamConfig> upstreams = new ArrayList<>();
        private ErasConfig eras = ErasConfig.defaults();
        private BridgeConfig bridge = BridgeConfig.defaults();
        private MrtrConfig mrtr = MrtrConfig.defaults();
        private SubscriptionsConfig subscriptions = SubscriptionsConfig.defaults();
        private ExchangeObserver observer = ExchangeObserver.NONE;
        private LimitsConfig limits = LimitsConfig.defaults();
        private ShutdownConfig shutdown = ShutdownConfig.defaults();

        private final List<RouteConfig> federated = new ArrayList<>();

        /** A federated route at {@code path} over {@code members} (prefixed names), besides each upstream's own. */
        Builder federatedRoute(String path, List<String> members) {
            federated.add(RouteConfig.federated(path, members));
            return this;
        }

        Builder shutdown(ShutdownConfig chosen) {
            shutdown = chosen;
            return this;
        }

        Builder limits(LimitsConfig chosen) {
            limits = chosen;
            return this;
        }

        Builder observer(ExchangeObserver told) {
            observer = told;
            return this;
        }
        private SecurityConfig security = SecurityConfig.defaults();
        private AuthConfig auth;
        private TlsConfig tls;
        private TlsConfig adminTls;
        private List<PolicyConfig> policies = List.of();
        private RateLimitsConfig rateLimits = RateLimitsConfig.none();

        Builder upstream(String name, URI url, EraSetting era) {
            upstreams.add(new UpstreamConfig(name, url, era));
            return this;
        }

        /** An upstream configured in full (credentials, for example). */
        Builder upstream(UpstreamConfig upstream) {
            upstreams.add(upstream);
            return this;
        }

        Builder erasFile(Path file) {
            eras = new ErasConfig(eras.ttl(), eras.maxOrigins(), file.toString(), eras.probeTimeout());
            return this;
        }

        Builder maxSessions(int count) {
            bridge = new BridgeConfig(count, bridge.sessionIdleExpiry(), bridge.maxInFlightPerSession(),
                    bridge.initializeTimeout(), bridge.cacheTtl(), bridge.cacheScope(), bridge.sessionStrategy(),
                    bridge.listCacheTtl(), bridge.listCacheMaxEntries(), bridge.listCacheMaxBytes());
            return this;
        }

        Builder sessionIdleExpiry(Duration expiry) {
            bridge = new BridgeConfig(bridge.maxSessions(), expiry, bridge.maxInFlightPerSession(),
                    bridge.initializeTimeout(), bridge.cacheTtl(), bridge.cacheScope(), bridge.sessionStrategy(),
                    bridge.listCacheTtl(), bridge.listCacheMaxEntries(), bridge.listCacheMaxBytes());
            return this;
        }

        Builder maxInFlightPerSession(int count) {
            bridge = new BridgeConfig(bridge.maxSessions(), bridge.sessionIdleExpiry(), count,
                    bridge.initializeTimeout(), bridge.cacheTtl(), bridge.cacheScope(), bridge.sessionStrategy(),
                    bridge.listCacheTtl(), bridge.listCacheMaxEntries(), bridge.listCacheMaxBytes());
            return this;
        }

        Builder initializeTimeout(Duration timeout) {
            bridge = new BridgeConfig(bridge.maxSessions(), bridge.sessionIdleExpiry(),
                    bridge.maxInFlightPerSession(), timeout, bridge.cacheTtl(), bridge.cacheScope(),
                    bridge.sessionStrategy(),
                    bridge.listCacheTtl(), bridge.listCacheMaxEntries(), bridge.listCacheMaxBytes());
            return this;
        }

        Builder sessionStrategy(BridgeConfig.SessionStrategy strategy) {
            bridge = new BridgeConfig(bridge.maxSessions(), bridge.sessionIdleExpiry(),
                    bridge.maxInFlightPerSession(), bridge.initializeTimeout(), bridge.cacheTtl(), bridge.cacheScope(),
                    strategy, bridge.listCacheTtl(), bridge.listCacheMaxEntries(), bridge.listCacheMaxBytes());
            return this;
        }

        Builder cacheHints(Duration ttl, BridgeConfig.CacheScopeSetting scope) {
            bridge = new BridgeConfig(bridge.maxSessions(), bridge.sessionIdleExpiry(),
                    bridge.maxInFlightPerSession(), bridge.initializeTimeout(), ttl, scope, bridge.sessionStrategy(),
                    bridge.listCacheTtl(), bridge.listCacheMaxEntries(), bridge.listCacheMaxBytes());
            return this;
        }

        Builder listCache(Duration ttl, int maxEntries, long maxBytes) {
            bridge = bridge.withListCache(ttl, maxEntries, maxBytes);
            return this;
        }

        Builder mrtr(MrtrConfig settings) {
            mrtr = settings;
            return this;
        }

        /** TLS on the MCP listener. */
        Builder tls(TlsConfig settings) {
            tls = settings;
            return this;
        }

        /** TLS on the admin listener. */
        Builder adminTls(TlsConfig settings) {
            adminTls = settings;
            return this;
        }

        /** The key ring {@code security.secrets}. */
        Builder secrets(List<String> secrets) {
            security = new SecurityConfig(security.allowedOrigins(), security.allowedHosts(), secrets);
            return this;
        }

        /** Authentication (null: off), policies and rate limits. */
        Builder identity(AuthConfig authSettings, List<PolicyConfig> policyRules, RateLimitsConfig limits) {
            auth = authSettings;
            policies = policyRules;
            rateLimits = limits;
            return this;
        }

        Builder keepAliveInterval(Duration interval) {
            subscriptions = new SubscriptionsConfig(subscriptions.maxListenersPerSession(),
                    subscriptions.maxListeners(), interval, subscriptions.maxResourceSubscriptions(),
                    subscriptions.reopenDelay(), subscriptions.reopenMaxDelay(), subscriptions.reopenAttempts());
            return this;
        }

        Builder maxListeners(int perSession, int total) {
            subscriptions = new SubscriptionsConfig(perSession, total, subscriptions.keepAliveInterval(),
                    subscriptions.maxResourceSubscriptions(), subscriptions.reopenDelay(),
                    subscriptions.reopenMaxDelay(), subscriptions.reopenAttempts());
            return this;
        }

        /** How lost federated listen legs are reopened ({@code subscriptions.reopen*}). */
        Builder reopen(Duration delay, Duration maxDelay, int attempts) {
            subscriptions = new SubscriptionsConfig(subscriptions.maxListenersPerSession(),
                    subscriptions.maxListeners(), subscriptions.keepAliveInterval(),
                    subscriptions.maxResourceSubscriptions(), delay, maxDelay, attempts);
            return this;
        }

        BridgeGateway start() {
            List<RouteConfig> routes = new ArrayList<>(upstreams.stream()
                    .map(upstream -> new RouteConfig("/" + upstream.name(), upstream.name())).toList());
            routes.addAll(federated);
            GatewayConfig config = GatewayConfig.defaults()
                    .withListen(new ListenConfig("127.0.0.1", 0, 0, tls))
                    .withAdmin(new AdminConfig("127.0.0.1", 0, null, adminTls))
                    .withUpstreams(upstreams)
                    .withRoutes(routes)
                    .withEras(eras)
                    .withBridge(bridge)
                    .withMrtr(mrtr)
                    .withSubscriptions(subscriptions)
                    .withLimits(limits)
                    .withSecurity(security)
                    .withIdentity(auth, policies, rateLimits)
                    .withShutdown(shutdown);
            return BridgeGateway.start(config, observer);
        }
    }
}
