package io.eragate.netty.auth;

import io.eragate.core.auth.Admission;
import io.eragate.core.auth.Authenticator;
import io.eragate.core.auth.ForwardedProto;
import io.eragate.core.auth.IdentityRules;
import io.eragate.core.auth.JwksCache;
import io.eragate.core.auth.Policies;
import io.eragate.core.auth.ProtectedResource;
import io.eragate.core.auth.SubjectTokens;
import io.eragate.core.auth.TokenIntrospection;
import io.eragate.core.auth.TokenValidator;
import io.eragate.core.config.AuthConfig;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.ratelimit.BucketStore;
import io.eragate.core.ratelimit.MemoryBucketStore;
import io.eragate.core.ratelimit.RateLimiter;
import io.eragate.core.security.KeyRing;
import io.eragate.core.security.SealedSessionIds;
import io.eragate.core.security.SecretTemplate;
import io.eragate.core.security.SealingKey;
import io.eragate.core.security.StateSealer;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the server builds once from the identity keys: the authenticator (when {@code auth} is on), the admission of
 * validated requests (policies, rate limits), and the sealer of the key ring {@code security.secrets}.
 */
public final class Identity implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Identity.class);
    /** Bounds each HTTP exchange with the authorization server; keys are fetched rarely and off the event loop. */
    private static final Duration KEY_FETCH_TIMEOUT = Duration.ofSeconds(10);
    private static final String FORWARDED = "Forwarded";
    private static final String X_FORWARDED_PROTO = "X-Forwarded-Proto";

    private final AuthConfig auth;
    private final Authenticator authenticator;
    private final Admission admission;
    private final StateSealer sealer;
    private final SealedSessionIds sessionIds;
    private final BucketStore store;
    private final boolean tls;
    private final Consumer<RateLimiter.Limited> onLimited;
    private final SubjectTokens subjects;

    private Identity(AuthConfig auth, Authenticator authenticator, Admission admission, StateSealer sealer,
            BucketStore store, boolean tls, Consumer<RateLimiter.Limited> onLimited, SubjectTokens subjects) {
        this.auth = auth;
        this.authenticator = authenticator;
        this.admission = admission;
        this.sealer = sealer;
        this.sessionIds = new SealedSessionIds(sealer);
        this.store = store;
        this.tls = tls;
        this.onLimited = onLimited;
        this.subjects = subjects;
    }

    /** No authentication, no limits, a random key: what tests and the demo use unless they say otherwise. */
    public static Identity open() {
        return new Identity(null, null, Admission.OPEN, StateSealer.random(), null, false, limited -> { },
                SubjectTokens.none());
    }

    /**
     * Builds the identity of {@code config}.
     *
     * @param tls whether the MCP listener speaks TLS (public URLs are then {@code https})
     * @param store the bucket store rate limits use ({@link #storeFor} picks it from the configuration)
     * @param onLimited told of every request refused by a rate limit (the metrics hook)
     */
    public static Identity of(GatewayConfig config, boolean tls, BucketStore store,
            Consumer<RateLimiter.Limited> onLimited) {
        return build(config, sealer(config.security().secrets()), authenticator(config), store, tls, onLimited,
                subjectsFor(config, null));
    }

    /**
     * What keeps the principals' validated tokens for {@code config}'s token exchanges: {@code current} (the running
     * one, may be null) while its bound still fits, else a new one; it keeps nothing when no upstream exchanges
     * tokens or {@code auth} is off. The bound is the largest {@code oauth.tokenExchange.maxCachedTokens}.
     */
    public static SubjectTokens subjectsFor(GatewayConfig config, SubjectTokens current) {
        long bound = config.authentication().isEmpty() ? 0 : config.upstreams().stream()
                .filter(upstream -> upstream.oauth() != null && upstream.oauth().tokenExchange() != null)
                .mapToLong(upstream -> upstream.oauth().tokenExchange().maxCachedTokens()).max().orElse(0);
        if (current != null && current.bound() == bound) {
            return current;
        }
        return new SubjectTokens(bound, Clock.systemUTC());
    }

    /**
     * The identity of {@code next}, a reloaded configuration, replacing this one (which ran {@code running}): the
     * key ring stays (the bridge's input rounds hold it); the authenticator and its cached keys stay while
     * {@code auth} is unchanged; the bucket store (and so every bucket's level) stays while {@code rateLimits.store}
     * and {@code maxKeys} are unchanged. The caller {@linkplain #retire(Identity) retires} this identity once the new
     * one is live.
     */
    public Identity reloaded(GatewayConfig running, GatewayConfig next, SubjectTokens nextSubjects) {
        Authenticator keptAuthenticator = Objects.equals(running.authentication(), next.authentication())
                ? authenticator : authenticator(next);
        boolean sameStore = store != null && running.rateLimits().store().equals(next.rateLimits().store())
                && running.rateLimits().maxKeys() == next.rateLimits().maxKeys()
                && (store instanceof RedisBucketStore) == sharesBuckets(next);
        return build(next, sealer, keptAuthenticator, sameStore ? store : null, tls, onLimited, nextSubjects);
    }

    /** Closes what this identity holds and {@code successor} does not (a bucket store that was replaced). */
    public void retire(Identity successor) {
        if (store != null && store != successor.store) {
            store.close();
        }
    }

    private static Identity build(GatewayConfig config, StateSealer sealer, Authenticator authenticator,
            BucketStore keptStore, boolean tls, Consumer<RateLimiter.Limited> onLimited, SubjectTokens subjects) {
        BucketStore store = keptStore != null ? keptStore : storeFor(config);
        RateLimiter limiter = new RateLimiter(IdentityRules.rateLimits(config.rateLimits().rules()), store);
        Optional<AuthConfig> auth = config.authentication();
        if (auth.isEmpty()) {
            return new Identity(null, null, new Admission(null, limiter, onLimited), sealer, store, tls, onLimited,
                    subjects);
        }
        Policies policies = IdentityRules.policies(auth.get(), config.policies(), config.routes());
        return new Identity(auth.get(), authenticator, new Admission(policies, limiter, onLimited), sealer, store,
                tls, onLimited, subjects);
    }

    /** The authenticator of {@code config}'s {@code auth}, its first key load started; null when auth is off. */
    private static Authenticator authenticator(GatewayConfig config) {
        Optional<AuthConfig> auth = config.authentication();
        if (auth.isEmpty()) {
            return null;
        }
        AuthConfig settings = auth.get();
        JwksCache keys = new JwksCache(new HttpJwksFetcher(settings.issuer(), KEY_FETCH_TIMEOUT),
                Clock.systemUTC(), settings.jwksMinRefreshInterval(), settings.jwksMaxAge());
        // The first load starts now, so that the first request rarely waits for it.
        keys.refresh();
        TokenIntrospection opaque = settings.introspection() == null ? null : new TokenIntrospection(
                new HttpIntrospection(settings.introspection(), KEY_FETCH_TIMEOUT), settings.issuer(),
                settings.clockSkew(), Clock.systemUTC(), settings.introspection().maxCachedTokens(),
                settings.introspection().maxInFlight());
        return new Authenticator(new TokenValidator(settings.issuer(), settings.clockSkew(), Clock.systemUTC()),
                keys, opaque);
    }

    /**
     * An identity whose tokens {@code authenticator} judges (for tests and embedding), with no policies beyond
     * {@code auth.scopes} and no rate limits.
     */
    public static Identity withAuthenticator(AuthConfig auth, Authenticator authenticator, boolean tls) {
        return new Identity(auth, authenticator, new Admission(new Policies(auth.scopes(), List.of()),
                new RateLimiter(List.of(), new MemoryBucketStore(1, System::nanoTime)), limited -> { }),
                StateSealer.random(), null, tls, limited -> { }, SubjectTokens.none());
    }

    /** The bucket store of {@code config}: in memory unless {@code rateLimits.store} names Redis. */
    public static BucketStore storeFor(GatewayConfig config) {
        if (sharesBuckets(config)) {
            log.info("rate limits: buckets shared through Redis ({})", config.rateLimits());
            return new RedisBucketStore(config.rateLimits().store());
        }
        return new MemoryBucketStore(config.rateLimits().maxKeys(), System::nanoTime);
    }

    /** Whether {@code config}'s limits keep their buckets in Redis (only when there are rules to keep). */
    private static boolean sharesBuckets(GatewayConfig config) {
        return config.rateLimits().isRedis() && !config.rateLimits().rules().isEmpty();
    }

    private static StateSealer sealer(List<String> secrets) {
        return new StateSealer(keyRing(secrets));
    }

    /**
     * The key ring of {@code security.secrets}: the first secret seals, every one opens; a random key of this process
     * when the list is empty. A reload that changes the list gives the running sealer this ring
     * ({@link StateSealer#useKeys}).
     *
     * @throws IllegalArgumentException naming the entry whose reference cannot be resolved or that is too short
     */
    public static KeyRing keyRing(List<String> secrets) {
        if (secrets.isEmpty()) {
            log.info("security.secrets is empty: requestState and sealed session ids use a random key of this "
                    + "process, so they open only on this instance and only until it restarts");
            return KeyRing.of(SealingKey.random());
        }
        List<byte[]> keys = new ArrayList<>();
        for (int index = 0; index < secrets.size(); index++) {
            keys.add(resolvedSecret(secrets.get(index), index));
        }
        return KeyRing.fromSecrets(keys.get(0), keys.subList(1, keys.size()));
    }

    /**
     * One key-ring secret, with its {@code ${env:...}}/{@code ${file:...}} references resolved (a Kubernetes Secret
     * mounted as files); a failure names the entry and the reference, never a value.
     */
    static byte[] resolvedSecret(String template, int index) {
        String value;
        try {
            value = SecretTemplate.resolve(template, System::getenv, SecretTemplate::readFile);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("security.secrets[" + index + "]: " + e.getMessage(), e);
        }
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        if (bytes.length < SealingKey.MIN_SECRET_BYTES) {
            throw new IllegalArgumentException("security.secrets[" + index + "]: must be at least "
                    + SealingKey.MIN_SECRET_BYTES + " bytes once resolved, got " + bytes.length
                    + " (the value is not shown)");
        }
        return bytes;
    }

    /** Whether requests must carry a valid bearer token. */
    public boolean authenticates() {
        return auth != null;
    }

    /** The resource-server settings; only when {@link #authenticates()}. */
    public AuthConfig auth() {
        return auth;
    }

    /** The authenticator; only when {@link #authenticates()}. */
    public Authenticator authenticator() {
        return authenticator;
    }

    /** Policies and rate limits for validated requests. */
    public Admission admission() {
        return admission;
    }

    /** The sealer of the key ring, for {@code requestState} and sealed session ids. */
    public StateSealer sealer() {
        return sealer;
    }

    /** The principals' validated tokens, kept for the upstreams that exchange them. */
    public SubjectTokens subjects() {
        return subjects;
    }

    /** The sealer of passed-through sessions' ids. */
    public SealedSessionIds sessionIds() {
        return sessionIds;
    }

    /**
     * {@code http(s)://host} as the client reached the gateway: {@code host} from its validated Host header, the
     * scheme {@code https} on a TLS listener, else from trusted forwarding headers ({@link ForwardedProto}).
     */
    public String publicOrigin(HttpHeaders headers) {
        boolean trusted = auth != null && auth.trustForwardedProto();
        String scheme = ForwardedProto.scheme(tls, trusted, headers.getAll(FORWARDED),
                headers.getAll(X_FORWARDED_PROTO));
        return scheme + "://" + headers.get(HttpHeaderNames.HOST, "localhost");
    }

    /** The audiences a token for the route at {@code routePath} may name: the configured ones, or its public URL. */
    public List<String> audiences(String origin, String routePath) {
        return auth.audience().isEmpty() ? List.of(origin + routePath) : auth.audience();
    }

    /** The URL of the route's protected resource metadata, on the public {@code origin}. */
    public String resourceMetadataUrl(String origin, String routePath) {
        return ProtectedResource.metadataUrl(origin, routePath);
    }

    /** The route's protected resource metadata document. */
    public byte[] resourceMetadata(String origin, String routePath) {
        String resource = auth.audience().isEmpty() ? origin + routePath : auth.audience().get(0);
        return ProtectedResource.document(resource, auth.issuer(), scopesOf(routePath));
    }

    /** The scopes every request on the route at {@code routePath} needs: {@code auth.scopes} and the route's own. */
    public List<String> scopesOf(String routePath) {
        Policies policies = admission.policies();
        return policies == null ? auth.scopes() : policies.scopesOf(routePath);
    }

    @Override
    public void close() {
        if (store != null) {
            store.close();
        }
    }
}
