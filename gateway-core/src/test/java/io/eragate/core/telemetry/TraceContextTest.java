package io.eragate.core.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TraceContextTest {
    private static final String BODY = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    private static final String HEADER = "00-11111111111111111111111111111111-2222222222222222-01";
    private static final Map<String, String> HEADERS = Map.of("traceparent", HEADER, "tracestate", "h=1",
            "baggage", "user=h");

    @Test
    void theBodyWinsOverTheHeadersAndBringsItsOwnStateAndBaggage() {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.putObject("_meta").put("traceparent", BODY).put("tracestate", "b=1");

        TraceContext context = TraceContext.of(params, HEADERS::get);

        assertThat(context).isEqualTo(new TraceContext(BODY, "b=1", null, true));
    }

    @Test
    void theHeadersServeWhenTheBodyHasNoTraceparent() {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.putObject("_meta").put("tracestate", "b=1");

        assertThat(TraceContext.of(params, HEADERS::get)).isEqualTo(new TraceContext(HEADER, "h=1", "user=h", false));
        assertThat(TraceContext.of(null, HEADERS::get).traceparent()).isEqualTo(HEADER);
        assertThat(TraceContext.of(null, name -> null)).isEqualTo(TraceContext.NONE);
    }
}
