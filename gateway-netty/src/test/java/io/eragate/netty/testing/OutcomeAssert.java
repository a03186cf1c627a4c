package io.eragate.netty.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.core.mcp.Era;
import java.nio.charset.StandardCharsets;

/** Checks on reported outcomes that several exchange kinds share. */
public final class OutcomeAssert {

    private OutcomeAssert() {
    }

    /**
     * {@code outcome} is that of a successful modern {@code tools/call} of {@code tool} on the legacy upstream
     * {@code upstream}, whose client received {@code body}.
     */
    public static void answeredToolCall(ExchangeOutcome outcome, String upstream, String tool, String body) {
        assertThat(outcome.upstream()).isEqualTo(upstream);
        assertThat(outcome.clientEra()).isEqualTo(Era.MODERN);
        assertThat(outcome.upstreamEra()).isEqualTo(Era.LEGACY);
        assertThat(outcome.method()).isEqualTo("tools/call");
        assertThat(outcome.name()).isEqualTo(tool);
        assertThat(outcome.httpStatus()).isEqualTo(200);
        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.principal()).isEqualTo("anonymous");
        assertThat(outcome.bytesOut()).isEqualTo(body.getBytes(StandardCharsets.UTF_8).length);
    }
}
