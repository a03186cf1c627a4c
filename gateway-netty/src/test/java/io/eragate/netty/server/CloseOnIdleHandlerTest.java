package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CloseOnIdleHandlerTest {

    private static EmbeddedChannel channel() {
        return new EmbeddedChannel(new IdleStateHandler(0, 0, 10, TimeUnit.SECONDS), new CloseOnIdleHandler());
    }

    @Test
    void idleConnectionWithoutExchangeIsClosed() {
        EmbeddedChannel channel = channel();
        channel.advanceTimeBy(11, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void idleConnectionWithAnExchangeInFlightStaysOpen() {
        EmbeddedChannel channel = channel();
        McpRequestHandler.busyFlag(channel).set(true);
        channel.advanceTimeBy(11, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
        assertThat(channel.isOpen()).as("a slow tool call is bounded by upstream timeouts, not idleness").isTrue();
        channel.finishAndReleaseAll();
    }

    @Test
    void connectionIsKeptBeforeTheTimeout() {
        EmbeddedChannel channel = channel();
        channel.advanceTimeBy(9, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
        assertThat(channel.isOpen()).isTrue();
        channel.finishAndReleaseAll();
    }
}
