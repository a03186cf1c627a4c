package io.eragate.netty.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.frontdoor.ParamHeaders;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.Methods;
import io.eragate.core.route.UpstreamAnswer;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.UpstreamChannelPool;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Each upstream's {@code x-mcp-header} declarations, tool by tool, from its {@code tools/list}: what the gateway checks
 * a {@code tools/call}'s {@code Mcp-Param-*} headers against. Fetched once per upstream (all pages, up to a bound) when
 * a call needs it and no fresh copy is cached, one fetch at a time per upstream; a failed fetch is not cached. A
 * federated route's merged lists teach it too, for free.
 */
final class ToolSchemas {

    private static final int MAX_PAGES = 10;

    private final InternalEndpoint internal;
    private final int maxAnswerBytes;
    private final AsyncCache<String, Map<String, List<ParamHeaders.Binding>>> byUpstream;

    ToolSchemas(InternalEndpoint internal, int maxAnswerBytes, Duration ttl, int maxUpstreams) {
        this.internal = internal;
        this.maxAnswerBytes = maxAnswerBytes;
        this.byUpstream = Caffeine.newBuilder()
                .expireAfterWrite(ttl.isZero() ? Duration.ofNanos(1) : ttl)
                .maximumSize(maxUpstreams)
                .buildAsync();
    }

    /**
     * The declarations of {@code tool} on {@code upstream}: empty when the upstream's list could not be had or does
     * not have the tool (then the upstream answers the call as it sees fit).
     */
    CompletableFuture<Optional<List<ParamHeaders.Binding>>> of(UpstreamChannelPool pool, String upstream,
            String tool, ForwardedRequest client, Duration timeout) {
        return byUpstream.get(upstream, (name, executor) -> fetch(pool, name, client, timeout, null,
                        new HashMap<>(), 1))
                .handle((tools, failure) -> tools == null ? Optional.empty() : Optional.ofNullable(tools.get(tool)));
    }

    /**
     * The declarations of {@code tool} on {@code upstream} if they are known now, without fetching: empty when the
     * upstream's list is not cached; an empty inner value when the cached list lacks the tool.
     */
    Optional<Optional<List<ParamHeaders.Binding>>> known(String upstream, String tool) {
        CompletableFuture<Map<String, List<ParamHeaders.Binding>>> cached = byUpstream.getIfPresent(upstream);
        if (cached == null || !cached.isDone() || cached.isCompletedExceptionally() || cached.join() == null) {
            return Optional.empty();
        }
        return Optional.of(Optional.ofNullable(cached.join().get(tool)));
    }

    /** Forgets what {@code upstream} declared (a reload changed or removed it: its list may differ now). */
    void forget(String upstream) {
        byUpstream.synchronous().invalidate(upstream);
    }

    /** Learns an upstream's declarations from the first page of its {@code tools/list} result. */
    void learn(String upstream, JsonNode listResult) {
        Map<String, List<ParamHeaders.Binding>> tools = new HashMap<>();
        read(listResult, tools);
        byUpstream.put(upstream, CompletableFuture.completedFuture(Map.copyOf(tools)));
    }

    private static void read(JsonNode listResult, Map<String, List<ParamHeaders.Binding>> tools) {
        for (JsonNode tool : listResult.path("tools")) {
            String name = tool.path("name").asText(null);
            if (name != null) {
                // A tool whose annotations break the rules declares nothing a client could mirror.
                tools.put(name, ParamHeaders.declarations(tool.get("inputSchema")).orElse(List.of()));
            }
        }
    }

    private CompletableFuture<Map<String, List<ParamHeaders.Binding>>> fetch(UpstreamChannelPool pool,
            String upstream, ForwardedRequest client, Duration timeout, String cursor,
            Map<String, List<ParamHeaders.Binding>> tools, int page) {
        return FanOutCall.send(pool, internal, upstream, listRequest(client, cursor), timeout, maxAnswerBytes)
                .thenCompose(answer -> {
                    if (!(answer instanceof UpstreamAnswer.Answered answered)) {
                        // Completing with null leaves nothing cached: the next call that needs the list asks again.
                        return CompletableFuture.completedFuture(null);
                    }
                    read(answered.result(), tools);
                    JsonNode next = answered.result().get("nextCursor");
                    if (next == null || !next.isTextual() || page >= MAX_PAGES) {
                        return CompletableFuture.completedFuture(Map.copyOf(tools));
                    }
                    return fetch(pool, upstream, client, timeout, next.textValue(), tools, page + 1);
                });
    }

    /** A {@code tools/list} with the calling client's envelope. */
    private static ForwardedRequest listRequest(ForwardedRequest client, String cursor) {
        ValidatedRequest call = client.request();
        ObjectNode params = JsonRpcCodec.mapper().createObjectNode();
        if (call.params() != null && call.params().has("_meta")) {
            params.set("_meta", call.params().get("_meta").deepCopy());
        }
        if (cursor != null) {
            params.put("cursor", cursor);
        }
        JsonRpcRequest message = new JsonRpcRequest(call.id(), Methods.TOOLS_LIST, params);
        ValidatedRequest validated = new ValidatedRequest(message, JsonRpcCodec.encode(message),
                call.protocolVersion(), Methods.TOOLS_LIST, null, call.id());
        return new ForwardedRequest(validated, client.passedHeaders(), client.clientAddress(), client.clientHost(),
                false, true, client.principal());
    }
}
