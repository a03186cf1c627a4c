package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.eragate.core.auth.Authenticator;
import io.eragate.core.auth.JwksCache;
import io.eragate.core.auth.TokenIntrospection;
import io.eragate.core.auth.TokenValidator;
import io.eragate.core.config.AuthConfig;
import io.eragate.core.frontdoor.FrontDoor;
import io.eragate.core.frontdoor.FrontDoorPolicy;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.core.route.Route;
import io.eragate.core.route.RouteTable;
import io.eragate.core.security.OriginPolicy;
import io.eragate.netty.auth.AuthenticatedRequest;
import io.eragate.netty.auth.Identity;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The authentication step on an embedded channel: what it passes on, in what order, and what it answers itself. */
class AuthenticationHandlerTest {
    private static final String ISSUER = "https://as.example.com";
    private static final String BODY = "{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"tools/list\",\"params\":{}}";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final RSAKey key = generate();

    @Test
    void aRequestWithoutATokenCarriesItsChallengeToTheMcpStep() {
        EmbeddedChannel channel = channel(CompletableFuture.completedFuture(publicKeys()));

        channel.writeInbound(post(null));

        FullHttpRequest passed = channel.readInbound();
        assertThat(AuthenticatedRequest.refusalOf(passed).httpStatus()).isEqualTo(401);
        assertThat(AuthenticatedRequest.refusalOf(passed).headers().get("WWW-Authenticate")).isEqualTo(
                "Bearer resource_metadata=\"http://gw.example.com/.well-known/oauth-protected-resource/mcp\","
                        + " scope=\"mcp\"");
        assertThat(AuthenticatedRequest.refusalOf(passed).id().toString()).contains("42");
        passed.release();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void requestsWaitingForTheFirstKeysAreAuthenticatedInTheirOrder() {
        CompletableFuture<String> keys = new CompletableFuture<>();
        EmbeddedChannel channel = channel(keys);

        channel.writeInbound(post(token("alice")));
        channel.writeInbound(post(token("bob")));
        assertThat((Object) channel.readInbound()).as("nothing passes before the keys are there").isNull();
        keys.complete(publicKeys());
        channel.runPendingTasks();

        FullHttpRequest first = channel.readInbound();
        FullHttpRequest second = channel.readInbound();
        assertThat(AuthenticatedRequest.principalOf(first).subject()).isEqualTo("alice");
        assertThat(AuthenticatedRequest.principalOf(second).subject()).isEqualTo("bob");
        first.release();
        second.release();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void theProtectedResourceMetadataIsAnsweredHereAtTheRoutePathAndTheRoot() throws Exception {
        EmbeddedChannel channel = channel(CompletableFuture.completedFuture(publicKeys()));
        for (String path : List.of("/.well-known/oauth-protected-resource/mcp",
                "/.well-known/oauth-protected-resource")) {
            FullHttpRequest get = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path);
            get.headers().set("Host", "gw.example.com");
            channel.writeInbound(get);

            FullHttpResponse response = channel.readOutbound();
            JsonNode document = JSON.readTree(response.content().toString(StandardCharsets.UTF_8));
            response.release();
            assertThat(response.status().code()).isEqualTo(200);
            assertThat(document.path("resource").asText()).isEqualTo("http://gw.example.com/mcp");
            assertThat(document.path("authorization_servers").get(0).asText()).isEqualTo(ISSUER);
        }
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void anUnroutedPathPassesUntouchedToTheFrontDoorsOwn404() {
        EmbeddedChannel channel = channel(CompletableFuture.completedFuture(publicKeys()));
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/elsewhere");

        channel.writeInbound(request);

        Object passed = channel.readInbound();
        assertThat(passed).isSameAs(request).isNotInstanceOf(AuthenticatedRequest.class);
        request.release();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void behindATrustedIngressTheForwardedSchemeNamesThePublicUrlAndOtherwiseItIsIgnored() throws Exception {
        AuthConfig trusting = AuthConfig.of(ISSUER, List.of(), List.of("mcp")).withTrustForwardedProto(true);
        for (boolean trusted : List.of(true, false)) {
            EmbeddedChannel channel = channel(CompletableFuture.completedFuture(publicKeys()),
                    trusting.withTrustForwardedProto(trusted));
            String scheme = trusted ? "https" : "http";
            FullHttpRequest get = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET,
                    "/.well-known/oauth-protected-resource/mcp");
            get.headers().set("Host", "gw.example.com").set("X-Forwarded-Proto", "https");
            channel.writeInbound(get);
            FullHttpResponse response = channel.readOutbound();
            JsonNode document = JSON.readTree(response.content().toString(StandardCharsets.UTF_8));
            response.release();
            assertThat(document.path("resource").asText()).isEqualTo(scheme + "://gw.example.com/mcp");

            FullHttpRequest post = post(null);
            post.headers().set("Forwarded", "for=192.0.2.7;proto=https");
            channel.writeInbound(post);
            FullHttpRequest passed = channel.readInbound();
            assertThat(AuthenticatedRequest.refusalOf(passed).headers().get("WWW-Authenticate")).startsWith(
                    "Bearer resource_metadata=\"" + scheme
                            + "://gw.example.com/.well-known/oauth-protected-resource/mcp\"");
            passed.release();
            assertThat(channel.finishAndReleaseAll()).isFalse();
        }
    }

    @Test
    void anExpiredAnEarlyAndAForeignIssuersTokenAreEachA401WithTheChallengeAndTheirReason() throws Exception {
        Instant now = Instant.now();
        Map<String, JWTClaimsSet.Builder> tokens = Map.of(
                "expired", claims("alice").expirationTime(Date.from(now.minusSeconds(31))),
                "not-yet-valid", claims("alice").notBeforeTime(Date.from(now.plusSeconds(60))),
                "wrong-issuer", claims("alice").issuer("https://evil.example.com"));
        for (Map.Entry<String, JWTClaimsSet.Builder> token : tokens.entrySet()) {
            EmbeddedChannel channel = channel(CompletableFuture.completedFuture(publicKeys()));

            channel.writeInbound(post(signed(token.getValue())));

            FullHttpRequest passed = channel.readInbound();
            Rejection refusal = AuthenticatedRequest.refusalOf(passed);
            assertThat(refusal.httpStatus()).as(token.getKey()).isEqualTo(401);
            assertThat(refusal.headers().get("WWW-Authenticate")).as(token.getKey()).startsWith(
                    "Bearer resource_metadata=\"http://gw.example.com/.well-known/oauth-protected-resource/mcp\","
                            + " scope=\"mcp\", error=\"invalid_token\"");
            assertThat(refusal.error().code()).isEqualTo(-32600);
            assertThat(refusal.error().data().path("reason").asText()).isEqualTo(token.getKey());
            assertThat(refusal.id().toString()).contains("42");
            passed.release();
            assertThat(channel.finishAndReleaseAll()).isFalse();
        }
    }

    @Test
    void aNewOpaqueTokenBeyondTheIntrospectionCapIsA503WithRetryAfterKeepingTheId() {
        CompletableFuture<String> never = new CompletableFuture<>();
        TokenIntrospection introspection = new TokenIntrospection(token -> never, ISSUER, Duration.ofSeconds(30),
                Clock.systemUTC(), 10, 1);
        JwksCache cache = new JwksCache(() -> CompletableFuture.completedFuture(publicKeys()), Clock.systemUTC(),
                Duration.ofSeconds(30), Duration.ofHours(1));
        Authenticator authenticator = new Authenticator(new TokenValidator(ISSUER, Duration.ofSeconds(30),
                Clock.systemUTC()), cache, introspection);
        EmbeddedChannel waiting = channel(authenticator, AuthConfig.of(ISSUER, List.of(), List.of("mcp")));
        EmbeddedChannel refused = channel(authenticator, AuthConfig.of(ISSUER, List.of(), List.of("mcp")));

        waiting.writeInbound(post("opaque-token-one"));
        refused.writeInbound(post("opaque-token-two"));

        assertThat((Object) waiting.readInbound()).as("the first token's introspection is still running").isNull();
        FullHttpRequest passed = refused.readInbound();
        Rejection refusal = AuthenticatedRequest.refusalOf(passed);
        assertThat(refusal.httpStatus()).isEqualTo(503);
        assertThat(refusal.headers()).containsEntry("Retry-After", "1");
        assertThat(refusal.id().toString()).contains("42");
        assertThat(refusal.error().message()).contains("introspections are already running");
        assertThat(refusal.error().data().path("key").asText()).isEqualTo("auth.introspection.maxInFlight");
        passed.release();
        never.complete("{\"active\":false}");
        waiting.runPendingTasks();
        FullHttpRequest inactive = waiting.readInbound();
        assertThat(AuthenticatedRequest.refusalOf(inactive).httpStatus()).isEqualTo(401);
        inactive.release();
        assertThat(refused.finishAndReleaseAll()).isFalse();
        assertThat(waiting.finishAndReleaseAll()).isFalse();
    }

    private EmbeddedChannel channel(Authenticator authenticator, AuthConfig auth) {
        RouteTable routes = new RouteTable(List.of(new Route("/mcp", "up")));
        FrontDoor frontDoor = new FrontDoor(new FrontDoorPolicy(routes,
                OriginPolicy.of(List.of(), List.of("gw.example.com")), ProtocolVersions.MODERN));
        Identity identity = Identity.withAuthenticator(auth, authenticator, false);
        return new EmbeddedChannel(new AuthenticationHandler(() -> identity, () -> frontDoor));
    }

    private EmbeddedChannel channel(CompletableFuture<String> keys) {
        return channel(keys, AuthConfig.of(ISSUER, List.of(), List.of("mcp")));
    }

    private EmbeddedChannel channel(CompletableFuture<String> keys, AuthConfig auth) {
        JwksCache cache = new JwksCache(() -> keys, Clock.systemUTC(), Duration.ofSeconds(30), Duration.ofHours(1));
        Authenticator authenticator = new Authenticator(new TokenValidator(ISSUER, Duration.ofSeconds(30),
                Clock.systemUTC()), cache);
        return channel(authenticator, auth);
    }

    private static FullHttpRequest post(String token) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/mcp",
                Unpooled.copiedBuffer(BODY, StandardCharsets.UTF_8));
        request.headers().set("Host", "gw.example.com");
        if (token != null) {
            request.headers().set("Authorization", "Bearer " + token);
        }
        return request;
    }

    private String token(String subject) {
        return signed(claims(subject));
    }

    private static JWTClaimsSet.Builder claims(String subject) {
        return new JWTClaimsSet.Builder().issuer(ISSUER).audience("http://gw.example.com/mcp").subject(subject)
                .expirationTime(Date.from(Instant.now().plusSeconds(600)));
    }

    private String signed(JWTClaimsSet.Builder claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
                    claims.build());
            jwt.sign(new RSASSASigner(key));
            return jwt.serialize();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private String publicKeys() {
        return new JWKSet(key.toPublicJWK()).toString();
    }

    private static RSAKey generate() {
        try {
            return new RSAKeyGenerator(2048).keyID("k1").generate();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
