package io.eragate.netty.federation;

import io.eragate.core.auth.Principal;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.netty.upstream.JsonPosts;
import io.eragate.netty.upstream.UpstreamCall;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The gateway's own loopback listener that a federated route fans out over: one request per upstream, each served by
 * the exchange a plain route to that upstream would use. It listens on {@code 127.0.0.1} on a port of its own, and
 * answers only requests carrying a random per-process token (anything else gets 403), so that nobody else can choose
 * an upstream by header.
 */
public final class InternalEndpoint {

    /** The header carrying the per-process token. */
    public static final String TOKEN_HEADER = "Eragate-Internal-Token";
    /** The header naming the upstream that must serve the request. */
    public static final String UPSTREAM_HEADER = "Eragate-Internal-Upstream";
    /**
     * The header naming, by a one-time handle, the principal the leg is served for: the principal itself (scopes,
     * claims) never leaves the process, and a leg is served with exactly its client's identity.
     */
    public static final String PRINCIPAL_HEADER = "Eragate-Internal-Principal";
    /**
     * The header naming the route path whose own dispatch must serve the request, as if its client had sent it there
     * (how 2024-11-05 HTTP+SSE clients' messages become Streamable HTTP exchanges on their route).
     */
    public static final String ROUTE_HEADER = "Eragate-Internal-Route";
    /**
     * The header marking a request as a later round of a legacy client's request relayed by the legacy client front:
     * such a client mirrors no {@code Mcp-Param-*} headers, so the gateway writes them for a modern upstream as on the
     * first round. Honoured only beside the token; the endpoint passes no {@code Eragate-Internal-*} header upstream.
     */
    public static final String LEGACY_FRONT_HEADER = "Eragate-Internal-Legacy-Front";
    /** The path internal requests are sent to. */
    public static final String PATH = "/eragate-internal";
    private static final int TOKEN_BYTES = 32;

    private final String token;
    private final SecureRandom random = new SecureRandom();
    /** Principals lent to legs in flight, by handle; each leg takes its own, or its call gives it back when done. */
    private final Map<String, Principal> lent = new ConcurrentHashMap<>();
    private volatile UpstreamTarget target;
    /** The listener's own handlers, fresh for each request served in process; null until the server sets them. */
    private volatile Supplier<ChannelHandler[]> inProcessHandlers;

    /** An endpoint with a fresh random token, not yet bound. */
    public InternalEndpoint() {
        byte[] random = new byte[TOKEN_BYTES];
        new SecureRandom().nextBytes(random);
        this.token = HexFormat.of().formatHex(random);
    }

    /** The token internal requests carry. */
    String token() {
        return token;
    }

    /** Whether {@code presented} is this process's token (compared in constant time). */
    public boolean accepts(String presented) {
        return presented != null && MessageDigest.isEqual(token.getBytes(StandardCharsets.US_ASCII),
                presented.getBytes(StandardCharsets.US_ASCII));
    }

    /** Lends {@code principal} to one leg; the handle goes in {@link #PRINCIPAL_HEADER}. */
    public String lend(Principal principal) {
        byte[] handle = new byte[16];
        random.nextBytes(handle);
        String key = HexFormat.of().formatHex(handle);
        lent.put(key, Objects.requireNonNull(principal, "principal"));
        return key;
    }

    /** The principal lent under {@code handle}, taken once; null for an unknown or already taken handle. */
    public Principal take(String handle) {
        return handle == null ? null : lent.remove(handle);
    }

    /**
     * Makes {@code headers} an internal request's for {@code principal}: the token and a handle to the principal,
     * which is returned (give it back with {@link #giveBack} if the request never reaches the endpoint).
     */
    public String authorize(HttpHeaders headers, Principal principal) {
        String handle = lend(principal);
        headers.set(TOKEN_HEADER, token).set(PRINCIPAL_HEADER, handle);
        return handle;
    }

    /** Forgets a lent principal whose leg never reached the endpoint (refused, timed out before sending). */
    public void giveBack(String handle) {
        lent.remove(handle);
    }

    /**
     * A POST of one internal request for {@code upstream}, served with the principal lent under {@code handle};
     * null until the listener is bound.
     */
    public FullHttpRequest post(String upstream, String handle, byte[] body, String protocolVersion) {
        UpstreamTarget bound = target;
        if (bound == null) {
            return null;
        }
        FullHttpRequest http = JsonPosts.to(bound, body);
        http.headers()
                .set(TOKEN_HEADER, token)
                .set(UPSTREAM_HEADER, upstream)
                .set(PRINCIPAL_HEADER, handle)
                .set(McpHeaders.PROTOCOL_VERSION, protocolVersion);
        return http;
    }

    /** Principals lent to legs in flight (bounded by the legs in flight; for tests). */
    int lentCount() {
        return lent.size();
    }

    /** Records the port the listener got. */
    public void bound(int port) {
        target = UpstreamTarget.of("eragate-internal", URI.create("http://127.0.0.1:" + port + PATH));
    }

    /**
     * Lets requests be served in process by {@code handlers} (fresh instances of the listener's handlers after its
     * HTTP codec), with no socket: see {@link #startInProcess}.
     */
    public void servedInProcess(Supplier<ChannelHandler[]> handlers) {
        inProcessHandlers = Objects.requireNonNull(handlers, "handlers");
    }

    /**
     * Serves {@code request} (one built by {@link #post}, which this call owns) inside the process on {@code loop},
     * by the same handlers as the listener and under the same token and lent principal, without a socket;
     * {@code answer} hears its answer as from an upstream. The returned channel closed is the request abandoned.
     * Null when nothing serves requests in process (the request is then released).
     */
    public Channel startInProcess(EventLoop loop, FullHttpRequest request, Duration headTimeout,
            UpstreamCall.Handler answer) {
        Supplier<ChannelHandler[]> handlers = inProcessHandlers;
        if (handlers == null) {
            request.release();
            return null;
        }
        return InProcessChannel.start(loop, handlers.get(), request, headTimeout, answer);
    }

    /** Whether requests can be served in process (the server has set its handlers). */
    public boolean servesInProcess() {
        return inProcessHandlers != null;
    }

    /** Where internal requests go; null until the listener is bound. */
    public UpstreamTarget target() {
        return target;
    }

    @Override
    public String toString() {
        return "InternalEndpoint[" + Objects.toString(target) + "]";
    }
}
