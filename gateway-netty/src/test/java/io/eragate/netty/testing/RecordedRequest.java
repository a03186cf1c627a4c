package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * One HTTP request a fixture upstream received, kept for assertions: the HTTP method, the URI, the headers, the body
 * and, when the body is JSON-RPC, its parsed form. It also tells how the exchange ended from the client's side,
 * which is what cancellation tests assert on.
 */
public final class RecordedRequest {
    private final String httpMethod;
    private final String uri;
    private final RecordedHeaders headers;
    private final byte[] body;
    private final JsonNode json;
    private final CompletableFuture<Void> closedByClient = new CompletableFuture<>();
    private final CompletableFuture<Void> cancelledByClient = new CompletableFuture<>();

    RecordedRequest(String httpMethod, String uri, RecordedHeaders headers, byte[] body) {
        this.httpMethod = Objects.requireNonNull(httpMethod, "httpMethod");
        this.uri = Objects.requireNonNull(uri, "uri");
        this.headers = Objects.requireNonNull(headers, "headers");
        this.body = body.clone();
        this.json = JsonRpcWire.parse(this.body);
    }

    /** {@code POST}, {@code GET}, {@code DELETE}, … */
    public String httpMethod() {
        return httpMethod;
    }

    /** The request target as sent, for example {@code /mcp}. */
    public String uri() {
        return uri;
    }

    public RecordedHeaders headers() {
        return headers;
    }

    /** A copy of the body bytes. */
    public byte[] body() {
        return body.clone();
    }

    /** The body decoded as UTF-8. */
    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** The body as a JSON tree, or a missing node when it is empty or not JSON. */
    public JsonNode json() {
        return json;
    }

    /** The JSON-RPC {@code method}, or {@code null} when the body has none. */
    public String rpcMethod() {
        JsonNode method = json.path("method");
        return method.isTextual() ? method.asText() : null;
    }

    /** The JSON-RPC {@code id} node, missing for notifications. */
    public JsonNode rpcId() {
        return json.path("id");
    }

    /** {@code params.name} of a {@code tools/call} or {@code prompts/get}, or {@code null}. */
    public String toolName() {
        JsonNode name = json.path("params").path("name");
        return name.isTextual() ? name.asText() : null;
    }

    /**
     * Completes when the client closed the connection before the fixture finished answering this request (an SSE
     * stream it abandoned, a {@code hang} it gave up on). Never completes for a request that was answered, nor when
     * the fixture itself shuts down.
     */
    public CompletableFuture<Void> closedByClient() {
        return closedByClient;
    }

    /**
     * Completes when a legacy client sent {@code notifications/cancelled} naming this request in the same session
     * while it was still running. Never completes on the modern fixture, where closing the stream is the cancel.
     */
    public CompletableFuture<Void> cancelledByClient() {
        return cancelledByClient;
    }

    @Override
    public String toString() {
        return httpMethod + " " + uri + " " + headers + " " + bodyText();
    }
}
