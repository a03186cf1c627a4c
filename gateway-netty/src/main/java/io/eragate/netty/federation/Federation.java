package io.eragate.netty.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import com.github.benmanes.caffeine.cache.Scheduler;
import io.eragate.core.frontdoor.ParamHeaders;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.listen.ListCacheInvalidation;
import io.eragate.core.listen.ReopenBackoff;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import io.eragate.core.route.Catalogue;
import io.eragate.core.route.DiscoverMerge;
import io.eragate.core.route.FederatedCursor;
import io.eragate.core.route.ListMerge;
import io.eragate.core.route.NameKind;
import io.eragate.core.route.Route;
import io.eragate.core.route.UpstreamAnswer;
import io.eragate.core.telemetry.TraceContext;
import io.eragate.netty.telemetry.UpstreamSpan;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.netty.handler.codec.http.HttpHeaders;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state and the fan-out of every federated route: asks each upstream through the gateway's internal endpoint,
 * merges with the core, caches merged pages per (route, principal, method, cursor), and keeps each route's
 * ownership catalogue. While a route has merged pages cached, the gateway holds its own listen on the route's
 * upstreams ({@link ListWatch}), so that any upstream's {@code list_changed} drops them even when no client listens.
 * Thread-safe; one per server.
 */
public final class Federation {
    private static final Logger log = LoggerFactory.getLogger(Federation.class);
    /** The principal of every request while authentication is off. */
    public static final String ANONYMOUS = "anonymous";
    /** Pages of one list a catalogue fetch follows at most, so that a cursor loop upstream cannot hold it. */
    private static final int MAX_CATALOGUE_PAGES = 10;

    private final InternalEndpoint internal = new InternalEndpoint();
    private final int maxAnswerBytes;
    private final String gatewayVersion;
    private final Cache<PageKey, CachedPage> pages;
    /**
     * The fan-out under way for each page not cached yet: a request for the same page joins it rather than asking
     * every upstream again, so that when a page expires under load its clients make one fan-out, not one each. Empty
     * with the cache off (a fan-out's answer is then its own client's only). An entry is dropped when its page would
     * be (an invalidation): later requests start a fresh fan-out, and the dropped one caches nothing.
     */
    private final Map<PageKey, CompletableFuture<Outcome>> inFlight = new ConcurrentHashMap<>();
    private final boolean caching;
    /** Requests that joined a fan-out already under way for their page, since start (reports and tests). */
    private final LongAdder joined = new LongAdder();
    private final Map<String, Catalogue> catalogues = new ConcurrentHashMap<>();
    private final ToolSchemas toolSchemas;
    private final ReopenBackoff reopenBackoff;
    /** The gateway's own listen on each route with merged lists cached, by route path. */
    private final Map<String, ListWatch> watches = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /** The key of one cached merged page. */
    private record PageKey(String path, String principal, String method, String cursor) {
    }

    /**
     * One cached merged page: its tree, which nothing changes once cached, and its JSON, encoded once so that a cache
     * hit writes bytes rather than copying and encoding the tree again.
     */
    private record CachedPage(ObjectNode tree, byte[] json) {
    }

    /**
     * @param maxAnswerBytes the largest answer one upstream may give to a fanned-out request
     * @param cacheTtl how long a merged page is served from the cache; zero turns the cache off
     * @param maxCachedPages merged pages kept at most, over every route and principal
     */
    public Federation(int maxAnswerBytes, Duration cacheTtl, int maxCachedPages, String gatewayVersion) {
        this(maxAnswerBytes, cacheTtl, maxCachedPages, gatewayVersion, ReopenBackoff.DEFAULTS);
    }

    /**
     * @param reopenBackoff how lost listen legs (of clients' merged listens and of the gateway's own watches) are
     *     reopened
     */
    public Federation(int maxAnswerBytes, Duration cacheTtl, int maxCachedPages, String gatewayVersion,
            ReopenBackoff reopenBackoff) {
        this.maxAnswerBytes = maxAnswerBytes;
        this.gatewayVersion = Objects.requireNonNull(gatewayVersion, "gatewayVersion");
        this.reopenBackoff = Objects.requireNonNull(reopenBackoff, "reopenBackoff");
        this.caching = !cacheTtl.isZero();
        // Expiry runs on the system scheduler, so that a route's watch closes soon after its last page expires.
        this.pages = Caffeine.newBuilder().expireAfterWrite(cacheTtl.isZero() ? Duration.ofNanos(1) : cacheTtl)
                .maximumSize(cacheTtl.isZero() ? 0 : maxCachedPages).scheduler(Scheduler.systemScheduler())
                .removalListener((PageKey key, CachedPage page, RemovalCause cause) -> {
                    if (key != null && cause.wasEvicted()) {
                        unwatchIfUncached(key.path());
                    }
                }).build();
        this.toolSchemas = new ToolSchemas(internal, maxAnswerBytes, cacheTtl, maxCachedPages);
    }

    /** How lost listen legs are reopened. */
    ReopenBackoff reopenBackoff() {
        return reopenBackoff;
    }

    /** Whether the gateway holds its own listen on {@code path}'s upstreams now (for tests and reports). */
    public boolean watching(String path) {
        return watches.containsKey(path);
    }

    /** Stops every watch; nothing is reopened any more. */
    public void close() {
        closed = true;
        watches.values().forEach(ListWatch::close);
        watches.clear();
    }

    private void watch(UpstreamChannelPool pool, Route route, ForwardedRequest client) {
        if (!closed && !watches.containsKey(route.path())) {
            watches.computeIfAbsent(route.path(), path -> ListWatch.start(route, this, pool, client));
        }
    }

    private void unwatchIfUncached(String path) {
        if (pages.asMap().keySet().stream().noneMatch(key -> key.path().equals(path))) {
            ListWatch watch = watches.remove(path);
            if (watch != null) {
                log.debug("Federated route {}: no merged page cached any more, the watch closes", path);
                watch.close();
            }
        }
    }

    /**
     * The {@code x-mcp-header} declarations of {@code tool} on {@code upstream}, from its cached {@code tools/list}
     * (fetched once if not cached); empty when the list could not be had or lacks the tool.
     */
    public CompletableFuture<Optional<List<ParamHeaders.Binding>>> paramBindings(UpstreamChannelPool pool,
            String upstream, String tool, ForwardedRequest client, Duration timeout) {
        return toolSchemas.of(pool, upstream, tool, client, timeout);
    }

    /** The declarations of {@code tool} on {@code upstream} if known now (see {@link ToolSchemas#known}). */
    public Optional<Optional<List<ParamHeaders.Binding>>> knownParamBindings(String upstream, String tool) {
        return toolSchemas.known(upstream, tool);
    }

    /** The largest answer one upstream may give to a request the gateway reads whole. */
    int maxAnswerBytes() {
        return maxAnswerBytes;
    }

    /** The gateway's internal endpoint the fan-out goes through. */
    public InternalEndpoint internal() {
        return internal;
    }

    /** What the route's merged lists said about ownership so far; null before its first list. */
    public Catalogue catalogue(String path) {
        return catalogues.get(path);
    }

    /** Every route's catalogue, for the admin report. */
    public Map<String, Catalogue> catalogues() {
        return Map.copyOf(catalogues);
    }

    /** Forgets the merged pages of {@code path} (an upstream's list changed). */
    public void invalidate(String path) {
        inFlight.keySet().removeIf(key -> key.path().equals(path));
        pages.asMap().keySet().removeIf(key -> key.path().equals(path));
    }

    /**
     * A reload changed what {@code path} merges (the route is gone or changed, or one of its upstreams was changed or
     * removed): its merged pages, the fan-outs under way for them, its catalogue and the gateway's watch on its old
     * upstreams are dropped, so that the next list is merged from what the new configuration names instead of being
     * served from the cache until it expires.
     */
    public void forget(String path) {
        invalidate(path);
        catalogues.remove(path);
        ListWatch watch = watches.remove(path);
        if (watch != null) {
            log.debug("Federated route {}: reconfigured, the watch on its old upstreams closes", path);
            watch.close();
        }
    }

    /**
     * A reload changed or removed {@code upstream}: the {@code x-mcp-header} declarations learned from its old list
     * are dropped, so that calls are checked against what it declares now.
     */
    public void forgetUpstream(String upstream) {
        toolSchemas.forget(upstream);
    }

    /**
     * An upstream of the federated route {@code path} sent {@code notificationMethod}: a {@code list_changed} drops
     * the route's merged pages of the lists it names (for every principal), so that the next client asking gets the
     * new list at once rather than after {@code bridge.listCacheTtl}.
     *
     * @return how many merged pages were dropped
     */
    public int listChanged(String path, String notificationMethod) {
        Set<String> stale = ListCacheInvalidation.invalidatedBy(notificationMethod);
        if (stale.isEmpty()) {
            return 0;
        }
        inFlight.keySet().removeIf(key -> key.path().equals(path) && stale.contains(key.method()));
        int before = pages.asMap().size();
        pages.asMap().keySet().removeIf(key -> key.path().equals(path) && stale.contains(key.method()));
        return before - pages.asMap().size();
    }

    /** Requests that joined a fan-out already under way for the same page, since start (reports and tests). */
    public long joinedFanOuts() {
        return joined.sum();
    }

    /** Merged pages cached now, for reports and tests. */
    public long cachedPages() {
        pages.cleanUp();
        return pages.estimatedSize();
    }

    /**
     * Answers a fanned-out request of a federated route: the merged result, or empty when the client's cursor is not
     * one of ours (-32602), or a result of null when no upstream answered (-32603, naming them).
     */
    public CompletableFuture<Outcome> fanOut(UpstreamChannelPool pool, Route route, ForwardedRequest client) {
        ValidatedRequest request = client.request();
        String method = request.method();
        JsonNode cursorNode = request.params() == null ? null : request.params().get("cursor");
        String cursor = cursorNode != null && cursorNode.isTextual() ? cursorNode.textValue() : null;
        Map<String, String> wanted;
        if (cursor == null) {
            wanted = FederatedCursor.firstPage(route.upstreams());
        } else {
            Optional<Map<String, String>> decoded = FederatedCursor.decode(cursor, route.upstreams());
            if (decoded.isEmpty()) {
                return CompletableFuture.completedFuture(new Outcome.BadCursor(cursor));
            }
            wanted = decoded.get();
        }
        PageKey key = new PageKey(route.path(), client.principal().id(), method, cursor);
        CachedPage cached = pages.getIfPresent(key);
        if (cached != null) {
            return CompletableFuture.completedFuture(new Outcome.Result(cached.tree(), cached.json()));
        }
        if (!caching) {
            return merge(pool, route, client, method, cursor, wanted, null, null);
        }
        CompletableFuture<Outcome> mine = new CompletableFuture<>();
        CompletableFuture<Outcome> under = inFlight.putIfAbsent(key, mine);
        if (under != null) {
            joined.increment();
            return under;
        }
        merge(pool, route, client, method, cursor, wanted, key, mine).whenComplete((outcome, failure) -> {
            inFlight.remove(key, mine);
            if (failure != null) {
                mine.completeExceptionally(failure);
            } else {
                mine.complete(outcome);
            }
        });
        return mine;
    }

    /**
     * Asks the upstreams and merges their answers; a complete merge is cached under {@code key} (none: the cache is
     * off) while {@code mine} is still the page's fan-out under way, that is, unless the page was invalidated since.
     */
    private CompletableFuture<Outcome> merge(UpstreamChannelPool pool, Route route, ForwardedRequest client,
            String method, String cursor, Map<String, String> wanted, PageKey key, CompletableFuture<Outcome> mine) {
        return ask(pool, route, client, method, wanted).thenApply(answers -> {
            if (Methods.SERVER_DISCOVER.equals(method)) {
                ObjectNode merged = DiscoverMerge.merge(answers, "eragate", gatewayVersion);
                return merged == null ? new Outcome.NoneAnswered(answers)
                        : new Outcome.Result(merged, JsonRpcCodec.encodeValue(merged));
            }
            if (answers.stream().noneMatch(UpstreamAnswer.Answered.class::isInstance)) {
                return new Outcome.NoneAnswered(answers);
            }
            if (Methods.TOOLS_LIST.equals(method) && cursor == null) {
                answers.stream().filter(UpstreamAnswer.Answered.class::isInstance)
                        .map(UpstreamAnswer.Answered.class::cast)
                        .forEach(answered -> toolSchemas.learn(answered.upstream(), answered.result()));
            }
            ListMerge.Merged merged = ListMerge.merge(route, method, answers);
            merged.warnings().forEach(warning -> log.warn("Federated route {}: {}", route.path(), warning));
            logUnavailable(route, method, answers);
            catalogues.merge(route.path(), merged.catalogue(), (old, fresh) -> fresh.plus(old));
            byte[] json = JsonRpcCodec.encodeValue(merged.result());
            // A page missing an upstream is not cached: the next client asks that upstream again.
            if (key != null && answers.stream().allMatch(UpstreamAnswer.Answered.class::isInstance)
                    && inFlight.get(key) == mine) {
                pages.put(key, new CachedPage(merged.result(), json));
                watch(pool, route, client);
            }
            return new Outcome.Result(merged.result(), json);
        });
    }

    /**
     * Fetches the list that says who owns names of {@code kind} on {@code route} (every page, up to a bound), for a
     * call whose name only the catalogue can resolve; completes with the route's catalogue.
     */
    public CompletableFuture<Catalogue> fetchCatalogue(UpstreamChannelPool pool, Route route, NameKind kind,
            ForwardedRequest client) {
        String method = switch (kind) {
            case TOOL -> Methods.TOOLS_LIST;
            case PROMPT -> Methods.PROMPTS_LIST;
            default -> Methods.RESOURCES_LIST;
        };
        return fetchPages(pool, route, method, client, FederatedCursor.firstPage(route.upstreams()), 1)
                .thenApply(ignored -> catalogues.getOrDefault(route.path(), Catalogue.EMPTY));
    }

    private CompletableFuture<Void> fetchPages(UpstreamChannelPool pool, Route route, String method,
            ForwardedRequest client, Map<String, String> wanted, int page) {
        return ask(pool, route, client, method, wanted).thenCompose(answers -> {
            ListMerge.Merged merged = ListMerge.merge(route, method, answers);
            catalogues.merge(route.path(), merged.catalogue(), (old, fresh) -> fresh.plus(old));
            JsonNode next = merged.result().get("nextCursor");
            if (next == null || page >= MAX_CATALOGUE_PAGES) {
                return CompletableFuture.completedFuture(null);
            }
            return fetchPages(pool, route, method, client,
                    FederatedCursor.decode(next.textValue(), route.upstreams()).orElse(Map.of()), page + 1);
        });
    }

    /** Asks every wanted upstream at once; the answers come back in route order. */
    private CompletableFuture<List<UpstreamAnswer>> ask(UpstreamChannelPool pool, Route route, ForwardedRequest client,
            String method, Map<String, String> wanted) {
        List<CompletableFuture<UpstreamAnswer>> calls = new ArrayList<>();
        wanted.forEach((upstream, upstreamCursor) -> {
            // Each leg is an upstream exchange of the client's request: a client span of its own, named upstream.
            UpstreamSpan leg = UpstreamSpan.start(method, upstream, null);
            calls.add(FanOutCall.send(pool, internal, upstream, forUpstream(client, method, upstreamCursor,
                    leg.traceparent()), route.fanOutTimeout(), maxAnswerBytes).whenComplete((answer, failure) ->
                    leg.end(answer instanceof UpstreamAnswer.Unavailable missing
                            ? "upstream_" + missing.reason().wireName() : null)));
        });
        return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new))
                .thenApply(ignored -> calls.stream().map(CompletableFuture::join).toList());
    }

    /**
     * The client's request as one upstream gets it: same envelope and id, that upstream's own cursor, and the leg's
     * own {@code traceparent} (in {@code _meta} and the header; none when tracing is off).
     */
    static ForwardedRequest forUpstream(ForwardedRequest client, String method, String cursor, String traceparent) {
        ValidatedRequest request = client.request();
        ObjectNode params = JsonRpcCodec.mapper().createObjectNode();
        if (request.params() != null) {
            request.params().properties().forEach(member -> {
                if (!member.getKey().equals("cursor")) {
                    params.set(member.getKey(), member.getValue().deepCopy());
                }
            });
        }
        if (cursor != null) {
            params.put("cursor", cursor);
        }
        HttpHeaders passed = client.passedHeaders();
        if (traceparent != null) {
            params.withObject(MetaKeys.META).put(TraceContext.TRACEPARENT, traceparent);
            passed = passed.copy().set(TraceContext.TRACEPARENT, traceparent);
        }
        JsonRpcRequest message = new JsonRpcRequest(request.id(), method, params);
        ValidatedRequest validated = new ValidatedRequest(message, JsonRpcCodec.encode(message),
                request.protocolVersion(), method, null, request.id());
        return new ForwardedRequest(validated, passed, client.clientAddress(), client.clientHost(), false, true,
                client.principal());
    }

    private static void logUnavailable(Route route, String method, List<UpstreamAnswer> answers) {
        for (UpstreamAnswer answer : answers) {
            if (answer instanceof UpstreamAnswer.Unavailable missing) {
                log.warn("Federated route {}: upstream {} left out of {} ({})", route.path(), missing.upstream(),
                        method, missing.reason().wireName());
            }
        }
    }

    /** How a fanned-out request ends. */
    public sealed interface Outcome {
        /**
         * The merged result, shared with every client of the same page: read it, never change it.
         *
         * @param json {@code result} encoded
         */
        record Result(ObjectNode result, byte[] json) implements Outcome {
        }

        /** The client's cursor is not one of the gateway's. */
        record BadCursor(String cursor) implements Outcome {
        }

        /** No upstream answered: the answers say why each did not. */
        record NoneAnswered(List<UpstreamAnswer> answers) implements Outcome {
        }
    }
}
