package io.eragate.core.session;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Decides what to do when a legacy upstream rejects a request sent on a pooled session.
 *
 * <p>A session the upstream has forgotten shows as HTTP 404 (the spec's answer), or as HTTP 400 whose body says so:
 * the TypeScript SDK v1 answers "Bad Request: No valid session ID provided", the Java SDK "Session not found". Either
 * way the upstream refused the request before running it, so it is safe to open a new session and send the request
 * once more, whatever its method. A request is replayed at most once; a request the upstream did start (any 2xx, or
 * a stream that broke) is never replayed here.
 */
public final class ReplayPolicy {

    /** What to do with a rejected request. */
    public enum Decision {
        /** The session is gone and the request did not run: drop the session, open a new one, send it again once. */
        SESSION_EXPIRED_REPLAY_ONCE,
        /** Surface the failure to the client. */
        FAIL
    }

    static final int MAX_INSPECTED_BYTES = 8 * 1024;
    private static final List<String> UNKNOWN_SESSION_PHRASES = List.of(
            "no valid session", "session not found", "unknown session", "invalid session", "session expired",
            "session has expired", "session does not exist");

    private ReplayPolicy() {
    }

    /**
     * Whether the upstream's answer means the session it was sent on no longer exists. Only a request that carried a
     * session id can be told so: without one, a 404 means the endpoint is missing.
     *
     * @param httpStatus the upstream's HTTP status
     * @param body the upstream's body, or {@code null}; only its start is read
     * @param sentSessionId whether the request carried {@code Mcp-Session-Id}
     */
    public static boolean isSessionExpired(int httpStatus, byte[] body, boolean sentSessionId) {
        if (!sentSessionId) {
            return false;
        }
        if (httpStatus == 404) {
            return true;
        }
        return httpStatus == 400 && namesUnknownSession(body);
    }

    /**
     * The decision for an upstream answer.
     *
     * @param alreadyReplayed whether this answer is for the one replay already made
     */
    public static Decision decide(int httpStatus, byte[] body, boolean sentSessionId, boolean alreadyReplayed) {
        if (!alreadyReplayed && isSessionExpired(httpStatus, body, sentSessionId)) {
            return Decision.SESSION_EXPIRED_REPLAY_ONCE;
        }
        return Decision.FAIL;
    }

    private static boolean namesUnknownSession(byte[] body) {
        if (body == null || body.length == 0) {
            return false;
        }
        String text = new String(body, 0, Math.min(body.length, MAX_INSPECTED_BYTES), StandardCharsets.UTF_8)
                .toLowerCase(Locale.ROOT);
        return UNKNOWN_SESSION_PHRASES.stream().anyMatch(text::contains);
    }
}
