package io.eragate.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Keeps the records, the reader, docs/configuration.md and conf/eragate.yaml in step: every key of the records is
 * read under its component's name, documented with its real default, and present in the default file.
 */
class ConfigDriftTest {

    private static final String UPSTREAM = "{name: everything, url: \"http://127.0.0.1:3001/mcp\"}";
    private static final String ROUTE = "{path: /mcp, upstream: everything}";
    private static final String MINIMAL = "upstreams: [" + UPSTREAM + "]\nroutes: [" + ROUTE + "]\n";
    /** A route names its one upstream as {@code upstream: x}, or several as {@code upstreams: [x, y]}. */
    private static final String ALIASED_UPSTREAMS = "upstream, upstreams";
    private static final Pattern DOCUMENTED_KEY = Pattern.compile("(?m)^\\| `([^`]+)` \\| [^|]+ \\| ([^|]+) \\|");

    /** Every section of the file (a record), by its path: "" for the top, "upstreams[]" for list entries. */
    private static Map<String, Class<?>> sections() {
        Map<String, Class<?>> sections = new LinkedHashMap<>();
        addSections("", GatewayConfig.class, sections);
        return sections;
    }

    private static void addSections(String path, Class<?> type, Map<String, Class<?>> sections) {
        sections.put(path, type);
        for (RecordComponent component : type.getRecordComponents()) {
            Class<?> nested = nestedRecord(component);
            if (nested != null) {
                String suffix = component.getType() == List.class ? "[]" : "";
                addSections(join(path, component.getName()) + suffix, nested, sections);
            }
        }
    }

    /** The record a component holds, directly or as list entries; null for a value. */
    private static Class<?> nestedRecord(RecordComponent component) {
        Class<?> type = component.getType();
        if (type == List.class) {
            type = (Class<?>) ((ParameterizedType) component.getGenericType()).getActualTypeArguments()[0];
        }
        return type.isRecord() ? type : null;
    }

    /** Every key that holds a value, by its documented path, such as "limits.maxBodyBytes" or "routes[].path". */
    private static Set<String> leafKeys() {
        Set<String> keys = new LinkedHashSet<>();
        sections().forEach((path, type) -> {
            for (RecordComponent component : type.getRecordComponents()) {
                if (nestedRecord(component) == null) {
                    keys.add(join(path, component.getName()));
                }
            }
        });
        return keys;
    }

    @Test
    void readerKnowsExactlyTheRecordComponentsOfEachSection() {
        Map<String, String> probes = new LinkedHashMap<>();
        probes.put("", MINIMAL + "zz: 1");
        probes.put("listen", MINIMAL + "listen: {zz: 1}");
        probes.put("admin", MINIMAL + "admin: {zz: 1}");
        probes.put("listen.tls", MINIMAL + "listen: {tls: {certificate: c, privateKey: k, zz: 1}}");
        probes.put("admin.tls", MINIMAL + "admin: {tls: {certificate: c, privateKey: k, zz: 1}}");
        probes.put("upstreams[]", MINIMAL.replace(UPSTREAM, UPSTREAM.replace("}", ", zz: 1}")));
        probes.put("routes[]", MINIMAL.replace(ROUTE, ROUTE.replace("}", ", zz: 1}")));
        probes.put("routes[].rules[]", MINIMAL.replace(ROUTE,
                ROUTE.replace("}", ", rules: [{match: {method: tools/call}, upstream: everything, zz: 1}]}")));
        probes.put("routes[].rules[].match", MINIMAL.replace(ROUTE,
                ROUTE.replace("}", ", rules: [{match: {method: tools/call, zz: 1}, upstream: everything}]}")));
        probes.put("upstreams[].oauth", MINIMAL.replace(UPSTREAM, UPSTREAM.replace("}",
                ", oauth: {tokenUrl: \"https://as/t\", clientId: c, clientSecret: s, zz: 1}}")));
        probes.put("upstreams[].oauth.tokenExchange", MINIMAL.replace(UPSTREAM, UPSTREAM.replace("}",
                ", oauth: {tokenUrl: \"https://as/t\", clientId: c, clientSecret: s, tokenExchange: {audience: a,"
                        + " zz: 1}}}")) + "auth: {issuer: \"https://as.example.com\"}\n");
        probes.put("security", MINIMAL + "security: {zz: 1}");
        probes.put("limits", MINIMAL + "limits: {zz: 1}");
        probes.put("eras", MINIMAL + "eras: {zz: 1}");
        probes.put("bridge", MINIMAL + "bridge: {zz: 1}");
        probes.put("mrtr", MINIMAL + "mrtr: {zz: 1}");
        probes.put("subscriptions", MINIMAL + "subscriptions: {zz: 1}");
        probes.put("legacyClients", MINIMAL + "legacyClients: {zz: 1}");
        probes.put("telemetry", MINIMAL + "telemetry: {zz: 1}");
        probes.put("telemetry.otlp", MINIMAL + "telemetry: {otlp: {zz: 1}}");
        probes.put("logging", MINIMAL + "logging: {zz: 1}");
        probes.put("health", MINIMAL + "health: {zz: 1}");
        probes.put("reload", MINIMAL + "reload: {zz: 1}");
        String auth = "auth: {issuer: \"https://as.example.com\"}\n";
        probes.put("auth", MINIMAL + "auth: {issuer: \"https://as.example.com\", zz: 1}");
        probes.put("auth.introspection", MINIMAL + "auth: {issuer: \"https://as.example.com\", introspection: "
                + "{endpoint: \"https://as.example.com/i\", clientId: c, clientSecret: s, zz: 1}}");
        probes.put("policies[]", MINIMAL + auth + "policies: [{match: {method: m}, scopes: [s], zz: 1}]");
        probes.put("policies[].match", MINIMAL + auth + "policies: [{match: {method: m, zz: 1}, scopes: [s]}]");
        probes.put("rateLimits", MINIMAL + "rateLimits: {zz: 1}");
        probes.put("rateLimits.rules[]", MINIMAL + "rateLimits: {rules: [{key: global, requests: 1, per: 1s, zz: 1}]}");
        probes.put("rateLimits.rules[].match",
                MINIMAL + "rateLimits: {rules: [{key: global, match: {zz: 1}, requests: 1, per: 1s}]}");
        probes.put("shutdown", MINIMAL + "shutdown: {zz: 1}");
        probes.put("sseClients", MINIMAL + "sseClients: {zz: 1}");
        assertThat(probes.keySet()).as("a probe for every section").isEqualTo(sections().keySet());

        sections().forEach((path, type) -> {
            String componentNames = Arrays.stream(type.getRecordComponents())
                    .map(RecordComponent::getName)
                    .map(name -> type == RouteConfig.class && name.equals("upstreams") ? ALIASED_UPSTREAMS : name)
                    .collect(Collectors.joining(", "));
            ConfigException failure = catchThrowableOfType(ConfigException.class,
                    () -> ConfigLoader.parse(probes.get(path), "probe.yaml"));

            assertThat(failure.problems()).as(type.getSimpleName()).containsExactly(
                    join(path.replace("[]", "[0]"), "zz") + ": unknown key (known: " + componentNames + ")");
        });
    }

    @Test
    void docsListEveryKeyAndNoOther() throws IOException {
        assertThat(documentedDefaults().keySet()).containsExactlyInAnyOrderElementsOf(leafKeys());
    }

    @Test
    void docsShowTheRealDefaults() throws Exception {
        Map<String, String> documented = documentedDefaults();
        GatewayConfig defaults = GatewayConfig.defaults();
        Map<String, Record> sections = Map.of("listen", defaults.listen(), "admin", defaults.admin(),
                "limits", defaults.limits());

        int checked = 0;
        for (Map.Entry<String, Record> section : sections.entrySet()) {
            for (RecordComponent component : section.getValue().getClass().getRecordComponents()) {
                if (nestedRecord(component) != null) {
                    continue;
                }
                String key = section.getKey() + "." + component.getName();
                Object value = component.getAccessor().invoke(section.getValue());
                if (value == null) {
                    // A list whose default is derived from other keys (admin.allowedHosts); documented in words.
                    assertThat(documented.get(key)).as(key).isNotNull();
                    continue;
                }
                assertThat(parseDocumented(key, documented.get(key), value)).as(key).isEqualTo(value);
                checked++;
            }
        }
        assertThat(checked).isEqualTo(18);
        EraSetting defaultEra = ConfigLoader.parse(MINIMAL, "t.yaml").upstreams().get(0).era();
        assertThat(documented.get("upstreams[].era")).isEqualTo("`" + defaultEra.yamlName() + "`");
    }

    @Test
    void defaultFileHasEveryKey() throws IOException {
        String file = Files.readString(RepositoryFiles.root().resolve("conf/eragate.yaml"));

        for (String key : leafKeys()) {
            String name = key.substring(key.lastIndexOf('.') + 1);
            Pattern line = Pattern.compile("(?m)^[ ]*(# )?(- )?" + Pattern.quote(name) + ":");
            assertThat(line.matcher(file).find()).as("conf/eragate.yaml has %s", key).isTrue();
        }
    }

    private static Map<String, String> documentedDefaults() throws IOException {
        String docs = Files.readString(RepositoryFiles.root().resolve("docs/configuration.md"));
        Map<String, String> defaults = new LinkedHashMap<>();
        Matcher row = DOCUMENTED_KEY.matcher(docs);
        while (row.find()) {
            assertThat(defaults.put(row.group(1), row.group(2).trim())).as("%s documented once", row.group(1))
                    .isNull();
        }
        return defaults;
    }

    /** A documented default, read with the syntax the file uses for a value of that kind. */
    private static Object parseDocumented(String key, String cell, Object actual) {
        assertThat(cell).as("default of %s", key).isNotNull().startsWith("`").endsWith("`");
        String text = cell.substring(1, cell.length() - 1);
        if (actual instanceof Duration) {
            return ConfigUnits.parseDuration(text).orElseThrow();
        }
        if (key.endsWith("Bytes")) {
            long bytes = ConfigUnits.parseSize(text).orElseThrow();
            return actual instanceof Integer ? (Object) (int) bytes : (Object) bytes;
        }
        if (actual instanceof Integer) {
            return Integer.parseInt(text);
        }
        if (actual instanceof Enum<?> constant) {
            return text.equals(ConfigMapping.yamlName(constant)) ? actual : text;
        }
        return text;
    }

    private static String join(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }
}
