package io.eragate.netty.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.auth.Policies;
import io.eragate.core.frontdoor.ParamHeaders;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.era.EraProbeException;
import io.eragate.core.mcp.Era;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.mcp.Methods;
import io.eragate.core.route.Back;
import io.eragate.core.route.Catalogue;
import io.eragate.core.route.ClientEra;
import io.eragate.core.route.Destination;
import io.eragate.core.route.Route;
import io.eragate.core.route.Routing;
import io.eragate.core.route.RoutingKey;
import io.eragate.core.route.RoutingRejections;
import io.eragate.core.route.UpstreamShape;
import io.eragate.netty.bridge.BridgeExchange;
import io.eragate.netty.bridge.ListenExchange;
import io.eragate.netty.client.ClientResponses;
import io.eragate.netty.exchange.ExchangeLifecycle;
import io.eragate.netty.exchange.UpstreamDeadlines;
import io.eragate.netty.federation.CutListExchange;
import io.eragate.netty.federation.FanOutExchange;
import io.eragate.netty.federation.FederatedListenExchange;
import io.eragate.netty.stdio.StdioExchange;
import io.eragate.netty.stdio.StdioUpstream;
import io.eragate.netty.upstream.ClientExchange;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.ModernExchange;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.channel.ChannelHandlerContext;
import io.opentelemetry.context.Context;
import io.netty.handler.codec.http.HttpHeaders;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The only caller of {@link Routing}: asks it where a request goes (route rules, federation) and, once the upstream's
 * shape is known, which exchange serves it, then starts that exchange. Holds nothing but the immutable server context,
 * so that a new context (a reloaded configuration) means a new dispatcher.
 */
final class Dispatcher {

    /** The connection handler's side of an exchange: it tracks the one in flight, and learns when it has ended. */
    interface Host {
        /** The request is to be served by {@code upstream}, of {@code upstreamEra} ({@code null}: unknown). */
        void serving(String upstream, Era upstreamEra);

        /** The request goes upstream under {@code upstreamName}: a federated route's name, its prefix taken off. */
        default void renamed(String upstreamName) {
        }

        /** The lifecycle for the exchange about to start, under {@code deadlines}; it ends the request. */
        ExchangeLifecycle lifecycle(UpstreamDeadlines deadlines);

        /** An exchange was chosen; the host keeps it (for cancellation and writability) and starts it. */
        void started(ClientExchange exchange);

        /** The request is over without an exchange, or its exchange has ended. */
        void done();

        /**
         * Whether the request comes from a client that mirrors no {@code Mcp-Param-*} headers (a legacy client behind
         * the front), so that the gateway writes them for a modern upstream, which requires them.
         */
        default boolean writesParamHeaders() {
            return false;
        }
    }

    private final GatewayContext context;
    /** Whether lists a policy may cut are read whole and cut; never for the internal endpoint's own legs. */
    private final boolean cutsLists;

    Dispatcher(GatewayContext context) {
        this(context, true);
    }

    private Dispatcher(GatewayContext context, boolean cutsLists) {
        this.context = context;
        this.cutsLists = cutsLists;
    }

    /**
     * A dispatcher for the internal endpoint: its requests are legs the gateway sends itself (a fan-out, a list read
     * whole to be cut), so their answers pass as they are and the caller cuts them.
     */
    static Dispatcher forInternalLegs(GatewayContext context) {
        return new Dispatcher(context, false);
    }

    /**
     * The policy that cuts list answers, or null: authentication off, or a leg of the internal endpoint (whose
     * principal is lent by id only; the fan-out cuts the merged list with the client's own).
     */
    private Policies listPolicies() {
        return cutsLists ? context.identity().admission().policies() : null;
    }

    /** The context this dispatcher decides over. */
    GatewayContext context() {
        return context;
    }

    /** A request that passed the modern ladder on {@code route}. */
    void dispatch(ChannelHandlerContext ctx, ForwardedRequest forwarded, Route route, Host host) {
        ValidatedRequest request = forwarded.request();
        Catalogue catalogue = context.federation().catalogue(route.path());
        Destination destination = Routing.decide(route, keyOf(request), catalogue);
        if (destination instanceof Destination.NeedsCatalogue) {
            RoutingKey key = keyOf(request);
            Context traceContext = Context.current();
            context.federation().fetchCatalogue(context.pools().forLoop(ctx.channel().eventLoop()), route,
                    key.kind(), forwarded)
                    .whenComplete((fetched, failure) -> ctx.executor().execute(traceContext.wrap(() -> go(ctx,
                            forwarded, route, Routing.decide(route, key, fetched == null ? Catalogue.EMPTY : fetched),
                            host))));
            return;
        }
        go(ctx, forwarded, route, destination, host);
    }

    private void go(ChannelHandlerContext ctx, ForwardedRequest forwarded, Route route, Destination destination,
            Host host) {
        if (!ctx.channel().isActive()) {
            host.done();
            return;
        }
        ValidatedRequest request = forwarded.request();
        if (destination instanceof Destination.One one) {
            ForwardedRequest sent = one.upstreamName() == null ? forwarded : new ForwardedRequest(
                    request.withName(one.upstreamName()), forwarded.passedHeaders(), forwarded.clientAddress(),
                    forwarded.clientHost(), forwarded.keepAlive(), forwarded.clientAcceptsChunked(),
                    forwarded.principal());
            if (one.upstreamName() != null) {
                host.renamed(one.upstreamName());
            }
            serve(ctx, sent, one.upstream(), route.fanOutTimeout(), host);
        } else if (destination instanceof Destination.FanOut
                && Methods.SUBSCRIPTIONS_LISTEN.equals(request.method())) {
            // One listen per upstream, merged; like any listen stream, no deadline once it is open.
            ExchangeLifecycle listening = host.lifecycle(UpstreamDeadlines.NONE);
            host.started(new FederatedListenExchange(ctx, forwarded, route, context.federation(),
                    context.pools().forLoop(ctx.channel().eventLoop()),
                    context.bridge().listens().config().keepAliveInterval(),
                    context.bridge().listens().config().maxResourceSubscriptions(), listening::end));
        } else if (destination instanceof Destination.FanOut) {
            // The fan-out bounds each leg with the route's fanOutTimeout; the lifecycle only ends the request once.
            ExchangeLifecycle fanOut = host.lifecycle(UpstreamDeadlines.NONE);
            host.started(new FanOutExchange(ctx, forwarded, route, context.federation(),
                    context.pools().forLoop(ctx.channel().eventLoop()), fanOut::end)
                    .filteringListsBy(listPolicies()));
        } else if (destination instanceof Destination.Unknown unknown) {
            reject(ctx, RoutingRejections.unknownName(request.id(), route.path(), unknown.kind(), unknown.name()),
                    forwarded.keepAlive(), host);
        } else {
            throw new IllegalStateException("a catalogue was fetched, yet routing asks for one: " + destination);
        }
    }

    /** The {@code Mcp-Param-*} fields of {@code headers}, by lower-case name. */
    private static Map<String, List<String>> paramHeaders(HttpHeaders headers) {
        Map<String, List<String>> params = new HashMap<>();
        String prefix = McpHeaders.PARAM_PREFIX.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, String> header : headers) {
            String name = header.getKey().toLowerCase(Locale.ROOT);
            if (name.startsWith(prefix)) {
                params.computeIfAbsent(name, ignored -> new ArrayList<>()).add(header.getValue());
            }
        }
        return params;
    }

    /**
     * Serves a modern request from one upstream, with the exchange its shape calls for. A {@code tools/call} to an
     * upstream that does not check {@code Mcp-Param-*} itself (any but a modern HTTP server, which must) has them
     * checked first against the tool's declarations: known ones at once; when none are known and the call carries
     * {@code Mcp-Param-*} headers, after fetching the upstream's {@code tools/list} once. A legacy client's
     * {@code tools/call} to a modern HTTP server gets the headers that server requires, written from the same
     * declarations (fetched once when none are known).
     *
     * @param listTimeout how long fetching the upstream's {@code tools/list} for those declarations may take
     */
    void serve(ChannelHandlerContext ctx, ForwardedRequest forwarded, String upstream, Duration listTimeout,
            Host host) {
        Optional<CompletableFuture<UpstreamShapes.Resolved>> shape = UpstreamShapes.of(context, upstream);
        if (shape.isEmpty()) {
            reject(ctx, Rejections.unknownPath(upstream), forwarded.keepAlive(), host);
            return;
        }
        whenDone(ctx, shape.get(), resolved -> {
            boolean modern = resolved.shape() == UpstreamShape.MODERN_HTTP
                    || resolved.shape() == UpstreamShape.DUAL_HTTP;
            boolean checksItself = modern || resolved.shape() == UpstreamShape.UNKNOWN;
            ValidatedRequest request = forwarded.request();
            if (!Methods.TOOLS_CALL.equals(request.method()) || request.name() == null) {
                start(ctx, forwarded, upstream, resolved, host);
            } else if (checksItself) {
                if (modern && host.writesParamHeaders()) {
                    withBindings(ctx, forwarded, upstream, listTimeout, true, bindings ->
                            start(ctx, withParamHeaders(forwarded, bindings), upstream, resolved, host));
                } else {
                    start(ctx, forwarded, upstream, resolved, host);
                }
            } else {
                Map<String, List<String>> params = paramHeaders(forwarded.passedHeaders());
                // No header to check and no declaration known that could require one: nothing to fetch for.
                withBindings(ctx, forwarded, upstream, listTimeout, !params.isEmpty(), bindings ->
                        checkThenStart(ctx, forwarded, upstream, bindings, params, resolved, host));
            }
        });
    }

    /**
     * Runs {@code then} on the loop with the declarations of the call's tool on {@code upstream}: known ones at once;
     * otherwise, when {@code fetch}, after fetching its {@code tools/list}, else with none.
     */
    private void withBindings(ChannelHandlerContext ctx, ForwardedRequest forwarded, String upstream,
            Duration listTimeout, boolean fetch, Consumer<Optional<List<ParamHeaders.Binding>>> then) {
        String tool = forwarded.request().name();
        Optional<Optional<List<ParamHeaders.Binding>>> known = context.federation().knownParamBindings(upstream, tool);
        if (known.isPresent() || !fetch) {
            then.accept(known.orElse(Optional.empty()));
            return;
        }
        Context traceContext = Context.current();
        context.federation().paramBindings(context.pools().forLoop(ctx.channel().eventLoop()), upstream, tool,
                forwarded, listTimeout).whenComplete((bindings, failure) -> ctx.executor().execute(traceContext.wrap(
                        () -> then.accept(bindings == null ? Optional.empty() : bindings))));
    }

    /** {@code forwarded} with the {@code Mcp-Param-*} headers its arguments call for, and no others. */
    private static ForwardedRequest withParamHeaders(ForwardedRequest forwarded,
            Optional<List<ParamHeaders.Binding>> bindings) {
        if (bindings.isEmpty() || bindings.get().isEmpty()) {
            return forwarded;
        }
        ValidatedRequest request = forwarded.request();
        HttpHeaders headers = forwarded.passedHeaders().copy();
        paramHeaders(headers).keySet().forEach(headers::remove);
        ParamHeaders.headersFor(bindings.get(), request.params() == null ? null : request.params().get("arguments"))
                .forEach(headers::set);
        return new ForwardedRequest(request, headers, forwarded.clientAddress(), forwarded.clientHost(),
                forwarded.keepAlive(), forwarded.clientAcceptsChunked(), forwarded.principal());
    }

    private void checkThenStart(ChannelHandlerContext ctx, ForwardedRequest forwarded, String upstream,
            Optional<List<ParamHeaders.Binding>> bindings, Map<String, List<String>> params,
            UpstreamShapes.Resolved resolved, Host host) {
        if (!ctx.channel().isActive()) {
            host.done();
            return;
        }
        ValidatedRequest request = forwarded.request();
        Optional<Rejection> mismatch = bindings.isEmpty() ? Optional.empty() : ParamHeaders.check(request.id(),
                bindings.get(), request.params() == null ? null : request.params().get("arguments"), params);
        if (mismatch.isPresent()) {
            reject(ctx, mismatch.get(), forwarded.keepAlive(), host);
        } else {
            start(ctx, forwarded, upstream, resolved, host);
        }
    }

    /**
     * A legacy-era request on {@code route}: it passes through, unchanged, where the route reaches one upstream only
     * ({@link Routing#legacyPassThroughUpstream}) and {@link Routing#back} says that upstream serves legacy clients
     * itself; it meets the legacy client front everywhere else (federated routes, routes whose rules reach other
     * upstreams, renamed or unknown upstreams: the front's modern requests are dispatched like any).
     */
    void dispatchLegacy(ChannelHandlerContext ctx, Route route, Consumer<UpstreamTarget> passThrough,
            Runnable front) {
        Optional<String> upstream = Routing.legacyPassThroughUpstream(route);
        Optional<CompletableFuture<UpstreamShapes.Resolved>> shape = upstream.flatMap(
                name -> UpstreamShapes.of(context, name));
        if (shape.isEmpty()) {
            front.run();
            return;
        }
        whenDone(ctx, shape.get(), resolved -> {
            Back back = Routing.back(ClientEra.LEGACY, resolved.shapeFor(ClientEra.LEGACY), null);
            if (back == Back.LEGACY_PASS_THROUGH) {
                passThrough.accept(resolved.target());
            } else {
                front.run();
            }
        });
    }

    private void start(ChannelHandlerContext ctx, ForwardedRequest forwarded, String upstream,
            UpstreamShapes.Resolved resolved, Host host) {
        if (!ctx.channel().isActive()) {
            host.done();
            return;
        }
        UpstreamTarget target = resolved.target();
        Back back = Routing.back(ClientEra.MODERN, resolved.shapeFor(ClientEra.MODERN), forwarded.request().method());
        host.serving(upstream, eraOf(resolved, upstream));
        UpstreamDeadlines deadlines = UpstreamDeadlines.of(context.limits());
        switch (back) {
            case MODERN_PASS_THROUGH -> {
                UpstreamChannelPool pool = context.pools().forLoop(ctx.channel().eventLoop());
                Policies policies = listPolicies();
                if (policies != null && policies.mayCut(forwarded.request().method())) {
                    ExchangeLifecycle cut = host.lifecycle(UpstreamDeadlines.NONE);
                    host.started(new CutListExchange(ctx, forwarded, upstream, context.federation(), pool,
                            context.limits().upstreamResponseTimeout(), policies, cut::end));
                    return;
                }
                host.started(new ModernExchange(ctx, forwarded, target, pool,
                        context.limits().upstreamResponseTimeout(), host.lifecycle(deadlines),
                        what -> context.eras().contradicted(target, what)));
            }
            case BRIDGE -> host.started(new BridgeExchange(ctx, forwarded, target,
                    context.pools().forLoop(ctx.channel().eventLoop()), context.bridge(),
                    context.limits().upstreamResponseTimeout(), host.lifecycle(deadlines)));
            case BRIDGE_LISTEN -> {
                // A listen stream is silent while nothing changes, and lasts as long as the client wants it: no
                // deadline applies once it is open (the gateway's keep-alive comments keep the client's side alive).
                ExchangeLifecycle listening = host.lifecycle(UpstreamDeadlines.NONE);
                host.started(new ListenExchange(ctx, forwarded, target,
                        context.pools().forLoop(ctx.channel().eventLoop()), context.bridge(),
                        context.limits().upstreamResponseTimeout(), listening::end));
            }
            // A process's era, or an HTTP+SSE server's transport, is the session source's own business.
            case SESSION -> {
                UpstreamDeadlines stdioDeadlines = StdioExchange.deadlines(deadlines, resolved.session());
                host.started(new StdioExchange(ctx, forwarded, resolved.session(), context.stdio().stamper(),
                        context.stdio().discover(), stdioDeadlines, host.lifecycle(stdioDeadlines))
                        .filteringListsBy(listPolicies()));
            }
            case ERA_UNKNOWN -> {
                Throwable cause = resolved.eraFailure();
                int status = cause instanceof EraProbeException probe ? probe.suggestedHttpStatus() : 502;
                String why = cause instanceof EraProbeException probe ? probe.why() : String.valueOf(cause);
                reject(ctx, Rejections.eraUnknown(forwarded.request().id(), target.name(), why, status),
                        forwarded.keepAlive(), host);
            }
            default -> throw new IllegalStateException(back + " is not an exchange for a modern request");
        }
    }

    /** The era the outcome reports for {@code upstream}: a process's own, else its HTTP shape's. */
    private Era eraOf(UpstreamShapes.Resolved resolved, String upstream) {
        return switch (resolved.shape()) {
            case MODERN_HTTP, DUAL_HTTP -> Era.MODERN;
            case LEGACY_HTTP, LEGACY_SSE -> Era.LEGACY;
            case STDIO -> context.stdio().get(upstream).map(StdioUpstream::era).orElse(null);
            case UNKNOWN -> null;
        };
    }

    private static void reject(ChannelHandlerContext ctx, Rejection rejection,
            boolean keepAlive, Host host) {
        ClientResponses.writeRejection(ctx, rejection, keepAlive);
        host.done();
    }

    /** What routing looks at in a validated request; a completion is routed by its reference. */
    static RoutingKey keyOf(ValidatedRequest request) {
        if (Methods.COMPLETION_COMPLETE.equals(request.method()) && request.params() != null) {
            JsonNode ref = request.params().path("ref");
            String refName = ref.path("name").isTextual() ? ref.path("name").textValue()
                    : ref.path("uri").isTextual() ? ref.path("uri").textValue() : null;
            return RoutingKey.completion(ref.path("type").asText(null), refName);
        }
        return RoutingKey.of(request.method(), request.name());
    }

    private static <T> void whenDone(ChannelHandlerContext ctx, CompletableFuture<T> future, Consumer<T> then) {
        if (future.isDone() && ctx.executor().inEventLoop()) {
            then.accept(future.join());
        } else {
            // The request's trace context (its server span) goes along to the continuation on the event loop.
            Runnable resume = Context.current().wrap(() -> then.accept(future.join()));
            future.whenComplete((value, failure) -> ctx.executor().execute(resume));
        }
    }
}
