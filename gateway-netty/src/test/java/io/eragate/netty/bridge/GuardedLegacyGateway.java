package io.eragate.netty.bridge;

import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import java.net.URI;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The set-up the identity ITs share: one real authorization server per class ({@link OAuthPeer}) and, per test, the
 * legacy fixture upstream behind a gateway route {@code /legacy} that the test configures; both are closed after each
 * test. Register it as {@code @RegisterExtension final GuardedLegacyGateway guarded = new
 * GuardedLegacyGateway(OAUTH)}.
 */
final class GuardedLegacyGateway implements AfterEachCallback {
    private final OAuthPeer.PerClass oauth;
    private LegacyFixtureUpstream legacy;
    private BridgeGateway gateway;

    GuardedLegacyGateway(OAuthPeer.PerClass oauth) {
        this.oauth = oauth;
    }

    /** Starts the upstream and a gateway with the route {@code /legacy} to it, as {@code configure} adds to it. */
    BridgeGateway start(UnaryOperator<BridgeGateway.Builder> configure) {
        legacy = LegacyFixtureUpstream.start();
        gateway = configure.apply(BridgeGateway.builder().upstream("legacy", legacy.uri(), EraSetting.LEGACY))
                .start();
        return gateway;
    }

    /** The authorization server of the class. */
    OAuthPeer oauth() {
        return oauth.peer();
    }

    /** The running gateway. */
    BridgeGateway gateway() {
        return gateway;
    }

    /** The public URL of the route to the legacy upstream. */
    URI endpoint() {
        return gateway.endpoint("legacy");
    }

    /** The upstream behind the route. */
    LegacyFixtureUpstream upstream() {
        return legacy;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (gateway != null) {
            gateway.close();
            gateway = null;
        }
        if (legacy != null) {
            legacy.close();
            legacy = null;
        }
    }
}
