package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.exchange.ExchangeOutcome;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectionLimitHandlerTest {

    @Test
    void connectionsBeyondTheLimitAreAnswered503AndClosedAndClosingFreesASlot() {
        ConnectionLimitHandler limit = new ConnectionLimitHandler(2, Duration.ofSeconds(5));
        EmbeddedChannel first = new EmbeddedChannel(limit);
        EmbeddedChannel second = new EmbeddedChannel(limit);
        EmbeddedChannel third = new EmbeddedChannel(limit);

        assertThat(first.isOpen()).isTrue();
        assertThat(second.isOpen()).isTrue();
        ByteBuf answer = third.readOutbound();
        String refusal = answer.toString(StandardCharsets.US_ASCII);
        answer.release();
        assertThat(refusal).startsWith("HTTP/1.1 503 Service Unavailable\r\n")
                .contains("Content-Type: application/json\r\n", "Retry-After: 1\r\n", "Connection: close\r\n")
                .endsWith("\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32603,\"message\":"
                        + "\"Service unavailable: the gateway already serves 2 connections (limits.maxConnections)\","
                        + "\"data\":{\"maxConnections\":2}}}");
        assertThat(third.isOpen()).as("an embedded channel cannot half-close, so it closes").isFalse();
        assertThat(limit.openConnections()).isEqualTo(2);

        first.close();
        EmbeddedChannel fourth = new EmbeddedChannel(limit);
        assertThat(fourth.isOpen()).as("a closed connection frees its slot").isTrue();
        assertThat((Object) fourth.readOutbound()).isNull();

        second.finishAndReleaseAll();
        fourth.finishAndReleaseAll();
        assertThat(limit.openConnections()).isZero();
    }

    @Test
    void aRefusedConnectionIsReportedAsOneRejectedRequest() {
        List<ExchangeOutcome> reported = new ArrayList<>();
        ConnectionLimitHandler limit = new ConnectionLimitHandler(1, Duration.ofSeconds(5), reported::add);
        EmbeddedChannel first = new EmbeddedChannel(limit);
        EmbeddedChannel refused = new EmbeddedChannel(limit);

        assertThat(reported).singleElement().satisfies(outcome -> {
            assertThat(outcome.httpStatus()).isEqualTo(503);
            assertThat(outcome.jsonRpcErrorCode()).isEqualTo(-32603);
            assertThat(outcome.errorType()).isEqualTo("rejected");
        });
        first.finishAndReleaseAll();
        refused.finishAndReleaseAll();
    }
}
