package io.eragate.core.legacyfront;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.security.StateSealer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code Mcp-Session-Id} of a legacy client's session on the front: the {@link LegacyClientSession} sealed with
 * the {@code security.secrets} key ring (the same {@link StateSealer} that seals pass-through session ids and MRTR
 * {@code requestState}; its keys are derived once at start-up). Any replica with the same ring opens it, also after a
 * restart. Presented on another route, under another principal, sealed by a key outside the ring, or altered in any
 * way, it opens to nothing: the client gets 404, as for an unknown session.
 */
public final class LegacyClientSessionIds {

    /** Separates these tokens from every other use of the ring (pass-through ids, {@code requestState}). */
    private static final String PURPOSE = "eragate-legacy-client-session-v1";
    private static final char SEPARATOR = '\n';

    private final StateSealer sealer;

    /** Session ids sealed with {@code sealer}'s ring. */
    public LegacyClientSessionIds(StateSealer sealer) {
        this.sealer = Objects.requireNonNull(sealer, "sealer");
    }

    /** The id the client gets for {@code session}. */
    public String seal(LegacyClientSession session) {
        ObjectNode fixed = JsonNodeFactory.instance.objectNode();
        fixed.put("v", session.version());
        fixed.set("caps", session.clientCapabilities());
        fixed.set("info", session.clientInfo());
        String plaintext = prefix(session.route(), session.principal()) + fixed;
        return sealer.seal(plaintext.getBytes(StandardCharsets.UTF_8));
    }

    /** The session inside {@code presented}, when it was sealed for this route and principal. Never throws. */
    public Optional<LegacyClientSession> open(String presented, String route, String principal) {
        Optional<byte[]> plaintext = sealer.open(presented);
        if (plaintext.isEmpty()) {
            return Optional.empty();
        }
        String text = new String(plaintext.get(), StandardCharsets.UTF_8);
        String prefix = prefix(route, principal);
        if (!text.startsWith(prefix)) {
            return Optional.empty();
        }
        JsonNode fixed;
        try {
            fixed = JsonRpcCodec.readTree(text.substring(prefix.length()));
        } catch (IOException e) {
            return Optional.empty();
        }
        if (fixed == null || !fixed.path("v").isTextual() || !(fixed.get("caps") instanceof ObjectNode caps)
                || !(fixed.get("info") instanceof ObjectNode info)) {
            return Optional.empty();
        }
        return Optional.of(new LegacyClientSession(fixed.get("v").textValue(), caps, info, route, principal));
    }

    private static String prefix(String route, String principal) {
        return PURPOSE + SEPARATOR + route + SEPARATOR + principal + SEPARATOR;
    }
}
