package io.eragate.core.security;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Who may read the admin port: the DNS-rebinding defence of the MCP port ({@link OriginPolicy}: {@code Origin} when
 * present, then {@code Host}) applied to every admin path but the probes' and the scrapers'. {@code /healthz},
 * {@code /readyz} and {@code /metrics} are exempt, since Kubernetes probes and Prometheus address a pod by its IP,
 * which no allow-list could name in advance; the dashboard at {@code /} and everything under {@code /admin/} are not.
 */
public final class AdminAccess {

    /** The paths that answer whatever the Host. */
    public static final Set<String> EXEMPT_PATHS = Set.of("/healthz", "/readyz", "/metrics");

    private final OriginPolicy policy;

    /** Admin access decided by {@code policy}. */
    public AdminAccess(OriginPolicy policy) {
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    /**
     * Why a request for {@code path} must be refused, or empty when it may be served.
     *
     * @param path the request path without its query
     * @param origins every {@code Origin} field value
     * @param hosts every {@code Host} field value
     */
    public Optional<String> refusal(String path, List<String> origins, List<String> hosts) {
        Objects.requireNonNull(path, "path");
        if (EXEMPT_PATHS.contains(path)) {
            return Optional.empty();
        }
        Optional<String> origin = policy.checkOrigin(origins);
        return origin.isPresent() ? origin : policy.checkHost(hosts);
    }
}
