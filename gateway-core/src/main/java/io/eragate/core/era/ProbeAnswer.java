package io.eragate.core.era;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * What an upstream answered to the era probe (a {@code server/discover} POST), or how asking it failed.
 *
 * @param httpStatus the response status, or {@code -1} when no response arrived
 * @param contentType the response {@code Content-Type} as sent, or {@code null}
 * @param body the response body as received (the caller bounds its size), or {@code null}
 * @param failure why no response arrived, or {@code null} when one did
 */
public record ProbeAnswer(int httpStatus, String contentType, byte[] body, Failure failure) {

    /** Status value meaning "no HTTP answer". */
    public static final int NO_ANSWER = -1;

    /** Why a probe got no HTTP answer. */
    public enum Failure {
        /** The TCP or TLS connection could not be made. */
        CONNECT_FAILED,
        /** No complete answer within the probe timeout. */
        TIMEOUT,
        /** The connection closed or was reset before a complete answer. */
        RESET
    }

    public ProbeAnswer {
        if (failure == null && (httpStatus < 100 || httpStatus > 599)) {
            throw new IllegalArgumentException("an HTTP answer has a status in 100..599, not " + httpStatus);
        }
        if (failure != null && httpStatus != NO_ANSWER) {
            throw new IllegalArgumentException("a failed probe has no status, yet got " + httpStatus);
        }
    }

    /** An HTTP answer. */
    public static ProbeAnswer http(int status, String contentType, byte[] body) {
        return new ProbeAnswer(status, contentType, body, null);
    }

    /** An HTTP answer with a UTF-8 text body. */
    public static ProbeAnswer http(int status, String contentType, String body) {
        return http(status, contentType, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
    }

    /** No answer, for the given reason. */
    public static ProbeAnswer failed(Failure failure) {
        return new ProbeAnswer(NO_ANSWER, null, null, Objects.requireNonNull(failure, "failure"));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ProbeAnswer that
                && httpStatus == that.httpStatus
                && Objects.equals(contentType, that.contentType)
                && Arrays.equals(body, that.body)
                && failure == that.failure;
    }

    @Override
    public int hashCode() {
        return Objects.hash(httpStatus, contentType, Arrays.hashCode(body), failure);
    }

    @Override
    public String toString() {
        return failure != null
                ? "ProbeAnswer[" + failure + "]"
                : "ProbeAnswer[" + httpStatus + ", " + contentType + ", "
                        + (body == null ? "no body" : body.length + " bytes") + "]";
    }
}
