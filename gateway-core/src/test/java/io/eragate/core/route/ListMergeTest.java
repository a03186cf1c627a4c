package io.eragate.core.route;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ListMergeTest {

    private static final Route ROUTE = new Route("/mcp", List.of("everything", "modern", "files"),
            NamingMode.PREFIXED, List.of(), Duration.ofSeconds(5), 64);

    @Test
    void prefixesToolsRecordsOwnersAndNamesTheMissingUpstream() {
        List<UpstreamAnswer> answers = List.of(
                answered("everything", "{\"tools\":[{\"name\":\"echo\",\"inputSchema\":{}},{\"name\":\"add\"}],"
                        + "\"ttlMs\":60000,\"cacheScope\":\"public\"}"),
                new UpstreamAnswer.Unavailable("modern", UpstreamAnswer.Reason.TIMEOUT),
                answered("files", "{\"tools\":[{\"name\":\"read_file\"}],\"ttlMs\":1000,\"nextCursor\":\"p2\"}"));

        ListMerge.Merged merged = ListMerge.merge(ROUTE, "tools/list", answers);

        assertThat(merged.result().path("tools").findValuesAsText("name"))
                .containsExactly("everything_echo", "everything_add", "files_read_file");
        assertThat(merged.result().path("tools").get(0).has("inputSchema")).isTrue();
        assertThat(merged.result().get("resultType").asText()).isEqualTo("complete");
        assertThat(merged.result().get("ttlMs").asLong()).isEqualTo(1000);
        assertThat(merged.result().get("cacheScope").asText()).isEqualTo("private");
        assertThat(merged.result().path("_meta").path(ListMerge.UNAVAILABLE_META).toString())
                .isEqualTo("[{\"upstream\":\"modern\",\"reason\":\"timeout\"}]");
        assertThat(merged.catalogue().tools()).containsEntry("files_read_file", new Owned("files", "read_file"))
                .containsEntry("everything_add", new Owned("everything", "add")).hasSize(3);
        // Only the upstream with more pages is in the next cursor: the missing one is not asked again.
        String cursor = merged.result().get("nextCursor").asText();
        assertThat(FederatedCursor.decode(cursor, ROUTE.upstreams())).contains(Map.of("files", "p2"));
        assertThat(merged.warnings()).isEmpty();
    }

    @Test
    void asIsNamesNeverCollideSilently() {
        Route asIs = new Route("/as-is", List.of("a", "b"), NamingMode.AS_IS, List.of(), Duration.ofSeconds(5), 64);
        ListMerge.Merged merged = ListMerge.merge(asIs, "tools/list", List.of(
                answered("a", "{\"tools\":[{\"name\":\"add\"}]}"), answered("b", "{\"tools\":[{\"name\":\"add\"}]}")));

        assertThat(merged.result().path("tools").findValuesAsText("name")).containsExactly("add");
        assertThat(merged.catalogue().tools()).containsExactly(Map.entry("add", new Owned("a", "add")));
        assertThat(merged.warnings()).containsExactly(
                "tool \"add\" of upstream \"b\" left out of /as-is: upstream \"a\" shows the same name");
        assertThat(merged.result().has("nextCursor")).isFalse();
    }

    @Test
    void longNamesAreShortenedOrRefusedNeverTruncatedIntoEachOther() {
        Route route = new Route("/mcp", List.of("u".repeat(56), "files"), NamingMode.PREFIXED, List.of(),
                Duration.ofSeconds(5), 64);
        String longName = "read_a_file_from_the_workspace_with_every_option_spelled_out_in_full";
        ListMerge.Merged merged = ListMerge.merge(route, "tools/list", List.of(
                answered("u".repeat(56), "{\"tools\":[{\"name\":\"this_one_cannot_fit\"}]}"),
                answered("files", "{\"tools\":[{\"name\":\"" + longName + "\"},{\"name\":\"" + longName
                        + "_v2\"}]}")));

        List<String> names = merged.result().path("tools").findValuesAsText("name");
        assertThat(names).hasSize(2).allSatisfy(name -> assertThat(name).hasSize(64).startsWith("files_read_a"));
        assertThat(names.get(0)).isNotEqualTo(names.get(1));
        assertThat(merged.catalogue().tools().get(names.get(1))).isEqualTo(new Owned("files", longName + "_v2"));
        assertThat(merged.warnings()).singleElement().asString().contains("this_one_cannot_fit")
                .contains("maxNameLength 64");
    }

    @Test
    void resourceUrisAreNotRewrittenAndTheFirstOwnerWins() {
        ListMerge.Merged merged = ListMerge.merge(ROUTE, "resources/list", List.of(
                answered("everything", "{\"resources\":[{\"uri\":\"file:///a\",\"name\":\"a\"}]}"),
                answered("files",
                        "{\"resources\":[{\"uri\":\"file:///a\",\"name\":\"a2\"},{\"uri\":\"file:///b\"}]}")));

        assertThat(merged.result().path("resources").findValuesAsText("uri")).containsExactly("file:///a",
                "file:///b");
        assertThat(merged.catalogue().resources().get("file:///a").upstream()).isEqualTo("everything");
        assertThat(merged.warnings()).containsExactly("resource \"file:///a\" is served by upstreams \"everything\""
                + " and \"files\"; \"everything\" answers for it");
    }

    @Test
    void discoverUnitesCapabilities() {
        ObjectNode merged = DiscoverMerge.merge(List.of(
                answered("everything", "{\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"tools\":"
                        + "{\"listChanged\":false},\"logging\":{}},\"serverInfo\":{\"name\":\"x\"},"
                        + "\"instructions\":\"secret-ish\"}"),
                new UpstreamAnswer.Unavailable("modern", UpstreamAnswer.Reason.REFUSED),
                answered("files", "{\"capabilities\":{\"tools\":{\"listChanged\":true},\"resources\":"
                        + "{\"subscribe\":true}}}")), "eragate", "1.0");

        assertThat(merged.path("capabilities").toString()).isEqualTo(
                "{\"tools\":{\"listChanged\":true},\"logging\":{},\"resources\":{\"subscribe\":true}}");
        assertThat(merged.path("serverInfo").path("name").asText()).isEqualTo("eragate");
        assertThat(merged.path("supportedVersions").get(0).asText()).isEqualTo("2026-07-28");
        assertThat(merged.has("instructions")).isFalse();
        assertThat(merged.path("_meta").path(ListMerge.UNAVAILABLE_META).get(0).path("upstream").asText())
                .isEqualTo("modern");
        assertThat(DiscoverMerge.merge(List.of(new UpstreamAnswer.Unavailable("a",
                UpstreamAnswer.Reason.UNREACHABLE)), "eragate", "1.0")).isNull();
    }

    private static UpstreamAnswer answered(String upstream, String json) {
        try {
            return new UpstreamAnswer.Answered(upstream, (ObjectNode) JsonRpcCodec.mapper().readTree(json));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
