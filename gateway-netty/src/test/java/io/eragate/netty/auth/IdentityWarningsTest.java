package io.eragate.netty.auth;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.eragate.core.config.AuthConfig;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.config.RateLimitsConfig;
import io.eragate.core.config.TlsConfig;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The start-up warnings: no authentication beyond loopback, and bearer tokens in clear. */
class IdentityWarningsTest {
    private static final AuthConfig AUTH = AuthConfig.of("https://as.example.com", List.of(), List.of());

    private final Logger logger = (Logger) LoggerFactory.getLogger(IdentityWarnings.class);
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    @BeforeEach
    void capture() {
        appender.start();
        logger.addAppender(appender);
    }

    @AfterEach
    void release() {
        logger.detachAppender(appender);
    }

    @Test
    void noAuthenticationOnAPublicListenerIsALoudWarning() {
        IdentityWarnings.log(GatewayConfig.defaults().withListen(new ListenConfig("0.0.0.0", 8080)));

        assertThat(messages()).singleElement().asString().contains("AUTHENTICATION IS OFF");
    }

    @Test
    void authWithoutTlsOnAPublicListenerWarnsOfTokensInClear() {
        IdentityWarnings.log(GatewayConfig.defaults().withListen(new ListenConfig("0.0.0.0", 8080))
                .withIdentity(AUTH, List.of(), RateLimitsConfig.none()));

        assertThat(messages()).singleElement().asString().contains("plain HTTP");
    }

    @Test
    void loopbackOrAuthWithTlsIsQuiet() {
        IdentityWarnings.log(GatewayConfig.defaults());
        IdentityWarnings.log(GatewayConfig.defaults()
                .withListen(new ListenConfig("0.0.0.0", 8080, 0, TlsConfig.of("c.pem", "k.pem")))
                .withIdentity(AUTH, List.of(), RateLimitsConfig.none()));

        assertThat(messages()).isEmpty();
    }

    private List<String> messages() {
        return appender.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }
}
