package io.eragate.core.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AnswerSnifferTest {

    private static Integer sniff(String contentType, String... chunks) {
        AnswerSniffer sniffer = AnswerSniffer.forContentType(contentType);
        for (String chunk : chunks) {
            byte[] bytes = chunk.getBytes(StandardCharsets.UTF_8);
            sniffer.feed(bytes, 0, bytes.length);
        }
        return sniffer.errorCode();
    }

    @Test
    void aJsonErrorGivesItsCodeEvenWhenSplit() {
        assertThat(sniff("application/json; charset=utf-8", "{\"jsonrpc\":\"2.0\",\"id\":1,\"err",
                "or\":{\"code\":-32602,\"message\":\"no\"}}")).isEqualTo(-32602);
    }

    @Test
    void theContentTypeIsRecognisedInAnyCaseAndAfterLeadingSpace() {
        String error = "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32001,\"message\":\"no\"}}";
        assertThat(sniff(" Application/JSON", error)).isEqualTo(-32001);
        assertThat(sniff("TEXT/Event-Stream", "data: " + error + "\n\n")).isEqualTo(-32001);
    }

    @Test
    void aJsonResultHasNoCode() {
        assertThat(sniff("application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"error\":1}}")).isNull();
    }

    @Test
    void anErrorWhoseMemberNameIsEscapedStillGivesItsCode() {
        // No literal "error" in the bytes: the shortcut that skips the parse must not skip this one.
        assertThat(sniff("application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"\\u0065rror\":{\"code\":-32602,"
                + "\"message\":\"bad\"}}")).isEqualTo(-32602);
        assertThat(sniff("application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"err\\u006Fr\":{\"code\":-1,"
                + "\"message\":\"m\"}}")).isEqualTo(-1);
    }

    @Test
    void aResultWithoutAnyErrorNameHasNoCode() {
        assertThat(sniff("application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":"
                + "\"text\",\"text\":\"Echo: x\"}],\"isError\":false}}")).isNull();
    }

    @Test
    void theLastResponseOfAnEventStreamDecides() {
        assertThat(sniff("text/event-stream",
                "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"error\":\"x\"}}\n\n",
                "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,",
                "\"message\":\"boom\"}}\n\n")).isEqualTo(-32603);
        assertThat(sniff("text/event-stream",
                "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n")).isNull();
    }

    @Test
    void anEventStreamCutBeforeItsLastEventEndsHasNoCode() {
        assertThat(sniff("text/event-stream", "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-1")).isNull();
    }

    @Test
    void aBodyOverTheBoundIsNotLookedInto() {
        String padding = "x".repeat(AnswerSniffer.MAX_BYTES);
        assertThat(sniff("application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,"
                + "\"message\":\"" + padding + "\"}}")).isNull();
    }

    @Test
    void otherContentIsIgnored() {
        AnswerSniffer sniffer = AnswerSniffer.forContentType("text/html");
        assertThat(sniffer.wantsBytes()).isFalse();
        assertThat(sniff(null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-1,\"message\":\"m\"}}")).isNull();
    }
}
