package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The ladder must answer every input with a verdict, never an exception. */
class FrontDoorRobustnessTest {

    private static final String VALID = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{"
            + "\"name\":\"echo\",\"arguments\":{\"s\":\"é\"}," + TestRequests.META + "}}";

    @Test
    void mutatedBodiesAlwaysGetAVerdict() {
        Random random = new Random(20260728L);
        byte[] valid = VALID.getBytes(StandardCharsets.UTF_8);
        int accepted = 0;
        int rejected = 0;
        for (int round = 0; round < 5_000; round++) {
            byte[] body = valid.clone();
            int edits = 1 + random.nextInt(4);
            for (int e = 0; e < edits; e++) {
                body[random.nextInt(body.length)] = (byte) random.nextInt(256);
            }
            if (random.nextInt(10) == 0) {
                body = Arrays.copyOf(body, random.nextInt(body.length));
            }
            Verdict verdict = TestRequests.toolsCall().body(body).check();
            assertThat(verdict).isNotNull();
            if (verdict instanceof Verdict.Rejected rejection) {
                rejected++;
                assertThat(rejection.rejection().body()).isNotEmpty();
            } else {
                accepted++;
            }
        }
        assertThat(rejected).isPositive();
        assertThat(accepted).isPositive();
    }

    @Test
    void mutatedHeadersAlwaysGetAVerdict() {
        Random random = new Random(7L);
        String[] names = {"Accept", "Content-Type", "Origin", "Host", "MCP-Protocol-Version", "Mcp-Method", "Mcp-Name",
            "Mcp-Param-X"};
        String alphabet = "=?base64 ,;\"/*\t\r\u0000aA1:[]é";
        for (int round = 0; round < 5_000; round++) {
            StringBuilder value = new StringBuilder();
            int length = random.nextInt(24);
            for (int i = 0; i < length; i++) {
                value.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String name = names[random.nextInt(names.length)];
            Verdict verdict = TestRequests.toolsCall().header(name, value.toString()).check();
            assertThat(verdict).isNotNull();
        }
    }
}
