package io.eragate.core.config;

import io.eragate.core.mcp.Methods;
import io.eragate.core.route.ExposedNames;
import io.eragate.core.route.NameGlob;
import io.eragate.core.route.NamingMode;
import io.eragate.core.route.Route;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads one route: its path, its upstream or upstreams, how a federated route names things, its rules and their
 * globs. Every problem names its key: an unknown upstream (in the route or a rule), both {@code upstream} and
 * {@code upstreams}, a glob that can never match, duplicate or overlapping prefixes.
 */
final class RouteReader {

    private static final Pattern UPSTREAM_NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final Pattern PATH_FORBIDDEN = Pattern.compile("[?#\\s]");
    /** Every method a client may send, of either era: what a method glob must be able to match. */
    private static final Set<String> ALL_METHODS = new TreeSet<>(Stream.concat(
            Methods.MODERN_CLIENT_REQUESTS.stream(), Methods.REMOVED_IN_MODERN.stream()).toList());
    private static final Duration MIN_FAN_OUT = Duration.ofMillis(1);
    private static final Duration MAX_FAN_OUT = Duration.ofMinutes(10);

    private RouteReader() {
    }

    /** One route; null when its path or upstreams are unusable. */
    static RouteConfig route(ConfigMapping entry, Set<String> upstreamNames, Set<String> paths) {
        String path = entry.requiredText("path");
        boolean pathUsable = false;
        if (path != null) {
            if (!path.startsWith("/")) {
                entry.problem("path", "must start with \"/\"");
            } else if (PATH_FORBIDDEN.matcher(path).find()) {
                entry.problem("path", "must not contain \"?\", \"#\" or whitespace, got " + ConfigMapping.quote(path));
            } else if (!paths.add(path)) {
                entry.problem("path", "duplicate path " + ConfigMapping.quote(path));
            } else {
                pathUsable = true;
            }
        }
        List<String> upstreams = upstreams(entry, upstreamNames);
        boolean federated = upstreams != null && upstreams.size() > 1;
        boolean namesGiven = entry.has("names");
        NamingMode names = entry.choice("names", NamingMode.class, federated ? NamingMode.PREFIXED : NamingMode.AS_IS);
        if (namesGiven && upstreams != null && !federated) {
            entry.problem("names", "applies only to a route with several upstreams (upstreams: [a, b])");
        }
        List<RuleConfig> rules = entry.list("rules", null, rule -> rule(rule, upstreamNames));
        Duration fanOutTimeout = entry.duration("fanOutTimeout", Route.DEFAULT_FAN_OUT_TIMEOUT, MIN_FAN_OUT,
                MAX_FAN_OUT);
        int maxNameLength = entry.integer("maxNameLength", Route.DEFAULT_MAX_NAME_LENGTH,
                ExposedNames.MIN_NAME_LENGTH, ExposedNames.MAX_NAME_LENGTH);
        List<String> scopes = IdentityConfigReader.scopes(entry);
        if (federated && names == NamingMode.PREFIXED) {
            checkPrefixes(entry, upstreams);
        }
        if (!pathUsable || upstreams == null) {
            return null;
        }
        return new RouteConfig(path, upstreams, names, rules, fanOutTimeout, maxNameLength, scopes);
    }

    /** The route's upstreams from exactly one of {@code upstream} and {@code upstreams}; null when unusable. */
    private static List<String> upstreams(ConfigMapping entry, Set<String> upstreamNames) {
        boolean single = entry.has("upstream");
        boolean several = entry.has("upstreams");
        if (single && several) {
            entry.problem("upstreams", "give either upstream (one server) or upstreams (a federated route),"
                    + " not both");
            return null;
        }
        if (!single && !several) {
            entry.problem("upstream", "is required (or upstreams: [a, b] for a federated route)");
            return null;
        }
        if (single) {
            String upstream = entry.requiredText("upstream");
            return upstream != null && known(entry, "upstream", upstream, upstreamNames) ? List.of(upstream) : null;
        }
        List<String> listed = entry.textList("upstreams", name -> !name.isEmpty(), "must be an upstream name");
        if (listed == null) {
            return null;
        }
        if (listed.isEmpty()) {
            entry.problem("upstreams", "must name at least one upstream");
            return null;
        }
        Set<String> distinct = new LinkedHashSet<>();
        boolean usable = true;
        for (String name : listed) {
            if (!distinct.add(name)) {
                entry.problem("upstreams", "names " + ConfigMapping.quote(name) + " twice");
                usable = false;
            } else if (!known(entry, "upstreams", name, upstreamNames)) {
                usable = false;
            }
        }
        return usable ? List.copyOf(distinct) : null;
    }

    /** One rule; null when unusable. */
    private static RuleConfig rule(ConfigMapping rule, Set<String> upstreamNames) {
        RuleConfig.RuleMatch match = rule.mapping("match", RouteReader::match);
        String upstream = rule.requiredText("upstream");
        boolean upstreamKnown = upstream != null && known(rule, "upstream", upstream, upstreamNames);
        if (match == null || !upstreamKnown) {
            return null;
        }
        return new RuleConfig(match, upstream);
    }

    private static RuleConfig.RuleMatch match(ConfigMapping match) {
        boolean hasMethod = match.has("method");
        boolean hasName = match.has("name");
        NameGlob method = glob(match, "method");
        NameGlob name = glob(match, "name");
        if (!hasMethod && !hasName) {
            match.problem("method", "a rule must match on method, name or both");
            return null;
        }
        if (hasMethod && method == null || hasName && name == null) {
            return null;
        }
        NameGlob methodGlob = method == null ? NameGlob.any() : method;
        List<String> methods = ALL_METHODS.stream().filter(methodGlob::matches).toList();
        if (methods.isEmpty()) {
            match.problem("method", "glob " + ConfigMapping.quote(methodGlob.toString())
                    + " can never match: no MCP client request is called that (known: "
                    + String.join(", ", ALL_METHODS) + ")");
            return null;
        }
        if (name != null && methods.stream().noneMatch(RouteReader::carriesName)) {
            match.problem("name", "can never match: " + String.join(", ", methods)
                    + " carry no name (names come with tools/call, prompts/get, resources/read and"
                    + " completion/complete)");
            return null;
        }
        return new RuleConfig.RuleMatch(methodGlob.toString(), hasName ? name.toString() : null);
    }

    private static boolean carriesName(String method) {
        return Methods.nameField(method) != null || Methods.COMPLETION_COMPLETE.equals(method);
    }

    private static NameGlob glob(ConfigMapping match, String key) {
        String text = match.text(key, null, value -> true, "");
        if (text == null) {
            return null;
        }
        try {
            return NameGlob.of(text);
        } catch (IllegalArgumentException e) {
            match.problem(key, e.getMessage());
            return null;
        }
    }

    private static boolean known(ConfigMapping entry, String key, String upstream, Set<String> upstreamNames) {
        if (upstreamNames.contains(upstream)) {
            return true;
        }
        List<String> validNames = upstreamNames.stream().filter(name -> UPSTREAM_NAME.matcher(name).matches()).toList();
        String known = validNames.isEmpty() ? "none" : String.join(", ", validNames);
        entry.problem(key, "unknown upstream " + ConfigMapping.quote(upstream) + " (known: " + known + ")");
        return false;
    }

    /** Prefixed names of two upstreams could collide when one prefix begins the other ({@code a_} and {@code a_b_}). */
    private static void checkPrefixes(ConfigMapping entry, List<String> upstreams) {
        for (int i = 0; i < upstreams.size(); i++) {
            for (int j = i + 1; j < upstreams.size(); j++) {
                if (ExposedNames.prefixesOverlap(upstreams.get(i), upstreams.get(j))) {
                    entry.problem("upstreams", "duplicate prefixes: names of " + ConfigMapping.quote(upstreams.get(i))
                            + " (\"" + upstreams.get(i) + "_...\") and " + ConfigMapping.quote(upstreams.get(j))
                            + " (\"" + upstreams.get(j) + "_...\") could collide; rename one upstream or use"
                            + " names: as-is");
                }
            }
        }
    }
}
