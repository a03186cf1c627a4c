package io.eragate.netty.legacyfront;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.legacyfront.CanonicalRequest;
import io.eragate.core.legacyfront.FrontStep;
import io.eragate.core.legacyfront.LegacyClientSession;
import io.eragate.core.legacyfront.LegacyFrontPlan;
import io.eragate.core.legacyfront.LegacySessionState;
import io.eragate.core.legacyfront.VersionNegotiation;
import io.eragate.core.legacyrelay.SessionSubscriptions;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.mcp.Methods;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.core.security.SealedSessionIds;
import io.eragate.netty.legacyrelay.FrontRelay;
import io.eragate.netty.legacyrelay.InteractiveRelay;
import io.eragate.netty.legacyrelay.RunningRequest;
import io.netty.channel.ChannelHandlerContext;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Serves one HTTP request of a legacy client on a route where {@link io.eragate.core.route.Routing#back} chose the
 * legacy client front: opens its session (404 when the sealed id does not open for this route and principal, or
 * was ended here), answers what the gateway answers itself ({@code ping}, {@code logging/setLevel}, notifications,
 * {@code DELETE}), and turns {@code initialize} (into {@code server/discover}) and every other request into one modern
 * request that the host dispatches like any modern client's, with the {@link LegacyAnswerTranslator} armed for its
 * answer.
 */
public final class LegacyFront {

    /** The connection handler's side: what it does with a request the front has turned modern, or answered. */
    public interface Host {
        /** Serves {@code modern} through admission and the dispatcher, as a modern client's request. */
        void forward(ValidatedRequest modern);

        /** The front answered the request itself (or refused it). */
        void done();

        /** Where the session's upstream listen goes (the route's upstream), or null for nowhere. */
        default InteractiveRelay.Upstream listens() {
            return null;
        }

        /** Where a relayed request's later rounds go (the upstream that served its first), or null for nowhere. */
        default InteractiveRelay.Upstream retries() {
            return null;
        }
    }

    /** What one request brings to the front. */
    public record Request(String httpMethod, String sessionHeader, byte[] body, String route, String principal,
            boolean keepAlive) {
    }

    private final LegacyFrontState state;
    private final Set<String> knownMethods;
    private final InputRequiredSeam inputRequired;
    private final FrontRelay relay;

    /**
     * @param knownMethods the modern request methods the gateway serves (others get -32601 in-band)
     */
    public LegacyFront(LegacyFrontState state, Set<String> knownMethods, InputRequiredSeam inputRequired) {
        this(state, knownMethods, inputRequired, null);
    }

    /**
     * @param relay the relays of input requests, progress and cancellation; null relays nothing ({@code
     *     inputRequired} then answers an {@code input_required})
     */
    public LegacyFront(LegacyFrontState state, Set<String> knownMethods, InputRequiredSeam inputRequired,
            FrontRelay relay) {
        this.state = state;
        this.knownMethods = knownMethods;
        this.inputRequired = inputRequired;
        this.relay = relay;
    }

    /** Serves {@code request}, answering it on {@code ctx} or handing a modern request to {@code host}. */
    public void serve(ChannelHandlerContext ctx, Request request, Host host) {
        FrontStep step = LegacyFrontPlan.plan(request.httpMethod(), request.sessionHeader() != null, request.body());
        if (step instanceof FrontStep.Refuse refuse) {
            reply(ctx, request, refuse.rejection(), host);
            return;
        }
        if (step instanceof FrontStep.Initialize initialize) {
            initialize(ctx, request, initialize.request(), host);
            return;
        }
        if (!step.needsSession()) {
            FrontResponses.accepted(ctx, request.keepAlive());
            host.done();
            return;
        }
        String sessionId = request.sessionHeader();
        Optional<LegacyClientSession> session = state.ids().open(sessionId, request.route(), request.principal());
        if (session.isEmpty() || state.states().ended(sessionId)) {
            reply(ctx, request, SealedSessionIds.unknownSession(), host);
            return;
        }
        if (step instanceof FrontStep.Ping ping) {
            FrontResponses.result(ctx, ping.request().id(), JsonNodeFactory.instance.objectNode(),
                    request.keepAlive());
            host.done();
        } else if (step instanceof FrontStep.SetLevel set) {
            state.states().of(sessionId).logLevel(set.level());
            FrontResponses.result(ctx, set.request().id(), JsonNodeFactory.instance.objectNode(),
                    request.keepAlive());
            host.done();
        } else if (step instanceof FrontStep.Accept accept) {
            if (relay != null && accept.inSession()) {
                relay.fromClient(sessionId, accept.message());
            }
            FrontResponses.accepted(ctx, request.keepAlive());
            host.done();
        } else if (step instanceof FrontStep.End) {
            if (relay != null) {
                relay.sessionEnded(sessionId);
            }
            state.states().of(sessionId).end();
            FrontResponses.empty(ctx, request.keepAlive());
            host.done();
        } else if (step instanceof FrontStep.OpenStream) {
            if (relay == null || host.listens() == null) {
                // Without a relay there is no standalone stream: 405 is the transport's answer for a server that
                // offers none at this endpoint.
                reply(ctx, request, Rejections.methodNotAllowed(request.httpMethod()), host);
                return;
            }
            relay.openStream(ctx, request.keepAlive(), sessionId, listenRequest(session.get()), host.listens());
            host.done();
        } else if (step instanceof FrontStep.Forward forward) {
            forward(ctx, request, session.get(), forward.request(), host);
        }
    }

    private void initialize(ChannelHandlerContext ctx, Request request, JsonRpcRequest initialize, Host host) {
        ObjectNode params = initialize.params() == null ? JsonNodeFactory.instance.objectNode() : initialize.params();
        JsonNode asked = params.get("protocolVersion");
        String version = VersionNegotiation.negotiate(asked != null && asked.isTextual() ? asked.textValue() : null);
        ObjectNode capabilities = params.get("capabilities") instanceof ObjectNode caps ? caps.deepCopy()
                : JsonNodeFactory.instance.objectNode();
        ObjectNode clientInfo = params.get("clientInfo") instanceof ObjectNode info ? info.deepCopy()
                : JsonNodeFactory.instance.objectNode().put("name", "unknown").put("version", "0");
        LegacyClientSession session = new LegacyClientSession(version, capabilities, clientInfo, request.route(),
                request.principal());
        String sessionId = state.ids().seal(session);
        JsonRpcRequest discover = CanonicalRequest.discover(initialize.id(), session);
        LegacyAnswerTranslator.arm(ctx, AnswerTranslation.initialize(initialize.id(), version, sessionId),
                state.maxAnswerBytes());
        host.forward(validated(discover, null));
    }

    private void forward(ChannelHandlerContext ctx, Request request, LegacyClientSession session,
            JsonRpcRequest legacy, Host host) {
        String method = legacy.method();
        // The method first: asking the host where listens go builds that upstream's handle, which only these need.
        if ((Methods.RESOURCES_SUBSCRIBE.equals(method) || Methods.RESOURCES_UNSUBSCRIBE.equals(method))
                && relay != null && host.listens() != null) {
            subscription(ctx, request, session, legacy, host);
            return;
        }
        if (Methods.REMOVED_IN_MODERN.contains(method) || !knownMethods.contains(method)) {
            FrontResponses.message(ctx, JsonRpcCodec.encode(JsonRpcResponse.failure(legacy.id(),
                    Rejections.methodNotFound(legacy.id(), method, null).error())), request.keepAlive());
            host.done();
            return;
        }
        String nameField = Methods.nameField(method);
        String name = null;
        if (nameField != null) {
            JsonNode value = legacy.params() == null ? null : legacy.params().get(nameField);
            if (value == null || !value.isTextual()) {
                Rejection invalid = Rejections.invalidParams(legacy.id(), method + " requires params." + nameField
                        + ", a string");
                FrontResponses.message(ctx, invalid.body(), request.keepAlive());
                host.done();
                return;
            }
            name = value.textValue();
        }
        LegacySessionState sessionState = state.states().find(request.sessionHeader()).orElse(null);
        JsonRpcRequest modern = CanonicalRequest.of(legacy, session,
                sessionState == null ? null : sessionState.logLevel());
        LegacyAnswerTranslator.arm(ctx, AnswerTranslation.of(method, legacy.id(),
                seamFor(ctx, request, session, modern, host)), state.maxAnswerBytes());
        host.forward(validated(modern, name));
    }

    /**
     * {@code resources/subscribe} and {@code resources/unsubscribe}: served by the session's one upstream listen,
     * answered once the listen that serves the change is acknowledged.
     */
    private void subscription(ChannelHandlerContext ctx, Request request, LegacyClientSession session,
            JsonRpcRequest legacy, Host host) {
        Optional<String> uri = SessionSubscriptions.uriOf(legacy.params());
        if (uri.isEmpty()) {
            reply(ctx, request, Rejections.invalidParams(legacy.id(), legacy.method()
                    + " requires params.uri, a non-empty string"), host);
            return;
        }
        Runnable answer = () -> ctx.executor().execute(() -> {
            FrontResponses.result(ctx, legacy.id(), JsonNodeFactory.instance.objectNode(), request.keepAlive());
            host.done();
        });
        if (Methods.RESOURCES_UNSUBSCRIBE.equals(legacy.method())) {
            relay.unsubscribe(request.sessionHeader(), uri.get(), listenRequest(session), host.listens());
            answer.run();
            return;
        }
        try {
            relay.subscribe(request.sessionHeader(), uri.get(), listenRequest(session), host.listens(), answer);
        } catch (SessionSubscriptions.LimitReached e) {
            reply(ctx, request, Rejections.invalidParams(legacy.id(), e.getMessage()), host);
        }
    }

    /** The session's canonical {@code subscriptions/listen} for a {@code notifications} filter. */
    private static Function<ObjectNode, JsonRpcRequest> listenRequest(LegacyClientSession session) {
        return filter -> {
            ObjectNode params = JsonNodeFactory.instance.objectNode();
            params.set("notifications", filter);
            return CanonicalRequest.of(new JsonRpcRequest(JsonRpcId.of("eragate-listen"),
                    Methods.SUBSCRIPTIONS_LISTEN, params), session, null);
        };
    }

    /** The relay's seam for a request that may ask for input, when there is a relay; else the fixed one. */
    private InputRequiredSeam seamFor(ChannelHandlerContext ctx, Request request, LegacyClientSession session,
            JsonRpcRequest modern, Host host) {
        InteractiveRelay.Upstream retries = host.retries();
        if (relay == null || retries == null) {
            return inputRequired;
        }
        RunningRequest running = relay.began(ctx, request.sessionHeader(), modern.id());
        return new RelayingSeam(ctx, request.keepAlive(), modern, session, request.sessionHeader(), relay, running,
                retries);
    }

    private static ValidatedRequest validated(JsonRpcRequest modern, String name) {
        return new ValidatedRequest(modern, JsonRpcCodec.encode(modern), ProtocolVersions.V2026_07_28,
                modern.method(), name, modern.id());
    }

    private static void reply(ChannelHandlerContext ctx, Request request, Rejection rejection, Host host) {
        FrontResponses.rejection(ctx, rejection, request.keepAlive());
        host.done();
    }

    /** The session id a request presents, or null. */
    public static String sessionHeader(io.netty.handler.codec.http.HttpHeaders headers) {
        String value = headers.get(McpHeaders.SESSION_ID);
        return value == null || value.isBlank() ? null : value.trim();
    }
}
