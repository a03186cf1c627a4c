package io.eragate.netty.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The JSON POST that the internal endpoint's legs and the 2024-11-05 transport's messages share. */
class JsonPostsTest {

    @Test
    void aPostCarriesItsTargetsPathAndHostAJsonBodyAndAcceptsJsonOrSse() {
        UpstreamTarget target = UpstreamTarget.of("t", URI.create("http://upstream.example:8123/mcp/x?k=v"));
        byte[] json = "{\"jsonrpc\":\"2.0\",\"method\":\"ping\"}".getBytes(StandardCharsets.UTF_8);

        FullHttpRequest request = JsonPosts.to(target, json);
        try {
            assertThat(request.method()).isEqualTo(HttpMethod.POST);
            assertThat(request.uri()).isEqualTo("/mcp/x?k=v");
            assertThat(request.headers().get("Host")).isEqualTo("upstream.example:8123");
            assertThat(request.headers().get("Content-Type")).isEqualTo("application/json");
            assertThat(request.headers().get("Accept")).isEqualTo("application/json, text/event-stream");
            assertThat(request.headers().getInt("Content-Length")).isEqualTo(json.length);
            assertThat(request.content().toString(StandardCharsets.UTF_8))
                    .isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"ping\"}");
        } finally {
            request.release();
        }
    }
}
