package io.eragate.core.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class RoutingTest {

    private static final Route PLAIN_WITH_RULES = route("/tools", List.of("everything"), NamingMode.AS_IS,
            List.of(new RouteRule(NameGlob.of("tools/call"), NameGlob.of("add"), "modern"),
                    new RouteRule(NameGlob.of("resources/*"), NameGlob.of("file://*"), "files"),
                    new RouteRule(NameGlob.of("tools/call"), null, "catchall")));
    private static final Route FEDERATED = route("/mcp", List.of("github", "files", "legacy-crm"),
            NamingMode.PREFIXED, List.of(new RouteRule(NameGlob.of("tools/call"), NameGlob.of("*_echo"), "files")));
    private static final Route AS_IS = route("/as-is", List.of("a", "b"), NamingMode.AS_IS, List.of());
    private static final String LONG = "x".repeat(100);
    private static final String SHORTENED = ExposedNames.expose(NamingMode.PREFIXED, "github", LONG, 64).orElseThrow();
    private static final Catalogue CATALOGUE = new Catalogue(
            Map.of("github_issue", new Owned("github", "issue"), SHORTENED, new Owned("github", LONG),
                    "dup", new Owned("b", "dup")),
            Map.of("files_greet", new Owned("files", "greet")),
            Map.of("file:///a", new Owned("files", "file:///a")));

    static Stream<Arguments> decisions() {
        return Stream.of(
                // Rules first, on the validated method and name; first match wins.
                Arguments.of(PLAIN_WITH_RULES, RoutingKey.of("tools/call", "add"), null, one("modern", null)),
                Arguments.of(PLAIN_WITH_RULES, RoutingKey.of("tools/call", "sub"), null, one("catchall", null)),
                Arguments.of(PLAIN_WITH_RULES, RoutingKey.of("resources/read", "file:///x"), null,
                        one("files", null)),
                Arguments.of(PLAIN_WITH_RULES, RoutingKey.of("resources/read", "https://x"), null,
                        one("everything", null)),
                // A rule with a name glob never matches a request without a name.
                Arguments.of(PLAIN_WITH_RULES, RoutingKey.of("resources/list", null), null,
                        one("everything", null)),
                Arguments.of(PLAIN_WITH_RULES, RoutingKey.of("tools/list", null), null, one("everything", null)),
                // Federation: fan-out for lists and discovery.
                Arguments.of(FEDERATED, RoutingKey.of("tools/list", null), null,
                        new Destination.FanOut(List.of("github", "files", "legacy-crm"))),
                Arguments.of(FEDERATED, RoutingKey.of("server/discover", null), null,
                        new Destination.FanOut(List.of("github", "files", "legacy-crm"))),
                // Listen is merged: one leg per upstream.
                Arguments.of(FEDERATED, RoutingKey.of("subscriptions/listen", null), null,
                        new Destination.FanOut(List.of("github", "files", "legacy-crm"))),
                // Calls go to the owner, un-prefixed; the prefix suffices without a catalogue.
                Arguments.of(FEDERATED, RoutingKey.of("tools/call", "legacy-crm_find"), null,
                        one("legacy-crm", "find")),
                Arguments.of(FEDERATED, RoutingKey.of("prompts/get", "files_greet"), CATALOGUE,
                        one("files", "greet")),
                Arguments.of(FEDERATED, RoutingKey.of("tools/call", "nobody_x"), null,
                        new Destination.Unknown(NameKind.TOOL, "nobody_x")),
                // A rule on a federated prefixed route un-prefixes for its own upstream, and only for it.
                Arguments.of(FEDERATED, RoutingKey.of("tools/call", "files_echo"), null, one("files", "echo")),
                Arguments.of(FEDERATED, RoutingKey.of("tools/call", "github_echo"), null,
                        one("files", null)),
                // A shortened name needs the catalogue.
                Arguments.of(FEDERATED, RoutingKey.of("tools/call", SHORTENED), null,
                        new Destination.NeedsCatalogue()),
                Arguments.of(FEDERATED, RoutingKey.of("tools/call", SHORTENED), CATALOGUE, one("github", LONG)),
                // Resource URIs are not rewritten: the catalogue says who owns one; an unknown one goes first.
                Arguments.of(FEDERATED, RoutingKey.of("resources/read", "file:///a"), null,
                        new Destination.NeedsCatalogue()),
                Arguments.of(FEDERATED, RoutingKey.of("resources/read", "file:///a"), CATALOGUE,
                        one("files", null)),
                Arguments.of(FEDERATED, RoutingKey.of("resources/read", "mem://z"), CATALOGUE,
                        one("github", null)),
                // Completion routes by its reference.
                Arguments.of(FEDERATED, RoutingKey.completion("ref/prompt", "files_greet"), CATALOGUE,
                        one("files", "greet")),
                Arguments.of(FEDERATED, RoutingKey.completion("ref/other", "x"), CATALOGUE, one("github", null)),
                // As-is names: only the catalogue knows the owner.
                Arguments.of(AS_IS, RoutingKey.of("tools/call", "dup"), null, new Destination.NeedsCatalogue()),
                Arguments.of(AS_IS, RoutingKey.of("tools/call", "dup"), CATALOGUE, one("b", null)),
                Arguments.of(AS_IS, RoutingKey.of("tools/call", "zzz"), CATALOGUE,
                        new Destination.Unknown(NameKind.TOOL, "zzz")));
    }

    @ParameterizedTest(name = "{0} {1} -> {3}")
    @MethodSource("decisions")
    void decides(Route route, RoutingKey key, Catalogue catalogue, Destination expected) {
        assertThat(Routing.decide(route, key, catalogue)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} client, {1} upstream, {2} -> {3}")
    @CsvSource({
        "MODERN, MODERN_HTTP, tools/call, MODERN_PASS_THROUGH",
        "MODERN, LEGACY_HTTP, tools/call, BRIDGE",
        "MODERN, LEGACY_HTTP, subscriptions/listen, BRIDGE_LISTEN",
        "MODERN, LEGACY_SSE, tools/call, SESSION",
        "MODERN, LEGACY_SSE, subscriptions/listen, SESSION",
        "MODERN, STDIO, tools/call, SESSION",
        "MODERN, UNKNOWN, tools/call, ERA_UNKNOWN",
        "LEGACY, LEGACY_HTTP, tools/call, LEGACY_PASS_THROUGH",
        "MODERN, DUAL_HTTP, tools/call, MODERN_PASS_THROUGH",
        "MODERN, DUAL_HTTP, subscriptions/listen, MODERN_PASS_THROUGH",
        "LEGACY, LEGACY_HTTP, initialize, LEGACY_PASS_THROUGH",
        "LEGACY, DUAL_HTTP, tools/call, LEGACY_PASS_THROUGH",
        "LEGACY, DUAL_HTTP, initialize, LEGACY_PASS_THROUGH",
        "LEGACY, MODERN_HTTP, tools/call, LEGACY_FRONT",
        "LEGACY, MODERN_HTTP, initialize, LEGACY_FRONT",
        "LEGACY, LEGACY_SSE, tools/call, LEGACY_FRONT",
        "LEGACY, STDIO, tools/call, LEGACY_FRONT",
        "LEGACY, STDIO, initialize, LEGACY_FRONT",
        "LEGACY, UNKNOWN, tools/call, LEGACY_FRONT",
    })
    void choosesTheBack(ClientEra client, UpstreamShape shape, String method, Back expected) {
        assertThat(Routing.back(client, shape, method)).isEqualTo(expected);
    }

    @Test
    void aLegacyClientPassesThroughOnlyWhereEveryRequestOfTheRouteReachesOneUpstream() {
        assertThat(Routing.legacyPassThroughUpstream(new Route("/mcp", "a"))).contains("a");
        assertThat(Routing.legacyPassThroughUpstream(route("/one", List.of("a"), NamingMode.AS_IS,
                List.of(new RouteRule(NameGlob.of("tools/*"), null, "a"))))).contains("a");
        // A session split across upstreams breaks: the front keeps it at the gateway instead.
        assertThat(Routing.legacyPassThroughUpstream(FEDERATED)).isEmpty();
        assertThat(Routing.legacyPassThroughUpstream(PLAIN_WITH_RULES)).isEmpty();
    }

    @Test
    void aPlainRouteIsNotFederated() {
        assertThat(new Route("/mcp", "a").isFederated()).isFalse();
        assertThat(FEDERATED.isFederated()).isTrue();
        assertThat(PLAIN_WITH_RULES.reachableUpstreams()).containsExactly("everything", "modern", "files",
                "catchall");
    }

    private static Destination one(String upstream, String name) {
        return new Destination.One(upstream, name);
    }

    private static Route route(String path, List<String> upstreams, NamingMode names, List<RouteRule> rules) {
        return new Route(path, upstreams, names, rules, Duration.ofSeconds(5), 64);
    }
}
