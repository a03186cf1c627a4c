package io.eragate.core.route;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The names a federated route shows for its upstreams' tools and prompts, and the way back.
 *
 * <p>With {@link NamingMode#PREFIXED} a name is {@code <upstream>_<name>}. The spec restricts tool names to
 * {@code [A-Za-z0-9_.-]} and 128 characters, and many LLM providers accept only 64; a route caps names at its
 * {@code maxNameLength} (64 by default). A prefixed name longer than the cap is <b>shortened</b>, stably:
 * {@code <upstream>_<head>-<hash>}, where {@code hash} is the first 8 hex digits of the SHA-256 of the upstream's
 * own name and {@code head} is as much of that name as fits. The same tool always gets the same name, on every
 * replica and after every restart; the way back from a shortened name goes through the route's catalogue (the
 * merged list), never by guessing. A name that cannot be shown within the cap at all (the prefix alone is too long)
 * is refused: left out of the list, never truncated into a collision.
 */
public final class ExposedNames {

    /** The shortest cap a route may set: room for a prefix, a separator, a head and the hash. */
    public static final int MIN_NAME_LENGTH = 16;
    /** The spec's limit on a tool name. */
    public static final int MAX_NAME_LENGTH = 128;
    static final char SEPARATOR = '_';
    private static final int HASH_HEX_DIGITS = 8;
    /** The least of the upstream's own name a shortened name keeps, so that it still says what the tool is. */
    private static final int MIN_HEAD = 1;

    private ExposedNames() {
    }

    /**
     * The name clients see for {@code name} of {@code upstream}, or empty when it cannot be shown within
     * {@code maxLength} (the prefix alone leaves no room).
     */
    public static Optional<String> expose(NamingMode mode, String upstream, String name, int maxLength) {
        Objects.requireNonNull(upstream, "upstream");
        Objects.requireNonNull(name, "name");
        if (mode == NamingMode.AS_IS) {
            return name.length() <= maxLength ? Optional.of(name) : Optional.empty();
        }
        String prefixed = upstream + SEPARATOR + name;
        if (prefixed.length() <= maxLength) {
            return Optional.of(prefixed);
        }
        int head = maxLength - upstream.length() - 1 - 1 - HASH_HEX_DIGITS;
        if (head < MIN_HEAD) {
            return Optional.empty();
        }
        return Optional.of(upstream + SEPARATOR + name.substring(0, head) + '-' + hash(name));
    }

    /**
     * Whether {@code exposed} may be a shortened name: only those need the catalogue to be read back. A name shorter
     * than the cap was never shortened.
     */
    public static boolean mayBeShortened(String exposed, int maxLength) {
        return exposed.length() == maxLength;
    }

    /**
     * The owner and the upstream's own name of a prefixed name that was not shortened, read from the prefix alone:
     * the upstream among {@code upstreams} whose {@code <name>_} begins it. Empty when none does. Configuration
     * refuses routes where one upstream's prefix begins another's, so at most one matches.
     */
    public static Optional<Owned> unprefix(List<String> upstreams, String exposed) {
        for (String upstream : upstreams) {
            if (exposed.length() > upstream.length() + 1 && exposed.startsWith(upstream)
                    && exposed.charAt(upstream.length()) == SEPARATOR) {
                return Optional.of(new Owned(upstream, exposed.substring(upstream.length() + 1)));
            }
        }
        return Optional.empty();
    }

    /** Whether {@code a}'s prefix begins {@code b}'s (or is it): their exposed names could collide. */
    public static boolean prefixesOverlap(String a, String b) {
        return (b + SEPARATOR).startsWith(a + SEPARATOR) || (a + SEPARATOR).startsWith(b + SEPARATOR);
    }

    private static String hash(String name) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, HASH_HEX_DIGITS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
