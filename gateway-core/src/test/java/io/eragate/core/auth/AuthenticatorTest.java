package io.eragate.core.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The token-validation table: every refusal reason, each decided by the token alone, and the one valid shape. */
class AuthenticatorTest {
    private static final Instant NOW = Instant.parse("2026-12-03T08:00:00Z");
    private static final TestTokens ISSUER = TestTokens.withKeyId("k1");
    private static final TestTokens IMPOSTOR = TestTokens.withKeyId("k1");
    private static final List<String> AUDIENCES = List.of(TestTokens.AUDIENCE);

    private final MutableClock clock = new MutableClock(NOW);

    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of("no Authorization header", List.of(), TokenRefusal.MISSING),
                Arguments.of("Basic credentials", List.of("Basic YWxpY2U6cHc="), TokenRefusal.MALFORMED),
                Arguments.of("not a JWT", List.of("Bearer not-a-jwt"), TokenRefusal.MALFORMED),
                Arguments.of("two Authorization headers", List.of(bearer(valid()), bearer(valid())),
                        TokenRefusal.MALFORMED),
                Arguments.of("alg none", List.of(bearer(TestTokens.unsigned(NOW))), TokenRefusal.MALFORMED),
                Arguments.of("HS256 keyed with the public key", List.of(bearer(ISSUER.hmacWithPublicKey(NOW))),
                        TokenRefusal.MALFORMED),
                Arguments.of("expired beyond the skew", List.of(bearer(ISSUER.sign(NOW, c -> c
                        .expirationTime(Date.from(NOW.minusSeconds(31)))))), TokenRefusal.EXPIRED),
                Arguments.of("not yet valid beyond the skew", List.of(bearer(ISSUER.sign(NOW, c -> c
                        .notBeforeTime(Date.from(NOW.plusSeconds(31)))))), TokenRefusal.NOT_YET_VALID),
                Arguments.of("signed by another key under the issuer's key id",
                        List.of(bearer(IMPOSTOR.sign(TestTokens.claims(NOW).build()))), TokenRefusal.BAD_SIGNATURE),
                Arguments.of("signed with a key id the issuer does not publish",
                        List.of(bearer(ISSUER.sign(TestTokens.claims(NOW).build(), "k9"))),
                        TokenRefusal.BAD_SIGNATURE),
                Arguments.of("another issuer", List.of(bearer(ISSUER.sign(NOW, c -> c.issuer("https://evil.example")))),
                        TokenRefusal.WRONG_ISSUER),
                Arguments.of("another audience", List.of(bearer(ISSUER.sign(NOW, c -> c
                        .audience("https://other.example.com/mcp")))), TokenRefusal.WRONG_AUDIENCE),
                Arguments.of("no expiry", List.of(bearer(ISSUER.sign(NOW, c -> c.expirationTime(null)))),
                        TokenRefusal.MALFORMED),
                Arguments.of("no subject", List.of(bearer(ISSUER.sign(NOW, c -> c.subject(null)))),
                        TokenRefusal.MALFORMED));
    }

    @ParameterizedTest(name = "{0} -> {2}")
    @MethodSource("refusals")
    void refuses(String what, List<String> authorization, TokenRefusal reason) {
        Authenticator.Outcome outcome = authenticator(fixedKeys()).authenticate(authorization, AUDIENCES).join();

        assertThat(outcome).isInstanceOf(Authenticator.Outcome.Refused.class);
        assertThat(((Authenticator.Outcome.Refused) outcome).reason()).isEqualTo(reason);
    }

    @Test
    void aValidTokenNamesItsPrincipalByIssuerAndSubjectWithItsScopes() {
        Authenticator.Outcome outcome = authenticator(fixedKeys()).authenticate(List.of(bearer(valid())), AUDIENCES)
                .join();

        Principal principal = ((Authenticator.Outcome.Authenticated) outcome).principal();
        assertThat(principal.id()).isEqualTo("https://as.example.com#alice");
        assertThat(principal.scopes()).containsExactlyInAnyOrder("mcp", "tools:read");
    }

    @Test
    void theClockSkewToleratesAnExpiryJustPast() {
        String token = ISSUER.sign(NOW, c -> c.expirationTime(Date.from(NOW.minusSeconds(29))));

        assertThat(authenticator(fixedKeys()).authenticate(List.of(bearer(token)), AUDIENCES).join())
                .isInstanceOf(Authenticator.Outcome.Authenticated.class);
    }

    @Test
    void aRotatedKeyIsFoundByOneRefreshThatConcurrentRequestsShare() {
        TestTokens rotated = TestTokens.withKeyId("k2");
        AtomicInteger fetches = new AtomicInteger();
        List<CompletableFuture<String>> answers = new ArrayList<>();
        JwksCache keys = new JwksCache(() -> {
            fetches.incrementAndGet();
            CompletableFuture<String> answer = new CompletableFuture<>();
            answers.add(answer);
            return answer;
        }, clock, Duration.ofSeconds(30), Duration.ofHours(1));
        keys.refresh();
        answers.get(0).complete(ISSUER.publicSet().toString());
        Authenticator authenticator = authenticator(keys);
        String token = rotated.sign(TestTokens.claims(NOW).build());
        clock.advance(Duration.ofMinutes(1));

        CompletableFuture<Authenticator.Outcome> first = authenticator.authenticate(List.of(bearer(token)), AUDIENCES);
        CompletableFuture<Authenticator.Outcome> second = authenticator.authenticate(List.of(bearer(token)), AUDIENCES);
        assertThat(fetches).as("one refresh for both requests").hasValue(2);
        answers.get(1).complete(rotated.publicSet().toString());

        assertThat(first.join()).isInstanceOf(Authenticator.Outcome.Authenticated.class);
        assertThat(second.join()).isInstanceOf(Authenticator.Outcome.Authenticated.class);
    }

    @Test
    void unknownKeyIdsRefreshAtMostOncePerInterval() {
        AtomicInteger fetches = new AtomicInteger();
        JwksCache keys = new JwksCache(() -> {
            fetches.incrementAndGet();
            return CompletableFuture.completedFuture(ISSUER.publicSet().toString());
        }, clock, Duration.ofSeconds(30), Duration.ofHours(1));
        Authenticator authenticator = authenticator(keys);
        for (int i = 0; i < 10; i++) {
            String token = ISSUER.sign(TestTokens.claims(NOW).build(), "unknown-" + i);
            assertThat(authenticator.authenticate(List.of(bearer(token)), AUDIENCES).join())
                    .isInstanceOf(Authenticator.Outcome.Refused.class);
        }

        assertThat(fetches).as("the first load only; the rest fall within the interval").hasValue(1);
        clock.advance(Duration.ofSeconds(31));
        authenticator.authenticate(List.of(bearer(ISSUER.sign(TestTokens.claims(NOW).build(), "again"))), AUDIENCES)
                .join();
        assertThat(fetches).hasValue(2);
    }

    @Test
    void keysThatCannotBeLoadedMakeTheGatewayUnavailableNotTheTokenInvalid() {
        JwksCache keys = new JwksCache(() -> CompletableFuture.failedFuture(new IllegalStateException("down")),
                clock, Duration.ofSeconds(30), Duration.ofHours(1));

        assertThat(authenticator(keys).authenticate(List.of(bearer(valid())), AUDIENCES).join())
                .isInstanceOf(Authenticator.Outcome.Unavailable.class);
    }

    private Authenticator authenticator(JwksCache keys) {
        return new Authenticator(new TokenValidator(TestTokens.ISSUER, Duration.ofSeconds(30), clock), keys);
    }

    private JwksCache fixedKeys() {
        return new JwksCache(() -> CompletableFuture.completedFuture(ISSUER.publicSet().toString()), clock,
                Duration.ofSeconds(30), Duration.ofHours(1));
    }

    private static String valid() {
        return ISSUER.sign(TestTokens.claims(NOW).build());
    }

    private static String bearer(String token) {
        return "Bearer " + token;
    }
}
