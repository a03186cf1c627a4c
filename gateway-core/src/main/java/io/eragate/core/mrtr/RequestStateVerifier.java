package io.eragate.core.mrtr;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.security.StateSealer;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Issues {@code requestState} tokens and checks the ones retries bring back: the token must open, must not have
 * expired, and must have been issued to the same principal for the same method and params.
 */
public final class RequestStateVerifier {

    private final StateSealer sealer;

    /** A verifier that seals and opens with {@code sealer}. */
    public RequestStateVerifier(StateSealer sealer) {
        this.sealer = Objects.requireNonNull(sealer, "sealer");
    }

    /** The opaque token to send as {@code requestState}. */
    public String issue(RequestState state) {
        return sealer.seal(RequestStateCodec.encode(state));
    }

    /**
     * Checks a retry's {@code requestState}.
     *
     * @param token the {@code requestState} the retry carries, as received
     * @param principal the retry's authenticated principal
     * @param method the retry's method
     * @param params the retry's params ({@code _meta}, {@code inputResponses} and {@code requestState} are ignored)
     * @param now the current instant
     */
    public Verification verify(String token, String principal, String method, ObjectNode params, Instant now) {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(now, "now");
        Optional<RequestState> opened = sealer.open(token).flatMap(RequestStateCodec::decode);
        if (opened.isEmpty()) {
            return new Verification.Rejected("requestState is not valid: it was altered, truncated, or issued by a "
                    + "gateway with other keys");
        }
        RequestState state = opened.get();
        if (!now.isBefore(state.expiresAt())) {
            return new Verification.Rejected("requestState has expired; send the request again without it");
        }
        if (!state.principal().equals(principal)) {
            return new Verification.Rejected("requestState was issued to another principal");
        }
        if (!state.method().equals(method)) {
            return new Verification.Rejected("requestState was issued for " + state.method() + ", not for "
                    + method);
        }
        if (!state.paramsDigest().equals(ParamsDigest.of(params))) {
            return new Verification.Rejected("requestState was issued for different params; a retry must repeat "
                    + "the original params");
        }
        return new Verification.Valid(state);
    }
}
