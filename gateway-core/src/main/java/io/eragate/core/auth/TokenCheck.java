package io.eragate.core.auth;

import java.util.Objects;

/** The outcome of checking one bearer token against the keys at hand. */
public sealed interface TokenCheck {

    /** The token is valid and names {@code principal}. */
    record Valid(Principal principal) implements TokenCheck {
        public Valid {
            Objects.requireNonNull(principal, "principal");
        }
    }

    /** The token is refused; {@code description} says why without echoing the token. */
    record Refused(TokenRefusal reason, String description) implements TokenCheck {
        public Refused {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(description, "description");
        }
    }

    /** The token names a key id the cached key set lacks: the keys may have rotated, so refresh once and retry. */
    record UnknownKey(String keyId) implements TokenCheck {
    }
}
