package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code limits.requestHeaderTimeout} on an embedded channel whose clock the test moves by hand. */
class RequestHeadTimeoutTest {
    private static final String FULL_REQUEST = "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}";

    private static EmbeddedChannel channel() {
        RequestHeadTimeout timeout = new RequestHeadTimeout(Duration.ofSeconds(10));
        return new EmbeddedChannel(timeout.bytes(), new HttpServerCodec(), timeout.heads());
    }

    private static void send(EmbeddedChannel channel, String text) {
        channel.writeInbound(Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII));
        Object message;
        while ((message = channel.readInbound()) != null) {
            ReferenceCountUtil.release(message);
        }
    }

    private static void after(EmbeddedChannel channel, int seconds) {
        channel.advanceTimeBy(seconds, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
    }

    private static String written(EmbeddedChannel channel) {
        StringBuilder text = new StringBuilder();
        Object out;
        while ((out = channel.readOutbound()) != null) {
            text.append(((ByteBuf) out).toString(StandardCharsets.UTF_8));
            ReferenceCountUtil.release(out);
        }
        return text.toString();
    }

    @Test
    void aConnectionThatSendsNothingIsClosedSilently() {
        EmbeddedChannel channel = channel();

        after(channel, 9);
        assertThat(channel.isOpen()).isTrue();
        after(channel, 2);

        assertThat(channel.isOpen()).isFalse();
        assertThat(written(channel)).as("nothing was asked, so nothing is answered").isEmpty();
    }

    @Test
    void aHeadTrickledPastTheTimeoutIsAnswered408AndClosed() {
        EmbeddedChannel channel = channel();
        for (String piece : new String[] {"PO", "ST /m", "cp HTTP/1.1\r\n", "Host: x\r\n"}) {
            send(channel, piece);
            after(channel, 2);
        }
        send(channel, "X-Slow: 1\r\n");
        after(channel, 1);
        assertThat(channel.isOpen()).as("9 s after the accept").isTrue();
        after(channel, 2);

        String answer = written(channel);
        assertThat(answer).startsWith("HTTP/1.1 408");
        assertThat(answer).containsIgnoringCase("connection: close").contains("application/json")
                .contains("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600")
                .contains("limits.requestHeaderTimeout").contains("\"timeoutMs\":10000");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void aHeadCompleteInTimeIsNotCutLater() {
        EmbeddedChannel channel = channel();
        send(channel, FULL_REQUEST);

        after(channel, 60);

        assertThat(channel.isOpen()).isTrue();
        assertThat(written(channel)).isEmpty();
        channel.finishAndReleaseAll();
    }

    @Test
    void theNextRequestsTimeCountsFromItsFirstByte() {
        EmbeddedChannel channel = channel();
        send(channel, FULL_REQUEST);
        after(channel, 30);
        send(channel, "POST /mcp HTTP/1.1\r\n");
        after(channel, 9);
        assertThat(channel.isOpen()).as("a keep-alive pause does not count against the next head").isTrue();

        after(channel, 2);

        assertThat(written(channel)).startsWith("HTTP/1.1 408");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void aConnectionBusyWithAnExchangeIsNeverCut() {
        EmbeddedChannel channel = channel();
        send(channel, FULL_REQUEST);
        McpRequestHandler.busyFlag(channel).set(true);
        send(channel, "POST /mcp HTTP/1.1\r\n");

        after(channel, 25);
        assertThat(channel.isOpen()).as("the exchange in flight is bounded by the upstream timeouts").isTrue();
        assertThat(written(channel)).isEmpty();

        McpRequestHandler.busyFlag(channel).set(false);
        after(channel, 11);
        assertThat(written(channel)).startsWith("HTTP/1.1 408");
        assertThat(channel.isOpen()).isFalse();
    }
}
