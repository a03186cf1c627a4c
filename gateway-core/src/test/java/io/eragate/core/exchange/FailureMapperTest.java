package io.eragate.core.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.mcp.Era;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The one failure table: kind × head sent × client era → status, code, error type, outcome, retry. */
class FailureMapperTest {
    private static final JsonRpcId ID = JsonRpcId.of(7);

    @ParameterizedTest(name = "{0} head sent={1} {2}")
    @CsvSource({
        // kind,              headSent, era,    status, code,   errorType,            outcome,        retry
        "UNREACHABLE,         false,    MODERN, 502,    -32603, upstream_unavailable, not-delivered,  true",
        "POOL_EXHAUSTED,      false,    MODERN, 503,    -32603, upstream_unavailable, not-delivered,  true",
        "BUSY,                false,    LEGACY, 503,    -32603, upstream_unavailable, not-delivered,  true",
        "SESSION_REFUSED,     false,    MODERN, 502,    -32603, upstream_unavailable, not-delivered,  true",
        "SESSION_TIMEOUT,     false,    MODERN, 504,    -32603, timeout,              not-delivered,  true",
        "PROCESS_UNAVAILABLE, false,    MODERN, 503,    -32603, upstream_unavailable, not-delivered,  true",
        "CREDENTIALS_UNAVAILABLE, false, MODERN, 502,   -32603, upstream_unavailable, not-delivered,  true",
        "HEAD_TIMEOUT,        false,    MODERN, 504,    -32603, timeout,              unknown,        false",
        "HEAD_TIMEOUT,        false,    LEGACY, 504,    -32001, timeout,              unknown,        false",
        "IDLE_TIMEOUT,        true,     MODERN, 504,    -32603, timeout,              unknown,        false",
        "TOTAL_TIMEOUT,       true,     LEGACY, 504,    -32001, timeout,              unknown,        false",
        "CONNECTION_LOST,     true,     MODERN, 502,    -32603, upstream_unavailable, unknown,        false",
        "PROCESS_GONE,        false,    MODERN, 502,    -32603, upstream_unavailable, unknown,        false",
        "MALFORMED_ANSWER,    true,     MODERN, 502,    -32603, upstream_failed,      unknown,        false",
        "SHUTDOWN,            true,     MODERN, 503,    -32603, shutdown,             unknown,        true",
    })
    void mapsEveryKind(FailureKind kind, boolean headSent, Era era, int status, int code, String errorType,
            String outcome, boolean retry) {
        MappedFailure mapped = FailureMapper.map(new UpstreamFailure(kind, "up", "why", Duration.ofMillis(250),
                "some.key"), headSent, era, ID);

        Rejection rejection = mapped.rejection();
        assertThat(rejection.httpStatus()).isEqualTo(status);
        assertThat(rejection.id()).isEqualTo(ID);
        assertThat(rejection.error().code()).isEqualTo(code);
        assertThat(mapped.errorType()).isEqualTo(errorType);
        assertThat(rejection.error().data().path("outcome").asText()).isEqualTo(outcome);
        assertThat(rejection.error().data().path("upstream").asText()).isEqualTo("up");
        assertThat(rejection.error().data().has("retryAfterMs")).isEqualTo(retry);
        assertThat(rejection.headers().containsKey("Retry-After")).isEqualTo(retry && status == 503 && !headSent);
    }

    @Test
    void aTimeoutNamesTheTimeoutThatFiredAndItsKey() {
        MappedFailure mapped = FailureMapper.map(UpstreamFailure.timeout(FailureKind.SESSION_TIMEOUT, "old",
                Duration.ofSeconds(2), "bridge.initializeTimeout"), false, Era.MODERN, ID);

        assertThat(mapped.rejection().error().message()).isEqualTo(
                "Gateway timeout: upstream \"old\" did not answer initialize within 2000 ms"
                        + " (bridge.initializeTimeout)");
        assertThat(mapped.rejection().error().data().path("timeoutMs").asLong()).isEqualTo(2000);
    }

    @Test
    void aDetailIsOneBoundedLine() {
        MappedFailure mapped = FailureMapper.map(UpstreamFailure.of(FailureKind.UNREACHABLE, "up",
                "refused\n\tat x.y(Z.java:1)" + "x".repeat(500)), false, Era.MODERN, null);

        assertThat(mapped.rejection().error().message()).doesNotContain("\n").hasSizeLessThan(300);
        assertThat(mapped.rejection().id()).isNull();
    }
}
