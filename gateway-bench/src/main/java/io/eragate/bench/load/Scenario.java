package io.eragate.bench.load;

import java.util.Arrays;
import java.util.Optional;

/**
 * What stands between the load client and the echo tool. Every scenario gets the same request and the same upstream
 * code; only the hop differs.
 */
public enum Scenario {
    /** The limit: the client talks to the modern fixture itself. */
    DIRECT("direct", "direct", "the client calls the modern echo fixture itself: the limit of this machine", null),
    /** A plain HTTP reverse proxy with no MCP awareness. */
    NGINX("nginx", "nginx proxy_pass", "Debian nginx, proxy_pass to a keepalive upstream, no MCP awareness", null),
    /** Eragate in front of a modern upstream: validate, then forward the original bytes. */
    ERAGATE_PASS_THROUGH("eragate", "Eragate pass-through",
            "Eragate (fat jar, own JVM): front-door ladder, then the original bytes to the modern fixture", null),
    /** The pass-through on Netty's io_uring transport instead of epoll. */
    ERAGATE_IO_URING("eragate-io-uring", "Eragate pass-through, io_uring",
            "the same pass-through with listen.transport: io-uring (epoll is the default)", null),
    /** The pass-through of another build (the {@code --compare} jar), for a before/after in one run. */
    ERAGATE_BASELINE("eragate-baseline", "Eragate pass-through, baseline jar",
            "the same pass-through, run from the jar given to --compare (the build before a change)", null),
    /** Eragate bridging a modern client to a legacy upstream over a warm pooled session. */
    ERAGATE_BRIDGE_POOLED("bridge-pooled", "Eragate bridge, warm pooled session",
            "modern client, legacy 2025-11-25 fixture, Eragate reusing an initialized upstream session", null),
    /** Eragate bridging with a fresh initialize for every call, the strategy some gateways use. */
    ERAGATE_BRIDGE_PER_CALL("bridge-per-call", "Eragate bridge, initialize per call",
            "as above, but a new initialize handshake (and a DELETE) around every call (a config switch used "
                    + "only here)", null),
    /** A 2025-11-25 client in a session of Eragate's legacy-client front, to the modern fixture. */
    LEGACY_FRONT("legacy-front", "Eragate legacy-client front",
            "a 2025-11-25 client shaped like the TypeScript SDK v1 (initialize, notifications/initialized, then "
                    + "tools/call with its Mcp-Session-Id, one session per connection) through Eragate's legacy-client "
                    + "front to the modern fixture: every call turned into one modern request and its answer back",
            null),
    /** The pass-through of a modern {@code tools/list} to one modern fixture: the federated lists' line. */
    LIST_PASS_THROUGH("list-pass-through", "Eragate pass-through, tools/list",
            "a 2026-07-28 tools/list passed through to the modern fixture (a route with one upstream)", null),
    /** A federated {@code tools/list} over three upstreams with the merged-page cache on. */
    FEDERATED_LIST_CACHED("federated-list-cached", "Eragate federated tools/list, cached",
            "the same tools/list on a federated route over three upstreams (the modern fixture, a second modern "
                    + "fixture, the legacy fixture bridged), names prefixed, each upstream waited for up to 30 s "
                    + "(routes[].fanOutTimeout, so that a slow upstream makes a slow answer rather than an incomplete "
                    + "one, which counts as an error), merged pages cached (bridge.listCacheTtl: 30s)", null),
    /** The same federated {@code tools/list} with no cache: every list fans out to all three upstreams. */
    FEDERATED_LIST_UNCACHED("federated-list-uncached", "Eragate federated tools/list, uncached",
            "as above with bridge.listCacheTtl: 0ms: every list fans out to the three upstreams and is merged",
            null),
    /** The legacy-client front of the {@code --compare} jar, for a before/after in one run. */
    LEGACY_FRONT_BASELINE("legacy-front-baseline", "Eragate legacy-client front, baseline jar",
            "the legacy-client front, run from the jar given to --compare", null),
    /** The cached federated list of the {@code --compare} jar, for a before/after in one run. */
    FEDERATED_LIST_CACHED_BASELINE("federated-list-cached-baseline",
            "Eragate federated tools/list, cached, baseline jar",
            "the cached federated tools/list, run from the jar given to --compare", null),
    /** The warm pooled bridge of the {@code --compare} jar, for a before/after of the bridge in one run. */
    BRIDGE_POOLED_BASELINE("bridge-pooled-baseline", "Eragate bridge, warm pooled session, baseline jar",
            "the warm pooled bridge, run from the jar given to --compare", null);

    /** What a scenario's client sends. */
    public enum Call {
        /** The sample 2026-07-28 {@code tools/call} of {@code echo}. */
        TOOLS_CALL,
        /** The same call as a 2025-11-25 client sends it in its session. */
        LEGACY_TOOLS_CALL,
        /** A 2026-07-28 {@code tools/list}. */
        TOOLS_LIST
    }

    private final String key;
    private final String label;
    private final String description;
    private final String pendingReason;

    Scenario(String key, String label, String description, String pendingReason) {
        this.key = key;
        this.label = label;
        this.description = description;
        this.pendingReason = pendingReason;
    }

    /** Short name for command lines and files. */
    public String key() {
        return key;
    }

    /** Name in tables and charts. */
    public String label() {
        return label;
    }

    /** One line on what is measured. */
    public String description() {
        return description;
    }

    /** Why this scenario cannot run in this build, when it cannot. */
    public Optional<String> pendingReason() {
        return Optional.ofNullable(pendingReason);
    }

    /** Whether an Eragate process is the hop. */
    public boolean isEragate() {
        return this != DIRECT && this != NGINX;
    }

    /** Whether the scenario is measured in a run that does not ask for it by name: not the baselines. */
    public boolean runsByDefault() {
        return !isBaseline();
    }

    /** Whether the hop runs from the {@code --compare} jar. */
    public boolean isBaseline() {
        return this == ERAGATE_BASELINE || this == LEGACY_FRONT_BASELINE || this == FEDERATED_LIST_CACHED_BASELINE
                || this == BRIDGE_POOLED_BASELINE;
    }

    /** What the client sends in this scenario. */
    public Call call() {
        return switch (this) {
            case LEGACY_FRONT, LEGACY_FRONT_BASELINE -> Call.LEGACY_TOOLS_CALL;
            case LIST_PASS_THROUGH, FEDERATED_LIST_CACHED, FEDERATED_LIST_UNCACHED, FEDERATED_LIST_CACHED_BASELINE ->
                    Call.TOOLS_LIST;
            default -> Call.TOOLS_CALL;
        };
    }

    /** Whether the hop is Eragate federating three upstreams. */
    public boolean isFederated() {
        return this == FEDERATED_LIST_CACHED || this == FEDERATED_LIST_UNCACHED
                || this == FEDERATED_LIST_CACHED_BASELINE;
    }

    /** Whether the hop is Eragate bridging to the legacy fixture. */
    public boolean isBridge() {
        return this == ERAGATE_BRIDGE_POOLED || this == ERAGATE_BRIDGE_PER_CALL || this == BRIDGE_POOLED_BASELINE;
    }

    /** The scenario called {@code key}. */
    public static Scenario byKey(String key) {
        return Arrays.stream(values()).filter(s -> s.key.equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown scenario " + key + "; known: "
                        + Arrays.stream(values()).map(Scenario::key).toList()));
    }
}
