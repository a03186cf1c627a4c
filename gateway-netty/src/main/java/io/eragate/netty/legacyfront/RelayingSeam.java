package io.eragate.netty.legacyfront;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.legacyfront.LegacyAnswer;
import io.eragate.core.legacyfront.LegacyClientSession;
import io.eragate.core.legacyfront.ModernAnswers;
import io.eragate.netty.legacyrelay.FrontRelay;
import io.eragate.netty.legacyrelay.InteractiveRelay;
import io.eragate.netty.legacyrelay.RunningRequest;
import io.netty.channel.ChannelHandlerContext;
import java.io.UncheckedIOException;

/**
 * The {@link InputRequiredSeam} of one forwarded request whose answer may be {@code input_required}: it hands the
 * request to the relay ({@link FrontRelay#takeOver}), which sends the input requests to the legacy client on the
 * POST's SSE stream and retries upstream with the answers; the translator keeps that stream open for it.
 */
final class RelayingSeam implements InputRequiredSeam {

    private final ChannelHandlerContext client;
    private final boolean keepAlive;
    private final JsonRpcRequest modern;
    private final LegacyClientSession session;
    private final String sessionId;
    private final FrontRelay relay;
    private final RunningRequest running;
    private final InteractiveRelay.Upstream retries;
    private Runnable start;

    RelayingSeam(ChannelHandlerContext client, boolean keepAlive, JsonRpcRequest modern, LegacyClientSession session,
            String sessionId, FrontRelay relay, RunningRequest running, InteractiveRelay.Upstream retries) {
        this.client = client;
        this.keepAlive = keepAlive;
        this.modern = modern;
        this.session = session;
        this.sessionId = sessionId;
        this.relay = relay;
        this.running = running;
        this.retries = retries;
    }

    @Override
    public byte[] answer(LegacyAnswer.InputRequired input, AnswerTranslation translation) {
        ObjectNode message = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0");
        message.set("id", modern.id().node().deepCopy());
        message.set("result", input.result());
        start = relay.takeOver(client, keepAlive, modern, session.clientCapabilities(), sessionId,
                session.principal(), running, message, retries, answer -> toLegacy(answer, translation));
        return null;
    }

    @Override
    public boolean holdsStreamOpen() {
        return start != null;
    }

    @Override
    public void streamOpen() {
        // After the translator's own write of the stream's head, which is under way.
        client.executor().execute(start);
    }

    @Override
    public void answered() {
        relay.answered(sessionId, modern.id(), running);
    }

    private static byte[] toLegacy(JsonNode modernAnswer, AnswerTranslation translation) {
        if (ModernAnswers.toLegacy(modernAnswer, translation.method()) instanceof LegacyAnswer.Send send) {
            try {
                return JsonRpcCodec.mapper().writeValueAsBytes(send.message());
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
        }
        return null;
    }
}
