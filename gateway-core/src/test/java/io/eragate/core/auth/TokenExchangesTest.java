package io.eragate.core.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eragate.core.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Exchanged tokens per principal: one exchange at a time, cached until shortly before expiry, failures not kept. */
class TokenExchangesTest {
    private static final Instant NOW = Instant.parse("2026-12-03T12:00:00Z");

    private final MutableClock clock = new MutableClock(NOW);
    private final List<String> subjects = new ArrayList<>();
    private final List<CompletableFuture<String>> calls = new ArrayList<>();
    private final TokenExchanges exchanges = new TokenExchanges("tickets", subject -> {
        subjects.add(subject);
        CompletableFuture<String> call = new CompletableFuture<>();
        calls.add(call);
        return call;
    }, clock, 100);

    @Test
    void concurrentRequestsOfOnePrincipalShareOneExchangeAndTheTokenIsCachedUntilShortlyBeforeItExpires() {
        CompletableFuture<String> first = exchanges.tokenFor("as#alice", "alice-token-1");
        CompletableFuture<String> second = exchanges.tokenFor("as#alice", "alice-token-2");
        assertThat(subjects).as("one exchange in flight per principal").containsExactly("alice-token-1");

        calls.get(0).complete(answer("for-tickets-alice", 100));
        assertThat(first.join()).isEqualTo("for-tickets-alice");
        assertThat(second.join()).isEqualTo("for-tickets-alice");

        clock.advance(Duration.ofSeconds(79));
        assertThat(exchanges.tokenFor("as#alice", "alice-token-1").join()).isEqualTo("for-tickets-alice");
        assertThat(subjects).as("cached while fresh").hasSize(1);

        clock.advance(Duration.ofSeconds(1));
        CompletableFuture<String> renewed = exchanges.tokenFor("as#alice", "alice-token-3");
        assertThat(subjects).as("renewed after 80% of its 100 s").containsExactly("alice-token-1", "alice-token-3");
        calls.get(1).complete(answer("for-tickets-alice-2", 100));
        assertThat(renewed.join()).isEqualTo("for-tickets-alice-2");
    }

    @Test
    void twoPrincipalsGetTwoExchangesAndTwoTokens() {
        CompletableFuture<String> alice = exchanges.tokenFor("as#alice", "alice-token");
        CompletableFuture<String> bob = exchanges.tokenFor("as#bob", "bob-token");
        calls.get(0).complete(answer("for-alice", 3600));
        calls.get(1).complete(answer("for-bob", 3600));

        assertThat(subjects).containsExactly("alice-token", "bob-token");
        assertThat(alice.join()).isEqualTo("for-alice");
        assertThat(bob.join()).isEqualTo("for-bob");
        assertThat(exchanges.cached()).isEqualTo(2);
    }

    @Test
    void aFailedExchangeNamesTheUpstreamIsNotCachedAndTheNextRequestTriesAgain() {
        CompletableFuture<String> refused = exchanges.tokenFor("as#alice", "alice-token");
        calls.get(0).completeExceptionally(new IllegalStateException("the token endpoint answered HTTP 400"
                + " (invalid_target)"));

        assertThatThrownBy(refused::join).hasCauseInstanceOf(TokenExchanges.Failed.class)
                .hasMessageContaining("token exchange for upstream tickets failed: the token endpoint answered HTTP"
                        + " 400 (invalid_target)")
                .hasMessageNotContaining("alice-token");
        CompletableFuture<String> again = exchanges.tokenFor("as#alice", "alice-token");
        assertThat(subjects).hasSize(2);
        calls.get(1).complete(answer("for-alice", 60));
        assertThat(again.join()).isEqualTo("for-alice");
    }

    @Test
    void anAnswerThatIsNotABearerAccessTokenIsAFailure() {
        CompletableFuture<String> noToken = exchanges.tokenFor("as#a", "a");
        calls.get(0).complete("{\"token_type\":\"Bearer\"}");
        CompletableFuture<String> wrongType = exchanges.tokenFor("as#b", "b");
        calls.get(1).complete("{\"access_token\":\"x\",\"token_type\":\"N_A\",\"issued_token_type\":"
                + "\"urn:ietf:params:oauth:token-type:id_token\"}");
        CompletableFuture<String> idToken = exchanges.tokenFor("as#c", "c");
        calls.get(2).complete("{\"access_token\":\"x\",\"token_type\":\"Bearer\",\"issued_token_type\":"
                + "\"urn:ietf:params:oauth:token-type:id_token\"}");

        assertThatThrownBy(noToken::join).hasMessageContaining("no access_token");
        assertThatThrownBy(wrongType::join).hasMessageContaining("not a bearer token");
        assertThatThrownBy(idToken::join).hasMessageContaining("not an access token");
        assertThat(exchanges.cached()).isZero();
    }

    @Test
    void withoutTheSubjectsTokenOnlyACachedTokenServes() {
        assertThatThrownBy(() -> exchanges.tokenFor("as#alice", null).join())
                .hasMessageContaining("no valid token of the principal is at hand");
        exchanges.tokenFor("as#alice", "alice-token");
        calls.get(0).complete(answer("for-alice", 3600));

        assertThat(exchanges.tokenFor("as#alice", null).join()).isEqualTo("for-alice");
        assertThat(subjects).hasSize(1);
    }

    @Test
    void subjectTokensAreKeptPerPrincipalUntilTheyExpireAndNotAtAllWhenDisabled() {
        SubjectTokens kept = new SubjectTokens(10, clock);
        Principal alice = new Principal("https://as", "alice", Set.of(), Map.of("exp",
                Date.from(NOW.plusSeconds(60))));
        Principal opaque = new Principal("https://as", "bob", Set.of(), Map.of("exp", NOW.getEpochSecond() + 30));
        kept.remember(alice, "alice-1");
        kept.remember(alice, "alice-2");
        kept.remember(opaque, "bob-1");
        kept.remember(Principal.ANONYMOUS, "nobody");

        assertThat(kept.current("https://as#alice")).contains("alice-2");
        assertThat(kept.current("https://as#bob")).contains("bob-1");
        assertThat(kept.current("anonymous")).isEmpty();
        clock.advance(Duration.ofSeconds(30));
        assertThat(kept.current("https://as#bob")).as("expired").isEmpty();
        assertThat(kept.current("https://as#alice")).contains("alice-2");

        SubjectTokens none = SubjectTokens.none();
        none.remember(alice, "alice-1");
        assertThat(none.current("https://as#alice")).isEmpty();
    }

    private static String answer(String token, long expiresIn) {
        return "{\"access_token\":\"" + token + "\",\"issued_token_type\":\"" + TokenExchanges.ACCESS_TOKEN_TYPE
                + "\",\"token_type\":\"Bearer\",\"expires_in\":" + expiresIn + "}";
    }
}
