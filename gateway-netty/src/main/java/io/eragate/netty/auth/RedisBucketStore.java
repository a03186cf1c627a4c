package io.eragate.netty.auth;

import io.eragate.core.ratelimit.BucketStore;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Token buckets shared by every replica through Redis ({@code rateLimits.store: redis://host:port}), with Lettuce
 * and one Lua script (atomic per bucket, on the Redis server's clock). When Redis cannot be reached or does not answer
 * within {@link #COMMAND_TIMEOUT}, requests are served (fail open): a limit must not become an outage. Each such
 * request is counted ({@link #failedOpen()}, the metrics hook) and logged at most once per {@link #WARN_EVERY}.
 */
public final class RedisBucketStore implements BucketStore {
    private static final Logger log = LoggerFactory.getLogger(RedisBucketStore.class);
    /** Bounds one bucket operation; a rate limit that waits longer than this helps nobody. */
    static final Duration COMMAND_TIMEOUT = Duration.ofMillis(500);
    private static final Duration WARN_EVERY = Duration.ofSeconds(30);
    private static final String SCRIPT = loadScript();

    private final RedisClient client;
    private final String where;
    private final AtomicLong failedOpen = new AtomicLong();
    private final AtomicLong lastWarnNanos = new AtomicLong(System.nanoTime() - WARN_EVERY.toNanos());
    private volatile CompletableFuture<StatefulRedisConnection<String, String>> connection;

    /** A store on the Redis at {@code url}; connects in the background. */
    public RedisBucketStore(String url) {
        RedisURI uri = RedisURI.create(url);
        this.where = uri.getHost() + ":" + uri.getPort();
        this.client = RedisClient.create(uri);
        client.setOptions(ClientOptions.builder()
                .timeoutOptions(TimeoutOptions.enabled(COMMAND_TIMEOUT))
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .build());
        this.connection = connect(uri);
    }

    private CompletableFuture<StatefulRedisConnection<String, String>> connect(RedisURI uri) {
        return client.connectAsync(StringCodec.UTF8, uri).toCompletableFuture();
    }

    @Override
    public CompletableFuture<Long> take(String key, long capacity, Duration period) {
        CompletableFuture<StatefulRedisConnection<String, String>> current = connection;
        if (current.isCompletedExceptionally()) {
            // Try again in the background; this request is served.
            connection = connect(RedisURI.create("redis://" + where));
            return CompletableFuture.completedFuture(failOpen(current.handle((c, e) -> e).join()));
        }
        return current.thenCompose(redis -> redis.async().<Long>eval(SCRIPT, ScriptOutputType.INTEGER,
                        new String[] {key}, Long.toString(capacity), Long.toString(period.toNanos() / 1000))
                .toCompletableFuture())
                .completeOnTimeout(null, COMMAND_TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS)
                .handle((wait, failure) -> failure != null || wait == null ? failOpen(failure) : wait);
    }

    private long failOpen(Throwable failure) {
        failedOpen.incrementAndGet();
        long now = System.nanoTime();
        long last = lastWarnNanos.get();
        if (now - last >= WARN_EVERY.toNanos() && lastWarnNanos.compareAndSet(last, now)) {
            log.warn("rate limits: Redis at {} is unreachable ({}); serving requests without shared limits "
                    + "(fail open) until it is back", where, failure == null ? "no answer in time" : failure);
        }
        return 0;
    }

    /** Requests served without a shared limit because Redis could not be asked. */
    public long failedOpen() {
        return failedOpen.get();
    }

    @Override
    public void close() {
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }

    private static String loadScript() {
        try (InputStream in = RedisBucketStore.class.getResourceAsStream("token-bucket.lua")) {
            if (in == null) {
                throw new IllegalStateException("token-bucket.lua is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
