package io.eragate.netty.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.Decoded;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.Era;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Routing on a shared session: every answer to its own request only, and requests the server asks answered. */
class StdioSessionTest {
    private static final String ENVELOPE = "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}";

    private final RecordingLink link = new RecordingLink();
    private final List<Integer> exits = new ArrayList<>();
    private final StdioSession session = new StdioSession("test", Era.LEGACY, link, 2,
            (gone, code) -> exits.add(code));

    @Test
    void responsesGoOnlyToTheRequestWithTheirIdAndLateOnesAreDropped() {
        Recorder first = new Recorder();
        Recorder second = new Recorder();
        StdioSession.Call one = session.begin(toolsCall("1", ""), first, Runnable::run).orElseThrow();
        StdioSession.Call two = session.begin(toolsCall("1", ""), second, Runnable::run).orElseThrow();

        String twoId = two.exchange().upstreamId().node().textValue();
        session.onMessage("{\"jsonrpc\":\"2.0\",\"id\":\"" + twoId + "\",\"result\":{\"n\":2}}");
        session.onMessage("{\"jsonrpc\":\"2.0\",\"id\":\"" + twoId + "\",\"result\":{\"n\":3}}");

        assertThat(first.events).isEmpty();
        assertThat(second.events).containsExactly("response {\"n\":2}");
        assertThat(link.sent).hasSize(2);
        assertThat(link.sent.get(0)).doesNotContain("io.modelcontextprotocol/protocolVersion")
                .contains("\"id\":\"" + one.exchange().upstreamId().node().textValue() + "\"");
        assertThat(session.inFlight()).isEqualTo(1);
    }

    @Test
    void progressFindsItsRequestByEragatesTokenAndCarriesTheClientsOwn() {
        Recorder caller = new Recorder();
        Recorder other = new Recorder();
        StdioSession.Call call = session.begin(toolsCall("1", ",\"progressToken\":\"theirs\""), caller, Runnable::run)
                .orElseThrow();
        session.begin(toolsCall("2", ",\"progressToken\":\"theirs\""), other, Runnable::run).orElseThrow();

        String token = call.exchange().upstreamProgressToken().textValue();
        session.onMessage("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":\""
                + token + "\",\"progress\":1}}");

        assertThat(caller.events).containsExactly(
                "notification notifications/progress {\"progressToken\":\"theirs\",\"progress\":1}");
        assertThat(other.events).isEmpty();
    }

    @Test
    void aLogMessageGoesToTheOnlyRequestInFlightAndToNoneOfSeveral() {
        Recorder alone = new Recorder();
        session.begin(toolsCall("1", ""), alone, Runnable::run).orElseThrow();
        String log = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\","
                + "\"data\":\"x\"}}";
        session.onMessage(log);
        Recorder second = new Recorder();
        session.begin(toolsCall("2", ""), second, Runnable::run).orElseThrow();
        session.onMessage(log);

        assertThat(alone.events)
                .containsExactly("notification notifications/message {\"level\":\"info\",\"data\":\"x\"}");
        assertThat(second.events).isEmpty();
    }

    @Test
    void requestsOfTheServerAreAnsweredAndOtherNotificationsDropped() {
        session.onMessage("{\"method\":\"notifications/tools/list_changed\",\"jsonrpc\":\"2.0\"}");
        session.onMessage("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"roots/list\"}");
        session.onMessage("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}");
        session.onMessage("Server started (a log line on stdout)");

        assertThat(link.sent).containsExactly("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"roots\":[]}}",
                "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"result\":{}}");
    }

    @Test
    void beyondMaxPendingRequestsNoCallBegins() {
        session.begin(toolsCall("1", ""), new Recorder(), Runnable::run).orElseThrow();
        session.begin(toolsCall("2", ""), new Recorder(), Runnable::run).orElseThrow();

        assertThat(session.begin(toolsCall("3", ""), new Recorder(), Runnable::run)).isEmpty();
    }

    @Test
    void aCancelledRequestTellsTheServerAndFreesItsSlot() {
        StdioSession.Call call = session.begin(toolsCall("1", ""), new Recorder(), Runnable::run).orElseThrow();

        session.cancel(call, "client disconnected");

        assertThat(link.sent.get(1)).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                + "\"params\":{\"requestId\":\"" + call.exchange().upstreamId().node().textValue()
                + "\",\"reason\":\"client disconnected\"}}");
        assertThat(session.inFlight()).isZero();
    }

    @Test
    void aLostLinkFailsEveryRequestOnceAndTakesNoMore() {
        Recorder first = new Recorder();
        Recorder second = new Recorder();
        session.begin(toolsCall("1", ""), first, Runnable::run).orElseThrow();
        session.begin(toolsCall("2", ""), second, Runnable::run).orElseThrow();

        session.onExited(137);
        session.onExited(137);

        assertThat(first.events).containsExactly("gone upstream process exited with code 137");
        assertThat(second.events).containsExactly("gone upstream process exited with code 137");
        assertThat(exits).containsExactly(137);
        assertThat(session.isGone()).isTrue();
        assertThat(session.begin(toolsCall("3", ""), new Recorder(), Runnable::run)).isEmpty();
    }

    private static JsonRpcRequest toolsCall(String id, String extraMeta) {
        String json = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{},\"_meta\":{" + ENVELOPE + extraMeta + "}}}";
        return (JsonRpcRequest) ((Decoded.Message) JsonRpcCodec.decode(json.getBytes(StandardCharsets.UTF_8)))
                .message();
    }

    /** Keeps what the session sends. */
    private static final class RecordingLink implements MessageLink {
        final List<String> sent = new CopyOnWriteArrayList<>();

        @Override
        public boolean send(byte[] json) {
            sent.add(new String(json, StandardCharsets.UTF_8));
            return true;
        }

        @Override
        public String label() {
            return "test#0";
        }

        @Override
        public void abandon() {
            sent.add("abandoned");
        }
    }

    /** Keeps what one request hears. */
    private static final class Recorder implements StdioSession.CallListener {
        final List<String> events = new ArrayList<>();

        @Override
        public void onResponse(JsonRpcResponse response) {
            JsonNode result = response.result();
            events.add("response " + (result != null ? result : response.error().message()));
        }

        @Override
        public void onNotification(JsonRpcNotification notification) {
            events.add("notification " + notification.method() + " " + notification.params());
        }

        @Override
        public void onProcessGone(String why) {
            events.add("gone " + why);
        }
    }
}
