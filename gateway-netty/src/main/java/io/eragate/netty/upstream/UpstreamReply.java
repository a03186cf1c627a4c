package io.eragate.netty.upstream;

import java.util.Locale;

/**
 * A complete upstream answer, read into memory: for small exchanges such as {@code initialize}, probes and
 * acknowledgements.
 *
 * @param status the HTTP status
 * @param contentType the {@code Content-Type}, or "" when absent
 * @param sessionId the {@code Mcp-Session-Id} header, or {@code null}
 * @param body the body bytes (at most the limit the call was given)
 */
public record UpstreamReply(int status, String contentType, String sessionId, byte[] body) {

    /** Whether the body is an SSE stream. */
    public boolean isEventStream() {
        return contentType.toLowerCase(Locale.ROOT).startsWith("text/event-stream");
    }
}
