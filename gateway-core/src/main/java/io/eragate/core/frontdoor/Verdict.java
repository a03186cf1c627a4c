package io.eragate.core.frontdoor;

import java.util.Objects;

/** The front door's answer for one request: go on with a validated request, or refuse it. */
public sealed interface Verdict {

    /**
     * The request passed every rung. For a notification the HTTP layer answers 202 with no body.
     *
     * @param request what was validated
     */
    record Accepted(ValidatedRequest request) implements Verdict {

        public Accepted {
            Objects.requireNonNull(request, "request");
        }
    }

    /**
     * The request failed a rung; send {@code rejection} and nothing else.
     *
     * @param rejection status, error body and headers
     */
    record Rejected(Rejection rejection) implements Verdict {

        public Rejected {
            Objects.requireNonNull(rejection, "rejection");
        }
    }
}
