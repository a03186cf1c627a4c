package io.eragate.core.listen;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The translated list results of one pooled legacy session, so that a modern client's {@code tools/list} (and the
 * other lists) is answered without an upstream round trip while the entry is valid.
 *
 * <ul>
 *   <li>An entry is served for {@link ListCacheLimits#ttl()} after it was stored; the gateway sees a
 *       {@code list_changed} only while one of the session's streams is open, so the ttl bounds how stale a list can
 *       get otherwise.</li>
 *   <li>{@link #invalidate} drops, at once, the entries a {@code list_changed} makes stale
 *       ({@link ListCacheInvalidation}). A result whose request was sent before such a notification is not stored
 *       when it arrives after it ({@link Ticket}): it may predate the change.</li>
 *   <li>Bounded by entries and by JSON bytes; the least recently used entry leaves first, and a result larger than
 *       the byte bound is answered but not kept.</li>
 *   <li>The {@code ttlMs} a client is given is never more than what is left of the entry's time here, so that a
 *       client is not told to keep a list longer than the gateway would.</li>
 *   <li>Only {@code complete} results go in; callers never offer errors.</li>
 * </ul>
 * Entries are kept as their JSON bytes, which is what the byte bound counts. Thread-safe.
 */
public final class ListResultCache {

    static final String TTL_MS = "ttlMs";
    private static final String RESULT_TYPE = "resultType";
    private static final String COMPLETE = "complete";

    private final ListCacheLimits limits;
    private final Clock clock;
    private final LinkedHashMap<ListCacheKey, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    /** Bumped for a method each time its entries are invalidated; a ticket from before then cannot store. */
    private final Map<String, Long> generations = new HashMap<>();
    private long bytes;
    private boolean closed;

    /**
     * An empty cache.
     *
     * @param clock the time source of the ttl
     */
    public ListResultCache(ListCacheLimits limits, Clock clock) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The cached result for {@code key}, a fresh copy whose {@code ttlMs} is at most what is left of the entry's
     * time; empty on a miss (an expired entry is dropped).
     */
    public synchronized Optional<ObjectNode> lookup(ListCacheKey key) {
        Objects.requireNonNull(key, "key");
        Entry entry = entries.get(key);
        if (entry == null) {
            return Optional.empty();
        }
        long left = entry.expiresAtMillis() - clock.millis();
        if (left <= 0) {
            remove(key);
            return Optional.empty();
        }
        ObjectNode result = parse(entry.json());
        clampTtl(result, left);
        return Optional.of(result);
    }

    /** Taken when a request for {@code key} goes upstream; {@link #admit} stores its result only with it. */
    public synchronized Ticket ticket(ListCacheKey key) {
        Objects.requireNonNull(key, "key");
        return new Ticket(key, generations.getOrDefault(key.method(), 0L));
    }

    /**
     * The upstream's (stamped) result for a request that missed: stores it unless the cache is off or closed, the
     * result is not {@code complete}, a matching {@code list_changed} came after {@code ticket} was taken, or it is
     * larger than the byte bound. Returns what to answer: a copy whose {@code ttlMs} is at most the cache's ttl.
     */
    public synchronized ObjectNode admit(Ticket ticket, ObjectNode stampedResult) {
        Objects.requireNonNull(ticket, "ticket");
        Objects.requireNonNull(stampedResult, "stampedResult");
        ObjectNode answer = stampedResult.deepCopy();
        if (!limits.enabled()) {
            return answer;
        }
        long ttlMillis = limits.ttl().toMillis();
        clampTtl(answer, ttlMillis);
        if (closed || !COMPLETE.equals(answer.path(RESULT_TYPE).asText(COMPLETE))
                || generations.getOrDefault(ticket.key().method(), 0L) != ticket.generation()) {
            return answer;
        }
        byte[] json = encode(answer);
        if (json.length > limits.maxBytes()) {
            return answer;
        }
        remove(ticket.key());
        entries.put(ticket.key(), new Entry(json, clock.millis() + ttlMillis));
        bytes += json.length;
        evictBeyondBounds();
        return answer;
    }

    /**
     * Drops the entries {@code notificationMethod} makes stale (nothing for a notification other than a
     * {@code list_changed}).
     *
     * @return how many entries were dropped
     */
    public synchronized int invalidate(String notificationMethod) {
        Set<String> methods = ListCacheInvalidation.invalidatedBy(notificationMethod);
        if (methods.isEmpty()) {
            return 0;
        }
        methods.forEach(method -> generations.merge(method, 1L, Long::sum));
        int dropped = 0;
        for (Iterator<Map.Entry<ListCacheKey, Entry>> it = entries.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<ListCacheKey, Entry> entry = it.next();
            if (methods.contains(entry.getKey().method())) {
                bytes -= entry.getValue().json().length;
                it.remove();
                dropped++;
            }
        }
        return dropped;
    }

    /** Drops every entry and refuses later ones: the session has left the pool. */
    public synchronized void close() {
        closed = true;
        entries.clear();
        bytes = 0;
    }

    /** Entries held now, expired ones not yet dropped included. */
    public synchronized int size() {
        return entries.size();
    }

    /** JSON bytes held now. */
    public synchronized long bytes() {
        return bytes;
    }

    private void remove(ListCacheKey key) {
        Entry old = entries.remove(key);
        if (old != null) {
            bytes -= old.json().length;
        }
    }

    private void evictBeyondBounds() {
        Iterator<Map.Entry<ListCacheKey, Entry>> eldest = entries.entrySet().iterator();
        while ((entries.size() > limits.maxEntries() || bytes > limits.maxBytes()) && eldest.hasNext()) {
            bytes -= eldest.next().getValue().json().length;
            eldest.remove();
        }
    }

    /** Lowers {@code ttlMs} to {@code atMostMillis}; a missing or negative one reads as 0 (2026-07-28 caching). */
    private static void clampTtl(ObjectNode result, long atMostMillis) {
        JsonNode current = result.get(TTL_MS);
        long given = current != null && current.canConvertToLong() && current.isIntegralNumber()
                ? Math.max(0, current.asLong()) : 0;
        long ttl = Math.min(given, atMostMillis);
        // The node kind a JSON parser would produce, so answers compare equal to parsed ones.
        result.set(TTL_MS, ttl <= Integer.MAX_VALUE
                ? JsonNodeFactory.instance.numberNode((int) ttl) : JsonNodeFactory.instance.numberNode(ttl));
    }

    private static byte[] encode(ObjectNode result) {
        try {
            return JsonRpcCodec.mapper().writeValueAsBytes(result);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode parse(byte[] json) {
        try {
            return (ObjectNode) JsonRpcCodec.mapper().readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("a cached list result no longer parses", e);
        }
    }

    /**
     * What a request that missed may store: its key, and the generation of its method when it went upstream.
     *
     * @param key the request's key
     * @param generation how often the method's entries had been invalidated then
     */
    public record Ticket(ListCacheKey key, long generation) {
        public Ticket {
            Objects.requireNonNull(key, "key");
        }
    }

    private record Entry(byte[] json, long expiresAtMillis) {
    }
}
