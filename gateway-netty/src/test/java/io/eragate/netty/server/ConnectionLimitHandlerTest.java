package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

class ConnectionLimitHandlerTest {

    @Test
    void connectionsBeyondTheLimitAreClosedAndClosingFreesASlot() {
        ConnectionLimitHandler limit = new ConnectionLimitHandler(2);
        EmbeddedChannel first = new EmbeddedChannel(limit);
        EmbeddedChannel second = new EmbeddedChannel(limit);
        EmbeddedChannel third = new EmbeddedChannel(limit);

        assertThat(first.isOpen()).isTrue();
        assertThat(second.isOpen()).isTrue();
        assertThat(third.isOpen()).as("third connection over a limit of 2").isFalse();
        assertThat(limit.openConnections()).isEqualTo(2);

        first.close();
        EmbeddedChannel fourth = new EmbeddedChannel(limit);
        assertThat(fourth.isOpen()).as("a closed connection frees its slot").isTrue();

        second.finishAndReleaseAll();
        fourth.finishAndReleaseAll();
        assertThat(limit.openConnections()).isZero();
    }
}
