package io.eragate.netty.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.frontdoor.ParamHeaders;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.era.EraProbeException;
import io.eragate.core.jsonrpc.JsonRpcCodec;
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
import io.eragate.netty.exchange.ExchangeLifecycle;
import io.eragate.netty.exchange.UpstreamDeadlines;
import io.eragate.netty.federation.FanOutExchange;
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
import java.io.IOException;
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

        /** The lifecycle for the exchange about to start, under {@code deadlines}; it ends the request. */
        ExchangeLifecycle lifecycle(UpstreamDeadlines deadlines);

        /** An exchange was chosen; the host keeps it (for cancellation and writability) and starts it. */
        void started(ClientExchange exchange);

        /** The request is over without an exchange, or its exchange has ended. */
        void done();
    }

    private final GatewayContext context;

    Dispatcher(GatewayContext context) {
        this.context = context;
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
            serve(ctx, sent, one.upstream(), route.fanOutTimeout(), host);
        } else if (destination instanceof Destination.FanOut) {
            // The fan-out bounds each leg with the route's fanOutTimeout; the lifecycle only ends the request once.
            ExchangeLifecycle fanOut = host.lifecycle(UpstreamDeadlines.NONE);
            host.started(new FanOutExchange(ctx, forwarded, route, context.federation(),
                    context.pools().forLoop(ctx.channel().eventLoop()), fanOut::end));
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
     * {@code Mcp-Param-*} headers, after fetching the upstream's {@code tools/list} once.
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
            boolean checksItself = resolved.shape() == UpstreamShape.MODERN_HTTP
                    || resolved.shape() == UpstreamShape.DUAL_HTTP || resolved.shape() == UpstreamShape.UNKNOWN;
            ValidatedRequest request = forwarded.request();
            if (checksItself || !Methods.TOOLS_CALL.equals(request.method()) || request.name() == null) {
                start(ctx, forwarded, upstream, resolved, host);
                return;
            }
            Map<String, List<String>> params = paramHeaders(forwarded.passedHeaders());
            Optional<Optional<List<ParamHeaders.Binding>>> known =
                    context.federation().knownParamBindings(upstream, request.name());
            if (known.isPresent()) {
                checkThenStart(ctx, forwarded, upstream, known.get(), params, resolved, host);
            } else if (!params.isEmpty()) {
                Context traceContext = Context.current();
                context.federation().paramBindings(context.pools().forLoop(ctx.channel().eventLoop()), upstream,
                        request.name(), forwarded, listTimeout).whenComplete((bindings, failure) ->
                        ctx.executor().execute(traceContext.wrap(() -> checkThenStart(ctx, forwarded, upstream,
                                bindings == null ? Optional.empty() : bindings, params, resolved, host))));
            } else {
                // No header to check, and no declaration known that could require one: nothing to fetch for.
                start(ctx, forwarded, upstream, resolved, host);
            }
        });
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
     * A legacy-era request on {@code route}: rules look at its JSON-RPC body's method and name; then it passes
     * through, unchanged, where {@link Routing#back} says so, and meets the legacy client front everywhere else (a
     * federated route, a renamed or unknown upstream included: the front's modern requests are dispatched like any).
     */
    void dispatchLegacy(ChannelHandlerContext ctx, Route route, byte[] body, Consumer<UpstreamTarget> passThrough,
            Runnable front) {
        // Only rules and federation look at the method and name: a plain route needs no second parse of the body.
        RoutingKey key = route.rules().isEmpty() && !route.isFederated() ? RoutingKey.of("", null)
                : legacyKeyOf(body);
        Destination destination = Routing.decide(route, key, context.federation().catalogue(route.path()));
        if (!(destination instanceof Destination.One one) || one.upstreamName() != null) {
            front.run();
            return;
        }
        Optional<CompletableFuture<UpstreamShapes.Resolved>> shape = UpstreamShapes.of(context, one.upstream());
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
                        context.stdio().discover(), stdioDeadlines, host.lifecycle(stdioDeadlines)));
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

    /**
     * What routing looks at in a legacy client's JSON-RPC body: its method and {@code params.name} (or
     * {@code params.uri}); a body that is not one JSON-RPC request has no method routing could match.
     */
    static RoutingKey legacyKeyOf(byte[] body) {
        JsonNode tree;
        try {
            tree = JsonRpcCodec.readTree(body);
        } catch (IOException e) {
            tree = null;
        }
        if (tree == null || !tree.isObject() || !tree.path("method").isTextual()) {
            return RoutingKey.of("", null);
        }
        String method = tree.get("method").textValue();
        String field = Methods.nameField(method);
        JsonNode name = field == null ? null : tree.path("params").get(field);
        return RoutingKey.of(method, name != null && name.isTextual() ? name.textValue() : null);
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
