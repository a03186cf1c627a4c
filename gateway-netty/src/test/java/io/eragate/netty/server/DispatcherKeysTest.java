package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.route.NameKind;
import io.eragate.core.route.RoutingKey;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What route rules see of a legacy client's request: the method and name of its JSON-RPC body. */
class DispatcherKeysTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
        {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{}}} | tools/call | add | TOOL
        {"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"f:a"}} | resources/read | f:a | RESOURCE
        {"jsonrpc":"2.0","id":1,"method":"initialize","params":{}} | initialize |  | NONE
        {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":7}} | tools/call |  | NONE
        [{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add"}}] | '' |  | NONE
        not json | '' |  | NONE
        """)
    void legacyBodiesAreReadForRules(String body, String method, String name, NameKind kind) {
        RoutingKey key = Dispatcher.legacyKeyOf(body.getBytes(StandardCharsets.UTF_8));

        assertThat(key).isEqualTo(new RoutingKey(method, name, kind));
    }
}
