package io.eragate.core.security;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code Mcp-Session-Id} a legacy client sees for a session passed through to a legacy upstream: the upstream's
 * own id sealed (AES-GCM, the key ring {@code security.secrets}) together with the principal and the upstream it
 * belongs to. Any replica with the same ring opens it, so sessions need no shared store; presented under another
 * principal, for another upstream, or altered in any way, it opens to nothing (the client gets 404, as for an unknown
 * session). The upstream still sees its own id.
 */
public final class SealedSessionIds {

    /** Separates these tokens from every other use of the ring ({@code requestState}). */
    private static final String PURPOSE = "eragate-session-id-v1";
    private static final char SEPARATOR = '\n';

    private final StateSealer sealer;

    /** Session ids sealed with {@code sealer}'s ring. */
    public SealedSessionIds(StateSealer sealer) {
        this.sealer = Objects.requireNonNull(sealer, "sealer");
    }

    /** The id the client gets for the upstream's {@code sessionId}, bound to {@code principal} and {@code upstream}. */
    public String seal(String sessionId, String principal, String upstream) {
        String plaintext = PURPOSE + SEPARATOR + upstream + SEPARATOR + principal + SEPARATOR + sessionId;
        return sealer.seal(plaintext.getBytes(StandardCharsets.UTF_8));
    }

    /** The upstream's id inside {@code presented}, when it was sealed for this principal and upstream. */
    public Optional<String> open(String presented, String principal, String upstream) {
        Optional<byte[]> plaintext = sealer.open(presented);
        if (plaintext.isEmpty()) {
            return Optional.empty();
        }
        String text = new String(plaintext.get(), StandardCharsets.UTF_8);
        String prefix = PURPOSE + SEPARATOR + upstream + SEPARATOR + principal + SEPARATOR;
        return text.startsWith(prefix) ? Optional.of(text.substring(prefix.length())) : Optional.empty();
    }

    /** 404 for a session id that does not open for this principal: the legacy transport's "session not found". */
    public static Rejection unknownSession() {
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("reason", "unknown-session");
        return Rejection.of(404, null, new JsonRpcError(JsonRpcErrorCodes.INVALID_REQUEST,
                "Not found: no session with this Mcp-Session-Id for this principal; start a new session", data));
    }
}
