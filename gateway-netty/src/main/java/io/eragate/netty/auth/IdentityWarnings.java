package io.eragate.netty.auth;

import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The loud start-up warnings of an exposure the configuration allows but an operator should know about. */
public final class IdentityWarnings {
    private static final Logger log = LoggerFactory.getLogger(IdentityWarnings.class);

    private IdentityWarnings() {
    }

    /** Logs what is risky about {@code config}: no authentication beyond loopback, bearer tokens in clear. */
    public static void log(GatewayConfig config) {
        ListenConfig listen = config.listen();
        if (isLoopback(listen.host())) {
            return;
        }
        if (config.authentication().isEmpty()) {
            log.warn("AUTHENTICATION IS OFF on a listener reachable beyond this machine ({}:{}): anyone who can reach "
                    + "it can use every upstream as the principal 'anonymous'. Configure the auth section (see "
                    + "docs/security.md) or listen on 127.0.0.1.", listen.host(), listen.port());
        } else if (listen.tls() == null) {
            log.warn("auth is on but the listener {}:{} speaks plain HTTP: bearer tokens cross the network in clear "
                    + "unless an ingress terminates TLS in front of it (see docs/security.md)", listen.host(),
                    listen.port());
        }
    }

    /** Whether {@code host} binds loopback only (a name is resolved; a wildcard is not loopback). */
    static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
