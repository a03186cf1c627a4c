package io.eragate.netty.legacyrelay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SharedListensTest {

    private final SharedListens shared = new SharedListens();
    private final List<Call> calls = new ArrayList<>();

    @Test
    void identicalListensOfOneIdentityShareOneCallAndEachSessionGetsEveryMessage() {
        Heard first = new Heard();
        Heard second = new Heard();
        OpenCall one = shared.send(upstream("alice"), listen(true), first);
        OpenCall two = shared.send(upstream("alice"), listen(true), second);

        assertThat(calls).hasSize(1);
        calls.get(0).listener.onMessage(notification("notifications/tools/list_changed"));
        assertThat(first.methods).containsExactly("notifications/tools/list_changed");
        assertThat(second.methods).containsExactly("notifications/tools/list_changed");

        one.abort();
        assertThat(calls.get(0).aborted).as("another session still listens").isFalse();
        two.abort();
        assertThat(calls.get(0).aborted).as("the last session left").isTrue();
        assertThat(shared.openListens()).isZero();
    }

    @Test
    void aSessionJoiningAnAcknowledgedListenIsAcknowledgedAtOnce() {
        shared.send(upstream("alice"), listen(true), new Heard());
        calls.get(0).listener.onMessage(notification("notifications/subscriptions/acknowledged"));

        Heard late = new Heard();
        shared.send(upstream("alice"), listen(true), late);

        assertThat(calls).hasSize(1);
        assertThat(late.methods).containsExactly("notifications/subscriptions/acknowledged");
    }

    @Test
    void anotherIdentityOrAnotherFilterGetsItsOwnListen() {
        shared.send(upstream("alice"), listen(true), new Heard());
        shared.send(upstream("bob"), listen(true), new Heard());
        shared.send(upstream("alice"), listen(false), new Heard());
        shared.send(upstream(null), listen(true), new Heard());

        assertThat(calls).hasSize(4);
    }

    @Test
    void theEndOfASharedListenReachesEverySessionAndTheNextOneOpensAnew() {
        Heard first = new Heard();
        Heard second = new Heard();
        shared.send(upstream("alice"), listen(true), first);
        shared.send(upstream("alice"), listen(true), second);

        calls.get(0).listener.onEnd(200);
        assertThat(first.ended).isTrue();
        assertThat(second.ended).isTrue();

        shared.send(upstream("alice"), listen(true), new Heard());
        assertThat(calls).hasSize(2);
    }

    /** An upstream serving {@code who} (null: one whose calls are never shared) that records each call. */
    private InteractiveRelay.Upstream upstream(String who) {
        return new InteractiveRelay.Upstream() {
            @Override
            public OpenCall send(JsonRpcRequest modern, MessageStreamCall.Listener listener) {
                Call call = new Call(listener);
                calls.add(call);
                return call;
            }

            @Override
            public Object sharingKey() {
                return who;
            }
        };
    }

    private static JsonRpcRequest listen(boolean tools) {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.putObject("notifications").put("toolsListChanged", tools);
        return new JsonRpcRequest(JsonRpcId.of("eragate-listen"), "subscriptions/listen", params);
    }

    private static JsonNode notification(String method) {
        return JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0").put("method", method);
    }

    private static final class Call implements OpenCall {
        final MessageStreamCall.Listener listener;
        boolean aborted;

        Call(MessageStreamCall.Listener listener) {
            this.listener = listener;
        }

        @Override
        public void abort() {
            aborted = true;
        }
    }

    private static final class Heard implements MessageStreamCall.Listener {
        final List<String> methods = new ArrayList<>();
        boolean ended;

        @Override
        public void onMessage(JsonNode message) {
            methods.add(message.path("method").asText());
        }

        @Override
        public void onEnd(int status) {
            ended = true;
        }

        @Override
        public void onFailure(Throwable cause) {
            ended = true;
        }
    }
}
