package io.eragate.core.route;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Objects;

/** What one upstream of a fan-out gave: a result, or the reason it is left out. */
public sealed interface UpstreamAnswer {

    /** The upstream that answered or failed. */
    String upstream();

    /**
     * A JSON-RPC result.
     *
     * @param upstream the upstream
     * @param result the {@code result} member of its response
     */
    record Answered(String upstream, ObjectNode result) implements UpstreamAnswer {
        public Answered {
            Objects.requireNonNull(upstream, "upstream");
            Objects.requireNonNull(result, "result");
        }
    }

    /**
     * No usable result: the upstream is left out of the merged answer and named in its {@code _meta}.
     *
     * @param upstream the upstream
     * @param reason why, in the words clients see
     */
    record Unavailable(String upstream, Reason reason) implements UpstreamAnswer {
        public Unavailable {
            Objects.requireNonNull(upstream, "upstream");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Why an upstream is missing from a merged answer; never upstream internals. */
    enum Reason {
        /** It could not be reached, or its connection broke. */
        UNREACHABLE,
        /** It did not answer within the route's {@code fanOutTimeout}. */
        TIMEOUT,
        /** It answered with an HTTP or JSON-RPC error. */
        REFUSED;

        /** How the reason is written in {@code _meta}: lower case. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
