package io.eragate.core.security;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The keys of a {@link StateSealer}: the current key seals, the current and every older key open. Rotation is: add the
 * new secret as current and keep the previous one as older for as long as tokens sealed with it may still be in use
 * (the longest token lifetime), then drop it.
 */
public final class KeyRing {

    private final SealingKey current;
    private final List<SealingKey> all;

    private KeyRing(SealingKey current, List<SealingKey> all) {
        this.current = current;
        this.all = all;
    }

    /**
     * A ring of {@code current} followed by {@code older}, tried in that order.
     *
     * @param current the key that seals
     * @param older keys that still open, newest first
     */
    public static KeyRing of(SealingKey current, List<SealingKey> older) {
        Objects.requireNonNull(current, "current");
        Objects.requireNonNull(older, "older");
        List<SealingKey> all = new ArrayList<>(older.size() + 1);
        all.add(current);
        for (SealingKey key : older) {
            all.add(Objects.requireNonNull(key, "older key"));
        }
        return new KeyRing(current, List.copyOf(all));
    }

    /** A ring of a single key. */
    public static KeyRing of(SealingKey current) {
        return of(current, List.of());
    }

    /**
     * A ring derived from configured secrets (see {@link SealingKey#fromSecret}).
     *
     * @param current the secret that seals
     * @param older secrets whose tokens are still accepted, newest first
     */
    public static KeyRing fromSecrets(byte[] current, List<byte[]> older) {
        Objects.requireNonNull(older, "older");
        List<SealingKey> olderKeys = new ArrayList<>(older.size());
        for (byte[] secret : older) {
            olderKeys.add(SealingKey.fromSecret(secret));
        }
        return of(SealingKey.fromSecret(current), olderKeys);
    }

    /** The key that seals new tokens. */
    public SealingKey current() {
        return current;
    }

    /** Every key whose id is {@code id}, the current one first. */
    List<SealingKey> candidates(byte id) {
        List<SealingKey> matching = new ArrayList<>(1);
        for (SealingKey key : all) {
            if (key.id() == id) {
                matching.add(key);
            }
        }
        return matching;
    }

    @Override
    public String toString() {
        return "KeyRing" + all;
    }
}
