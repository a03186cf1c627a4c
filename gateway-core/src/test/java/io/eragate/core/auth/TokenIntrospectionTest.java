package io.eragate.core.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TokenIntrospectionTest {
    private static final String ISSUER = "https://as.example.com";
    private static final String RESOURCE = "https://gw.example.com/mcp";
    private static final Instant NOW = Instant.parse("2026-12-03T12:00:00Z");
    private static final long EXP = NOW.plusSeconds(600).getEpochSecond();

    static Stream<Arguments> answers() {
        String aud = "\"aud\":\"" + RESOURCE + "\"";
        return Stream.of(
                Arguments.of("{\"active\":false}", TokenRefusal.INACTIVE),
                Arguments.of("{\"active\":\"true\",\"sub\":\"a\"," + aud + ",\"exp\":" + EXP + "}",
                        TokenRefusal.INACTIVE),
                Arguments.of("{\"active\":true,\"iss\":\"https://other\",\"sub\":\"a\"," + aud + ",\"exp\":" + EXP
                        + "}", TokenRefusal.WRONG_ISSUER),
                Arguments.of("{\"active\":true,\"sub\":\"a\",\"aud\":\"https://other/mcp\",\"exp\":" + EXP + "}",
                        TokenRefusal.WRONG_AUDIENCE),
                Arguments.of("{\"active\":true,\"sub\":\"a\",\"exp\":" + EXP + "}", TokenRefusal.WRONG_AUDIENCE),
                Arguments.of("{\"active\":true,\"sub\":\"a\"," + aud + "}", TokenRefusal.MALFORMED),
                Arguments.of("{\"active\":true,\"sub\":\"a\"," + aud + ",\"exp\":" + (NOW.getEpochSecond() - 31)
                        + "}", TokenRefusal.EXPIRED),
                Arguments.of("{\"active\":true,\"sub\":\"a\"," + aud + ",\"exp\":" + EXP + ",\"nbf\":"
                        + (NOW.getEpochSecond() + 31) + "}", TokenRefusal.NOT_YET_VALID),
                Arguments.of("{\"active\":true," + aud + ",\"exp\":" + EXP + "}", TokenRefusal.MALFORMED));
    }

    @ParameterizedTest
    @MethodSource("answers")
    void everyAnswerThatDoesNotMakeAValidTokenIsRefusedForItsReason(String answer, TokenRefusal reason) {
        TokenIntrospection introspection = new TokenIntrospection(token -> CompletableFuture.completedFuture(answer),
                ISSUER, Duration.ofSeconds(30), new MutableClock(NOW), 10, 4);

        TokenCheck check = introspection.check("opaque", List.of(RESOURCE)).join();

        assertThat(check).isInstanceOf(TokenCheck.Refused.class);
        assertThat(((TokenCheck.Refused) check).reason()).isEqualTo(reason);
    }

    @Test
    void anActiveAnswerNamesThePrincipalAndIsCachedUntilTheTokenExpires() {
        AtomicInteger asked = new AtomicInteger();
        MutableClock clock = new MutableClock(NOW);
        TokenIntrospection introspection = new TokenIntrospection(token -> {
            asked.incrementAndGet();
            return CompletableFuture.completedFuture("{\"active\":true,\"iss\":\"" + ISSUER + "\",\"sub\":\"alice\","
                    + "\"aud\":[\"" + RESOURCE + "\"],\"scope\":\"mcp tools:read\",\"exp\":" + EXP + "}");
        }, ISSUER, Duration.ofSeconds(30), clock, 10, 4);

        TokenCheck first = introspection.check("opaque-1", List.of(RESOURCE)).join();
        TokenCheck second = introspection.check("opaque-1", List.of(RESOURCE)).join();
        TokenCheck elsewhere = introspection.check("opaque-1", List.of("https://gw.example.com/other")).join();

        assertThat(first).isInstanceOf(TokenCheck.Valid.class);
        Principal principal = ((TokenCheck.Valid) first).principal();
        assertThat(principal.id()).isEqualTo(ISSUER + "#alice");
        assertThat(principal.scopes()).containsExactlyInAnyOrder("mcp", "tools:read");
        assertThat(second).isEqualTo(first);
        assertThat(asked).as("one call while the token lives").hasValue(1);
        assertThat(((TokenCheck.Refused) elsewhere).reason()).as("the cache keeps the audience")
                .isEqualTo(TokenRefusal.WRONG_AUDIENCE);

        clock.advance(Duration.ofSeconds(600 + 31));
        TokenCheck expired = introspection.check("opaque-1", List.of(RESOURCE)).join();
        assertThat(asked).as("an expired entry is asked again").hasValue(2);
        assertThat(((TokenCheck.Refused) expired).reason()).isEqualTo(TokenRefusal.EXPIRED);
    }

    @Test
    void onlyTheShapeOfACompactJwtGoesToTheKeys() {
        assertThat(TokenIntrospection.looksLikeJwt("aaa.bbb.ccc")).isTrue();
        assertThat(TokenIntrospection.looksLikeJwt("opaque-token_123")).isFalse();
        assertThat(TokenIntrospection.looksLikeJwt("a.b")).isFalse();
        assertThat(TokenIntrospection.looksLikeJwt("a.b.c.d.e")).isFalse();
    }

    @Test
    void concurrentChecksOfOneTokenShareOneCallAndNewTokensBeyondTheCapAreBusy() {
        Map<String, CompletableFuture<String>> calls = new ConcurrentHashMap<>();
        AtomicInteger asked = new AtomicInteger();
        TokenIntrospection introspection = new TokenIntrospection(token -> {
            asked.incrementAndGet();
            return calls.computeIfAbsent(token, t -> new CompletableFuture<>());
        }, ISSUER, Duration.ofSeconds(30), new MutableClock(NOW), 10, 2);

        CompletableFuture<TokenCheck> first = introspection.check("opaque-a", List.of(RESOURCE));
        CompletableFuture<TokenCheck> again = introspection.check("opaque-a", List.of(RESOURCE));
        CompletableFuture<TokenCheck> other = introspection.check("opaque-b", List.of(RESOURCE));
        CompletableFuture<TokenCheck> third = introspection.check("opaque-c", List.of(RESOURCE));

        assertThat(asked).as("one call per token, and none beyond the cap").hasValue(2);
        assertThat(introspection.inFlight()).isEqualTo(2);
        assertThat(third).isCompletedExceptionally();
        assertThatThrownBy(third::join).hasCauseInstanceOf(TokenIntrospection.Busy.class)
                .hasMessageContaining("auth.introspection.maxInFlight");

        calls.get("opaque-a").complete("{\"active\":true,\"sub\":\"alice\",\"aud\":\"" + RESOURCE
                + "\",\"exp\":" + EXP + "}");
        assertThat(first.join()).isInstanceOf(TokenCheck.Valid.class);
        assertThat(again.join()).isEqualTo(first.join());
        assertThat(introspection.inFlight()).as("a finished call frees its place").isEqualTo(1);

        CompletableFuture<TokenCheck> later = introspection.check("opaque-c", List.of(RESOURCE));
        assertThat(asked).hasValue(3);
        calls.get("opaque-b").completeExceptionally(new IllegalStateException("endpoint down"));
        calls.get("opaque-c").complete("{\"active\":false}");
        assertThat(other).isCompletedExceptionally();
        assertThat(((TokenCheck.Refused) later.join()).reason()).isEqualTo(TokenRefusal.INACTIVE);
        assertThat(introspection.inFlight()).as("a failed call frees its place too").isZero();
    }
}
