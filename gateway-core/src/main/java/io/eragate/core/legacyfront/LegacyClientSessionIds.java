package io.eragate.core.legacyfront;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.security.KeyRing;
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
 *
 * <p>Every request of a session presents its id, so what an id opened to is kept (a bounded cache, by id, route and
 * principal): opening it again (AES-GCM and a JSON parse) was an eighth of the front's CPU. A kept session counts only
 * while the sealer still has the very ring it was opened with: a reload of {@code security.secrets} gives the sealer
 * a new ring, and every id is then opened afresh by that ring, so an id sealed with a key the reload left out stops
 * opening at once. Only ids that opened are kept. The sessions handed out are shared: their JSON nodes are never
 * changed (whoever needs them changed copies them, as {@link CanonicalRequest} does).
 */
public final class LegacyClientSessionIds {

    /** Separates these tokens from every other use of the ring (pass-through ids, {@code requestState}). */
    private static final String PURPOSE = "eragate-legacy-client-session-v1";
    private static final char SEPARATOR = '\n';

    /**
     * How much the cache of opened ids keeps, in characters of the ids: an id is at most
     * {@link StateSealer#MAX_TOKEN_CHARS} and holds the client's capabilities and info, so bounding the characters
     * (not the entries) bounds the heap whatever the clients declare, to a few MiB of small JSON trees. A session id
     * of a common client is a few hundred characters: thousands of sessions stay cached; a miss only costs a fresh
     * open.
     */
    static final long MAX_CACHED_ID_CHARS = 1024 * 1024;

    private final StateSealer sealer;
    private final Cache<Presented, Opened> opened;

    /** Session ids sealed with {@code sealer}'s ring. */
    public LegacyClientSessionIds(StateSealer sealer) {
        this.sealer = Objects.requireNonNull(sealer, "sealer");
        this.opened = Caffeine.newBuilder().maximumWeight(MAX_CACHED_ID_CHARS)
                .weigher((Presented key, Opened value) -> key.id().length())
                .executor(Runnable::run).build();
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
        // The ring is read before opening: an entry is never tagged with a ring newer than the one that opened it.
        KeyRing ring = sealer.keys();
        Presented key = new Presented(presented, route, principal);
        Opened hit = opened.getIfPresent(key);
        if (hit != null && hit.ring() == ring) {
            return Optional.of(hit.session());
        }
        Optional<LegacyClientSession> session = openSealed(presented, route, principal);
        session.ifPresent(value -> opened.put(key, new Opened(ring, value)));
        return session;
    }

    private Optional<LegacyClientSession> openSealed(String presented, String route, String principal) {
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

    /** Ids of sessions opened and kept (for tests). */
    long cachedIds() {
        opened.cleanUp();
        return opened.estimatedSize();
    }

    /** An id as presented: on a route, by a principal. */
    private record Presented(String id, String route, String principal) {
    }

    /** What an id opened to, and the ring that opened it. */
    private record Opened(KeyRing ring, LegacyClientSession session) {
    }

    private static String prefix(String route, String principal) {
        return PURPOSE + SEPARATOR + route + SEPARATOR + principal + SEPARATOR;
    }
}
