package io.eragate.core.mrtr;

import java.util.Objects;

/** The outcome of checking a retry's {@code requestState}: the state it carries, or why it was refused. */
public sealed interface Verification permits Verification.Valid, Verification.Rejected {

    /**
     * The token opened and matches the retry.
     *
     * @param state what the token carries; its {@link RequestState#instanceId()} may still name another instance
     */
    record Valid(RequestState state) implements Verification {

        public Valid {
            Objects.requireNonNull(state, "state");
        }
    }

    /**
     * The retry must be refused with HTTP 400 and -32602.
     *
     * @param reason why, in words fit for the client; it never reveals what the token holds
     */
    record Rejected(String reason) implements Verification {

        public Rejected {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
