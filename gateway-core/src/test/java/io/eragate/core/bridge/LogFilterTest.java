package io.eragate.core.bridge;

import static io.eragate.core.bridge.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LogFilterTest {

    @ParameterizedTest(name = "request {0}, message {1} -> {2}")
    @CsvSource({
        "debug, debug, true",
        "debug, emergency, true",
        "info, debug, false",
        "info, info, true",
        "info, notice, true",
        "notice, info, false",
        "warning, notice, false",
        "warning, warning, true",
        "warning, error, true",
        "error, warning, false",
        "error, critical, true",
        "critical, alert, true",
        "alert, critical, false",
        "alert, emergency, true",
        "emergency, alert, false",
        "emergency, emergency, true",
        // unknown message levels are never delivered
        "debug, verbose, false",
        "debug, WARNING, false",
    })
    void deliversOnlyAtOrAboveTheRequestedLevel(String requested, String message, boolean delivered) {
        LogFilter filter = LogFilter.forRequest(requestWithLevel(requested));

        assertThat(filter.accepts(obj("{'level':'" + message + "','data':'x'}"))).isEqualTo(delivered);
    }

    @Test
    void aRequestWithoutLogLevelGetsNoMessages() {
        ObjectNode emergency = obj("{'level':'emergency','data':'x'}");

        assertThat(LogFilter.forRequest(null).accepts(emergency)).isFalse();
        assertThat(LogFilter.forRequest(obj("{}")).accepts(emergency)).isFalse();
        assertThat(LogFilter.forRequest(obj("{'_meta':{'progressToken':1}}")).accepts(emergency)).isFalse();
        assertThat(LogFilter.forRequest(obj("{'_meta':{}}")).threshold()).isEmpty();
    }

    @Test
    void anUnrecognizedOrNonTextualRequestedLevelGetsNoMessages() {
        ObjectNode emergency = obj("{'level':'emergency'}");

        assertThat(LogFilter.forRequest(requestWithLevel("loud")).accepts(emergency)).isFalse();
        assertThat(LogFilter.forRequest(obj("{'_meta':{'io.modelcontextprotocol/logLevel':3}}")).accepts(emergency))
                .isFalse();
    }

    @Test
    void aMessageWithoutALevelIsNotDelivered() {
        LogFilter filter = LogFilter.forRequest(requestWithLevel("debug"));

        assertThat(filter.accepts(obj("{'data':'x'}"))).isFalse();
        assertThat(filter.accepts(obj("{'level':5}"))).isFalse();
    }

    @Test
    void exposesTheThreshold() {
        assertThat(LogFilter.forRequest(requestWithLevel("notice")).threshold()).contains(LogLevel.NOTICE);
    }

    @Test
    void thePooledSessionLogsAtDebug() {
        assertThat(LogFilter.mostVerboseLevel()).isEqualTo("debug");
    }

    @Test
    void levelsParseFromTheirWireNamesOnly() {
        assertThat(LogLevel.parse("warning")).contains(LogLevel.WARNING);
        assertThat(LogLevel.parse("Warning")).isEmpty();
        assertThat(LogLevel.parse(null)).isEmpty();
        assertThat(LogLevel.EMERGENCY.wireName()).isEqualTo("emergency");
    }

    private static ObjectNode requestWithLevel(String level) {
        return obj("{'name':'t','_meta':{'io.modelcontextprotocol/logLevel':'" + level + "'}}");
    }
}
