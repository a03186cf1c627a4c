package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.mcp.MetaKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The streaming era check against the tree reading it replaced, kept here as the oracle: every generated, mutated and
 * edge-case body must claim a revision, or not, exactly as the tree says, in both strictness modes and through
 * {@link LegacyTraffic#isLegacyEra} under every header the era rules distinguish.
 */
class RevisionClaimTest {
    private static final String PV = MetaKeys.PROTOCOL_VERSION;
    private static final String CLAIM = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":"
            + "{\"" + PV + "\":\"2026-07-28\"}}}";
    private static final String[] MUTATION_BYTES = {"{", "}", "[", "]", ",", ":", "\"", "\\", " x", "\u0000", "1e",
        "\"" + PV + "\":1", "\"params\":{}", "\"_meta\":{}", "/*c*/", "'", "NaN", "-", "."};

    /** The implementation before the streaming pass, verbatim: one tree per body. */
    private static boolean oracle(byte[] body, boolean strict) {
        JsonNode tree;
        try {
            tree = JsonRpcCodec.readTree(body);
        } catch (IOException e) {
            return strict;
        }
        if (tree == null || !(tree.isObject() || tree.isArray())) {
            return strict;
        }
        if (tree.isObject()) {
            return oracleClaims(tree);
        }
        for (JsonNode message : tree) {
            if (oracleClaims(message)) {
                return true;
            }
        }
        return false;
    }

    private static boolean oracleClaims(JsonNode message) {
        return message.path("params").path(MetaKeys.META).has(MetaKeys.PROTOCOL_VERSION);
    }

    @Test
    void edgeCasesClassifyAsTheTreeDoes() {
        List<byte[]> bodies = new ArrayList<>();
        for (String body : edgeCases()) {
            bodies.add(body.getBytes(StandardCharsets.UTF_8));
        }
        bodies.add(new byte[0]);
        bodies.add(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '{', '}'});
        bodies.add(withBom(CLAIM));
        bodies.add(CLAIM.getBytes(StandardCharsets.UTF_16BE));
        bodies.add(CLAIM.getBytes(StandardCharsets.UTF_16LE));
        bodies.add(("[" + CLAIM + "]").getBytes(StandardCharsets.UTF_16));
        String claimThenString = "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"x\":\"a~b\"}";
        bodies.add(withByte(claimThenString, 0x80));
        bodies.add(withByte(claimThenString, 0xC3));
        bodies.add(withByte(claimThenString, 0xFF));
        bodies.add(withByte("{\"params\":{\"_meta\":{\"" + PV + "\":\"~\"}}}", 0xE2));
        bodies.add(withByte("{\"p~\":1,\"params\":{\"_meta\":{\"" + PV + "\":1}}}", 0x80));
        Tally tally = new Tally();
        for (byte[] body : bodies) {
            assertAgree(body, tally);
        }
        assertThat(tally.claims).as("claiming bodies").isGreaterThan(5);
        assertThat(tally.unclaimed).as("readable bodies without a claim").isGreaterThan(5);
        assertThat(tally.unreadable).as("bodies the tree cannot read").isGreaterThan(20);
    }

    @Test
    void generatedAndMutatedBodiesClassifyAsTheTreeDoes() {
        Random random = new Random(20261206L);
        Tally tally = new Tally();
        for (int i = 0; i < 30_000; i++) {
            String json = topLevel(random);
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            assertAgree(body, tally);
            assertAgree(mutate(random, json).getBytes(StandardCharsets.UTF_8), tally);
        }
        assertThat(tally.claims).as("claiming bodies").isGreaterThan(1_500);
        assertThat(tally.unclaimed).as("readable bodies without a claim").isGreaterThan(3_000);
        assertThat(tally.unreadable).as("bodies the tree cannot read").isGreaterThan(3_000);
    }

    private static void assertAgree(byte[] body, Tally tally) {
        String shown = new String(body, StandardCharsets.UTF_8);
        for (boolean strict : new boolean[] {true, false}) {
            assertThat(RevisionClaim.in(body, strict)).as("strict=%s %s", strict, shown)
                    .isEqualTo(oracle(body, strict));
        }
        boolean lax = oracle(body, false);
        boolean strict = oracle(body, true);
        if (lax) {
            tally.claims++;
        } else if (strict) {
            tally.unreadable++;
        } else {
            tally.unclaimed++;
        }
        for (String header : new String[] {null, "2025-11-25", "2025-06-18"}) {
            TestRequests.Builder request = TestRequests.withBody("").body(body).without("Mcp-Method")
                    .without("Mcp-Name").without("MCP-Protocol-Version");
            if (header != null) {
                request.header("MCP-Protocol-Version", header);
            }
            assertThat(LegacyTraffic.isLegacyEra(request.build())).as("header %s, %s", header, shown)
                    .isEqualTo(!oracle(body, header == null));
        }
    }

    private static List<String> edgeCases() {
        String deepArrays = "[".repeat(1_001) + "]".repeat(1_001);
        String deepUnder = "{\"params\":{\"_meta\":{\"" + PV + "\":" + "[".repeat(996) + "]".repeat(996) + "}}}";
        String deepOver = "{\"params\":{\"_meta\":{\"" + PV + "\":" + "[".repeat(1_200) + "]".repeat(1_200) + "}}}";
        String longNumber = "{\"id\":" + "9".repeat(1_001) + ",\"params\":{\"_meta\":{\"" + PV + "\":1}}}";
        String okNumber = "{\"id\":" + "9".repeat(999) + ",\"params\":{\"_meta\":{\"" + PV + "\":1}}}";
        String longFraction = "{\"id\":1." + "5".repeat(1_001) + ",\"params\":{\"_meta\":{\"" + PV + "\":1}}}";
        String longName = "{\"" + "n".repeat(60_000) + "\":1,\"params\":{\"_meta\":{\"" + PV + "\":1}}}";
        return List.of(CLAIM, "[" + CLAIM + "]", "[]", "{}", " ", "\n\t ", "null", "1", "\"x\"", "true",
                "[1,2,\"x\",null,[" + CLAIM + "]]", "[[" + CLAIM + "]]", "[" + CLAIM + ",1]", "[1," + CLAIM + "]",
                CLAIM + " ", CLAIM + "x", CLAIM + CLAIM, CLAIM + "{}", CLAIM + "]", "[" + CLAIM, CLAIM + "//c",
                CLAIM.substring(0, CLAIM.length() - 1), "{\"params\":{\"_meta\":{\"" + PV + "\":null}}}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":{}}}}", "{\"params\":{\"_meta\":{\"" + PV + "\":[1e400]}}}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1e1111111111}}}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"id\":1111111111111e11111111111111111}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1,\"" + PV + "\":1}}}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"params\":{}}",
                "{\"params\":{},\"params\":{\"_meta\":{\"" + PV + "\":1}}}",
                "{\"params\":{\"_meta\":{},\"_meta\":{\"" + PV + "\":1}}}",
                "{\"a\":{\"b\":1,\"b\":2},\"params\":{\"_meta\":{\"" + PV + "\":1}}}",
                "{\"params\":[{\"_meta\":{\"" + PV + "\":1}}]}", "{\"params\":\"_meta\"}",
                "{\"params\":{\"_meta\":[\"" + PV + "\"]}}", "{\"params\":{\"_meta\":\"" + PV + "\"}}",
                "{\"params\":{\"_meta\":{\"x\":{\"" + PV + "\":1}}}}", "{\"_meta\":{\"" + PV + "\":1}}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":\"bad \\q escape\"}}}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":\"bad \\u12 escape\"}}}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":\"raw \u0001 control\"}}}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"x\":\"raw \u0001 control\"}",
                "{\"x\":\"bad \\x\",\"params\":{\"_meta\":{\"" + PV + "\":1}}}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"x\":\"\\ud800\"}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"x\":NaN}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"x\":-Infinity}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"x\":01}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"x\":+1}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"x\":.5}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"x\":1.}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"x\":[1,]}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},}",
                "{\"params\":{\"_meta\":{'" + PV + "':1}}}", "{params:{\"_meta\":{\"" + PV + "\":1}}}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"x\":tru}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"x\":-0.0e-0}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}},\"x\":1.10E+2}",
                "{\"params\":{\"_meta\":{\"" + PV + "\":1}} /* c */", "# c\n" + CLAIM,
                deepArrays, deepUnder, deepOver, longNumber, okNumber, longFraction, longName,
                "{\"params\":{\"_meta\":{\"" + PV + "\":\"" + "s".repeat(200_000) + "\"}}}");
    }

    private static byte[] withBom(String json) {
        byte[] text = json.getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[text.length + 3];
        body[0] = (byte) 0xEF;
        body[1] = (byte) 0xBB;
        body[2] = (byte) 0xBF;
        System.arraycopy(text, 0, body, 3, text.length);
        return body;
    }

    /** {@code json} with its one {@code ~} replaced by {@code octet}, a byte that is no valid UTF-8 there. */
    private static byte[] withByte(String json, int octet) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        body[json.indexOf('~')] = (byte) octet;
        return body;
    }

    private static String topLevel(Random random) {
        int shape = random.nextInt(20);
        if (shape < 11) {
            return message(random, 0);
        }
        if (shape < 17) {
            StringBuilder batch = new StringBuilder("[");
            int count = random.nextInt(4);
            for (int i = 0; i < count; i++) {
                if (i > 0) {
                    batch.append(',');
                }
                batch.append(random.nextInt(5) == 0 ? value(random, 1) : message(random, 1));
            }
            return batch.append(']').toString();
        }
        return value(random, 3);
    }

    private static String message(Random random, int depth) {
        List<String> members = new ArrayList<>();
        String[] names = {"jsonrpc", "id", "method", "params", "result", "x"};
        int count = random.nextInt(5);
        for (int i = 0; i < count; i++) {
            String name = names[random.nextInt(names.length)];
            String value = "params".equals(name) ? params(random, depth + 1) : value(random, depth + 1);
            members.add(member(name, value));
        }
        if (random.nextInt(3) == 0) {
            members.add(member("params", params(random, depth + 1)));
        }
        return object(random, members);
    }

    private static String params(Random random, int depth) {
        if (random.nextInt(6) == 0) {
            return value(random, depth);
        }
        List<String> members = new ArrayList<>();
        String[] names = {"_meta", "name", "uri", "x", PV};
        int count = random.nextInt(4);
        for (int i = 0; i < count; i++) {
            String name = names[random.nextInt(names.length)];
            String value = "_meta".equals(name) ? meta(random, depth + 1) : value(random, depth + 1);
            members.add(member(name, value));
        }
        if (random.nextBoolean()) {
            members.add(member("_meta", meta(random, depth + 1)));
        }
        return object(random, members);
    }

    private static String meta(Random random, int depth) {
        if (random.nextInt(6) == 0) {
            return value(random, depth);
        }
        List<String> members = new ArrayList<>();
        String[] names = {PV, "io.modelcontextprotocol/clientCapabilities", "x", "params", "_meta"};
        int count = random.nextInt(4);
        for (int i = 0; i < count; i++) {
            members.add(member(names[random.nextInt(names.length)], value(random, depth + 1)));
        }
        if (random.nextBoolean()) {
            members.add(member(PV, "\"2026-07-28\""));
        }
        return object(random, members);
    }

    /** An object of {@code members}, sometimes with one of them repeated (a duplicate name). */
    private static String object(Random random, List<String> members) {
        if (!members.isEmpty() && random.nextInt(8) == 0) {
            members.add(members.get(random.nextInt(members.size())));
        }
        Collections.shuffle(members, random);
        return "{" + String.join(",", members) + "}";
    }

    private static String member(String name, String value) {
        return "\"" + name + "\":" + value;
    }

    private static String value(Random random, int depth) {
        int kind = random.nextInt(depth > 4 ? 6 : 9);
        String[] scalars = {"null", "true", "false", "0", "-1", "1.10", "1e400", "1e1111111111",
            "123456789012345678901",
            "-0.0", "\"2026-07-28\"", "\"\"", "\"\\u00e9\\n\\\"\"", "\"\u00e9\u4e2d\"", "\"\\q\"", "\"\\ud83d\\ude00\"",
            "1E-7", "9223372036854775808"};
        return switch (kind) {
            case 0, 1, 2, 3, 4, 5 -> scalars[random.nextInt(scalars.length)];
            case 6 -> message(random, depth + 1);
            case 7 -> {
                StringBuilder array = new StringBuilder("[");
                int count = random.nextInt(3);
                for (int i = 0; i < count; i++) {
                    array.append(i > 0 ? "," : "").append(value(random, depth + 1));
                }
                yield array.append(']').toString();
            }
            default -> "{" + member(PV, value(random, depth + 1)) + "}";
        };
    }

    private static String mutate(Random random, String json) {
        int at = json.isEmpty() ? 0 : random.nextInt(json.length() + 1);
        return switch (random.nextInt(5)) {
            case 0 -> json.substring(0, at);
            case 1 -> json.substring(0, at) + MUTATION_BYTES[random.nextInt(MUTATION_BYTES.length)]
                    + json.substring(at);
            case 2 -> at < json.length() ? json.substring(0, at) + json.substring(at + 1) : json;
            case 3 -> json + new String[] {" ", "x", " {}", "]", "\n", "[]"}[random.nextInt(6)];
            default -> "[" + json + (random.nextBoolean() ? "," + CLAIM : "") + "]";
        };
    }

    /** How many bodies each class had, so that the test shows it exercised all three. */
    private static final class Tally {
        private int claims;
        private int unclaimed;
        private int unreadable;
    }
}
