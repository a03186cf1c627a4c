package io.eragate.netty.legacyrelay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.legacyrelay.SessionSubscriptions;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SessionListenTest {

    private final EmbeddedChannel getStream = new EmbeddedChannel(new ChannelInboundHandlerAdapter());
    private final ChannelHandlerContext client = getStream.pipeline().firstContext();
    private final List<Sent> sent = new ArrayList<>();
    private final SessionListen listen = new SessionListen(new SessionSubscriptions(10),
            filter -> {
                ObjectNode params = JsonNodeFactory.instance.objectNode();
                params.set("notifications", filter);
                return new JsonRpcRequest(JsonRpcId.of("eragate-listen"), "subscriptions/listen", params);
            },
            (request, listener) -> {
                Sent call = new Sent(request, listener);
                sent.add(call);
                return call;
            }, new SharedListens(), TimeUnit.HOURS.toNanos(1));

    @AfterEach
    void releaseWhatWasWritten() {
        getStream.finishAndReleaseAll();
    }

    @Test
    void theGetStreamOpensOneListenForEveryListChange() {
        listen.open(client, true);

        assertThat(sent).hasSize(1);
        assertThat(sent.get(0).request.params().get("notifications").toString()).isEqualTo("{\"toolsListChanged\""
                + ":true,\"promptsListChanged\":true,\"resourcesListChanged\":true}");
    }

    @Test
    void aSubscriptionReplacesTheListenAndIsAnsweredOnceTheNewOneIsAcknowledged() throws Exception {
        listen.open(client, true);
        AtomicInteger answered = new AtomicInteger();

        listen.subscribe("test://a", answered::incrementAndGet);

        assertThat(sent).hasSize(2);
        assertThat(sent.get(0).aborted).as("one listen per session").isTrue();
        assertThat(sent.get(1).request.params().at("/notifications/resourceSubscriptions").toString())
                .isEqualTo("[\"test://a\"]");
        assertThat(answered).hasValue(0);
        acknowledge(sent.get(1));
        assertThat(answered).hasValue(1);
    }

    @Test
    void theReplacedListensLateAcknowledgementDoesNotAnswerTheSubscription() throws Exception {
        listen.open(client, true);
        AtomicInteger answered = new AtomicInteger();
        listen.subscribe("test://a", answered::incrementAndGet);

        // The first listen's acknowledgement was already on its way when the subscription replaced it: the new
        // listen, which carries the URI, is not acknowledged yet, so an update published now would be lost.
        acknowledge(sent.get(0));
        sent.get(0).listener.onMessage(json("{\"jsonrpc\":\"2.0\",\"method\":"
                + "\"notifications/tools/list_changed\"}"));

        assertThat(answered).hasValue(0);
        assertThat(written()).as("nothing of the replaced listen reaches the client").doesNotContain("list_changed");
        acknowledge(sent.get(1));
        assertThat(answered).hasValue(1);
    }

    @Test
    void anUpdateReachesTheGetStreamWithoutTheSubscriptionId() throws Exception {
        listen.open(client, true);
        listen.subscribe("test://a", () -> { });

        sent.get(1).listener.onMessage(json("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\","
                + "\"params\":{\"uri\":\"test://a\",\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":1}}}"));

        String written = written();
        assertThat(written).contains("event: message", "\"method\":\"notifications/resources/updated\"",
                "\"uri\":\"test://a\"").doesNotContain("subscriptionId");
    }

    @Test
    void theSessionsEndClosesTheListenAndEndsTheStream() {
        listen.open(client, true);

        listen.end();
        getStream.runPendingTasks();

        assertThat(sent.get(0).aborted).isTrue();
        Object last = null;
        for (Object message; (message = getStream.readOutbound()) != null; last = message) {
            if (last != null) {
                ReferenceCountUtil.release(last);
            }
        }
        assertThat(last).isInstanceOf(LastHttpContent.class);
        ReferenceCountUtil.release(last);
    }

    @Test
    void closingTheGetStreamClosesTheListen() {
        listen.open(client, true);

        getStream.close();
        getStream.runPendingTasks();

        assertThat(sent.get(0).aborted).isTrue();
    }

    @Test
    void withoutAGetStreamASubscriptionIsAnsweredAtOnceAndNoListenOpens() throws Exception {
        AtomicInteger answered = new AtomicInteger();

        listen.subscribe("test://a", answered::incrementAndGet);

        assertThat(answered).hasValue(1);
        assertThat(sent).isEmpty();
        listen.open(client, true);
        assertThat(sent.get(0).request.params().at("/notifications/resourceSubscriptions").toString())
                .as("the next GET stream's listen carries it").isEqualTo("[\"test://a\"]");
    }

    private String written() {
        StringBuilder text = new StringBuilder();
        for (Object message; (message = getStream.readOutbound()) != null; ) {
            if (message instanceof HttpContent content) {
                ByteBuf bytes = content.content();
                text.append(bytes.toString(StandardCharsets.UTF_8));
            }
            ReferenceCountUtil.release(message);
        }
        return text.toString();
    }

    /** The upstream acknowledges {@code listen}. */
    private static void acknowledge(Sent listen) throws IOException {
        listen.listener.onMessage(json("{\"jsonrpc\":\"2.0\",\"method\":"
                + "\"notifications/subscriptions/acknowledged\",\"params\":{\"notifications\":{}}}"));
    }

    private static JsonNode json(String text) throws IOException {
        return JsonRpcCodec.readTree(text);
    }

    /** One listen the session sent. */
    private static final class Sent implements OpenCall {
        final JsonRpcRequest request;
        final MessageStreamCall.Listener listener;
        boolean aborted;

        Sent(JsonRpcRequest request, MessageStreamCall.Listener listener) {
            this.request = request;
            this.listener = listener;
        }

        @Override
        public void abort() {
            aborted = true;
        }
    }
}
