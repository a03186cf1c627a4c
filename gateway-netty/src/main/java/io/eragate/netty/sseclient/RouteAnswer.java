package io.eragate.netty.sseclient;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.sse.SseEvent;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import io.eragate.netty.federation.InternalEndpoint;
import io.eragate.netty.upstream.UpstreamCall;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The route's answer to one exchange of a 2024-11-05 session, relayed to the client's stream: every {@code message}
 * event of an SSE answer, or a JSON body, as one event each. A request the route answered with no JSON-RPC message
 * of its own (an HTTP error without one, or a failure) gets a JSON-RPC error for its id, so the client never waits
 * for an answer that cannot come.
 *
 * <p>Threading: its calls run on the session's event loop.
 */
final class RouteAnswer implements UpstreamCall.Handler {

    /** The largest event or JSON body relayed; the internal endpoint bounds requests by the same order. */
    private static final int MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

    private enum Kind { MESSAGE, INITIALIZE, STREAM, IGNORED }

    private final SseClientSession session;
    private final JsonNode requestId;
    private final Kind kind;
    private final SseParser parser = new SseParser(MAX_MESSAGE_BYTES, MAX_MESSAGE_BYTES);
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private UpstreamCall call;
    private InternalEndpoint internal;
    private String handle;
    private int status;
    private boolean eventStream;
    private boolean answered;
    private boolean over;

    private RouteAnswer(SseClientSession session, JsonNode requestId, Kind kind) {
        this.session = session;
        this.requestId = requestId;
        this.kind = kind;
    }

    /** The answer to a message POSTed by the client; {@code requestId} is null for anything but a request. */
    RouteAnswer(SseClientSession session, JsonNode requestId, boolean initialize) {
        this(session, requestId, initialize ? Kind.INITIALIZE : Kind.MESSAGE);
    }

    /** The route's own GET stream of the session. */
    static RouteAnswer stream(SseClientSession session) {
        return new RouteAnswer(session, null, Kind.STREAM);
    }

    /** An answer nobody waits for (the DELETE that ends the session). */
    static RouteAnswer ignored(SseClientSession session) {
        return new RouteAnswer(session, null, Kind.IGNORED);
    }

    boolean isStream() {
        return kind == Kind.STREAM;
    }

    boolean isIgnored() {
        return kind == Kind.IGNORED;
    }

    boolean isInitialize() {
        return kind == Kind.INITIALIZE;
    }

    void call(UpstreamCall started) {
        this.call = started;
    }

    /** The principal lent for this exchange, given back if the request never reaches the endpoint. */
    void lent(String lentHandle, InternalEndpoint endpoint) {
        this.handle = lentHandle;
        this.internal = endpoint;
    }

    @Override
    public void onHead(HttpResponse head) {
        status = head.status().code();
        String type = head.headers().get(HttpHeaderNames.CONTENT_TYPE, "").toLowerCase(Locale.ROOT);
        eventStream = type.startsWith("text/event-stream");
        if (kind == Kind.INITIALIZE && status / 100 == 2) {
            session.initialized(head.headers().get(McpHeaders.SESSION_ID));
        }
    }

    @Override
    public void onContent(HttpContent content, boolean last) {
        try {
            if (!over && kind != Kind.IGNORED && content.content().isReadable()) {
                byte[] bytes = ByteBufUtil.getBytes(content.content());
                if (eventStream) {
                    parser.feed(bytes, 0, bytes.length, this::onEvent);
                } else if (body.size() + bytes.length <= MAX_MESSAGE_BYTES) {
                    body.writeBytes(bytes);
                } else {
                    fail("the route's answer is larger than " + MAX_MESSAGE_BYTES + " bytes");
                }
            }
        } catch (SseLimitExceededException e) {
            fail("an event of the route's answer is too large");
        } finally {
            content.release();
        }
        if (last) {
            finish();
        }
    }

    @Override
    public void onFailure(Throwable cause, boolean beforeHead) {
        if (beforeHead && internal != null) {
            internal.giveBack(handle);
        }
        if (!over) {
            answerWithError("the route could not be reached through the gateway");
            end();
        }
    }

    private void onEvent(SseEvent event) {
        if (event.isMessage() && !event.data().isEmpty()) {
            relay(event.data());
        }
    }

    private void relay(String json) {
        answered = true;
        if (kind == Kind.INITIALIZE) {
            negotiated(json);
        }
        session.relay(json);
    }

    private void negotiated(String json) {
        try {
            JsonNode version = JsonRpcCodec.readTree(json).path("result").path("protocolVersion");
            if (version.isTextual()) {
                session.negotiated(version.textValue());
            }
        } catch (IOException e) {
            // Not JSON: the client will make of it what it can; no version header follows from it.
        }
    }

    private void finish() {
        if (over) {
            return;
        }
        if (!eventStream && body.size() > 0 && kind != Kind.IGNORED && kind != Kind.STREAM) {
            String json = body.toString(StandardCharsets.UTF_8);
            if (status / 100 == 2 || isJsonRpc(json)) {
                relay(json);
            }
        }
        if (status / 100 != 2) {
            answerWithError("the route answered HTTP " + status);
        }
        boolean lost = status == 404 && kind == Kind.MESSAGE;
        end();
        if (lost) {
            session.sessionLost();
        }
    }

    private void fail(String why) {
        if (call != null) {
            call.abort();
        }
        answerWithError(why);
        end();
    }

    /** A JSON-RPC error for the client's request, unless the route already answered it. */
    private void answerWithError(String why) {
        if (answered || requestId == null || kind == Kind.STREAM || kind == Kind.IGNORED) {
            return;
        }
        ObjectNode error = JsonNodeFactory.instance.objectNode().put("jsonrpc", JsonRpcCodec.VERSION);
        error.set("id", requestId);
        error.putObject("error").put("code", JsonRpcErrorCodes.INTERNAL_ERROR).put("message", why);
        relay(error.toString());
    }

    private void end() {
        if (!over) {
            over = true;
            session.exchangeEnded(this, call);
        }
    }

    private static boolean isJsonRpc(String json) {
        try {
            JsonNode tree = JsonRpcCodec.readTree(json);
            return tree != null && tree.isObject() && tree.has("jsonrpc");
        } catch (IOException e) {
            return false;
        }
    }
}
