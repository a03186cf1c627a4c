package io.eragate.core.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One YAML mapping of the configuration, read key by key. Every accessor registers its key as known, reports a
 * problem (with the key's full path) instead of throwing, and returns the default when the value is unusable, so
 * that one walk finds every problem. After a section's reader ran, {@link #rejectUnknownKeys()} reports the keys
 * nobody asked for. Adding a key to a section is therefore one accessor call in its reader.
 */
final class ConfigMapping {

    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final int MAX_SHOWN_CHARS = 60;
    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i)secret|token|passw(or)?d|credential|api[_-]?key|private[_-]?key|auth|cookie|headers|bearer");
    private static final String DURATION_SYNTAX =
            "a duration such as 500ms, 30s, 5m or 1h (a plain integer is milliseconds)";
    private static final String SIZE_SYNTAX = "a size such as 65536 (bytes), 64KiB, 4MiB or 1GiB";

    private final String path;
    private final ObjectNode node;
    private final Problems problems;
    private final Set<String> knownKeys = new LinkedHashSet<>();

    private ConfigMapping(String path, ObjectNode node, Problems problems) {
        this.path = path;
        this.node = node;
        this.problems = problems;
    }

    /** The top-level mapping of a document. */
    static ConfigMapping root(ObjectNode node, Problems problems) {
        return new ConfigMapping("", node, problems);
    }

    /**
     * Applies {@code reader} to an empty mapping: the built-in defaults of a section, which must need no key.
     *
     * @throws IllegalStateException if the reader requires a key
     */
    static <T> T defaults(Function<ConfigMapping, T> reader) {
        Problems problems = new Problems();
        T value = reader.apply(new ConfigMapping("", JsonNodeFactory.instance.objectNode(), problems));
        if (!problems.isEmpty()) {
            throw new IllegalStateException("a section with required keys has no defaults: " + problems.list());
        }
        return value;
    }

    /** The full path of a key of this mapping, as problems show it. */
    String pathOf(String key) {
        String shownKey = PLAIN_KEY.matcher(key).matches() ? key : quote(key);
        return path.isEmpty() ? shownKey : path + "." + shownKey;
    }

    /** The path of this mapping itself. */
    String path() {
        return path;
    }

    /** Reports a problem with the value of {@code key}. */
    void problem(String key, String message) {
        problems.add(pathOf(key), message);
    }

    /** Reports a problem with entry {@code index} of the list {@code key}, without showing its value. */
    void problemAt(String key, int index, String message) {
        problems.add(pathOf(key) + "[" + index + "]", message);
    }

    /** How many problems the whole walk has found so far. */
    int problemCount() {
        return problems.count();
    }

    /** A string, or {@code defaultValue} when absent; {@code valid} decides whether it is usable. */
    String text(String key, String defaultValue, Predicate<String> valid, String requirement) {
        JsonNode value = take(key);
        if (value == null) {
            return defaultValue;
        }
        String text = textOf(key, value);
        if (text == null) {
            return defaultValue;
        }
        if (!valid.test(text)) {
            problem(key, requirement + ", got " + shown(pathOf(key), value));
            return defaultValue;
        }
        return text;
    }

    /** A string that must be present; null (with a problem reported) when it is absent or not a string. */
    String requiredText(String key) {
        JsonNode value = take(key);
        if (value == null) {
            problem(key, "is required");
            return null;
        }
        return textOf(key, value);
    }

    /** An integer within {@code [min, max]}, or {@code defaultValue} when absent. */
    int integer(String key, int defaultValue, int min, int max) {
        JsonNode value = take(key);
        if (value == null) {
            return defaultValue;
        }
        if (!value.isIntegralNumber()) {
            typeProblem(key, "an integer", value);
            return defaultValue;
        }
        if (!value.canConvertToLong() || value.asLong() < min || value.asLong() > max) {
            problem(key, "must be between " + min + " and " + max + ", got " + shown(pathOf(key), value));
            return defaultValue;
        }
        return value.intValue();
    }

    /** A size in bytes within {@code [min, max]}, or {@code defaultValue} when absent. */
    long size(String key, long defaultValue, long min, long max) {
        JsonNode value = take(key);
        if (value == null) {
            return defaultValue;
        }
        OptionalLong bytes = OptionalLong.empty();
        if (value.isIntegralNumber()) {
            bytes = OptionalLong.of(value.canConvertToLong() ? value.asLong() : Long.MAX_VALUE);
        } else if (value.isTextual()) {
            bytes = ConfigUnits.parseSize(value.textValue());
        }
        if (bytes.isEmpty()) {
            typeProblem(key, SIZE_SYNTAX, value);
            return defaultValue;
        }
        if (bytes.getAsLong() < min || bytes.getAsLong() > max) {
            problem(key, "must be between " + ConfigUnits.formatSize(min) + " and " + ConfigUnits.formatSize(max)
                    + ", got " + shown(pathOf(key), value));
            return defaultValue;
        }
        return bytes.getAsLong();
    }

    /** A size in bytes that fits an {@code int}, within {@code [min, max]}. */
    int intSize(String key, int defaultValue, int min, int max) {
        return (int) size(key, defaultValue, min, max);
    }

    /** A duration within {@code [min, max]}, or {@code defaultValue} when absent. */
    Duration duration(String key, Duration defaultValue, Duration min, Duration max) {
        JsonNode value = take(key);
        if (value == null) {
            return defaultValue;
        }
        Duration duration = null;
        if (value.isIntegralNumber()) {
            duration = value.canConvertToLong() && value.asLong() >= 0
                    ? Duration.ofMillis(value.asLong()) : Duration.ofSeconds(Long.MAX_VALUE);
        } else if (value.isTextual()) {
            duration = ConfigUnits.parseDuration(value.textValue()).orElse(null);
        }
        if (duration == null) {
            typeProblem(key, DURATION_SYNTAX, value);
            return defaultValue;
        }
        if (duration.compareTo(min) < 0 || duration.compareTo(max) > 0) {
            problem(key, "must be between " + ConfigUnits.formatDuration(min) + " and "
                    + ConfigUnits.formatDuration(max) + ", got " + shown(pathOf(key), value));
            return defaultValue;
        }
        return duration;
    }

    /** A YAML boolean ({@code true} or {@code false}), or {@code defaultValue} when absent. */
    boolean bool(String key, boolean defaultValue) {
        JsonNode value = take(key);
        if (value == null) {
            return defaultValue;
        }
        if (!value.isBoolean()) {
            typeProblem(key, "true or false", value);
            return defaultValue;
        }
        return value.booleanValue();
    }

    /** One of the constants of {@code type}, written in lower case, or {@code defaultValue} when absent. */
    /** How an enum constant is written in YAML: lower case, words joined by hyphens. */
    static String yamlName(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    <E extends Enum<E>> E choice(String key, Class<E> type, E defaultValue) {
        JsonNode value = take(key);
        if (value == null) {
            return defaultValue;
        }
        E[] constants = type.getEnumConstants();
        for (E constant : constants) {
            if (value.isTextual() && value.textValue().equals(yamlName(constant))) {
                return constant;
            }
        }
        String names = Arrays.stream(constants)
                .map(ConfigMapping::yamlName)
                .collect(Collectors.joining(", "));
        problem(key, "must be one of " + names + ", got " + shown(pathOf(key), value));
        return defaultValue;
    }

    /**
     * A list of strings, or null when the key is absent (so that an explicit empty list stays distinguishable).
     * Each entry that is not a string or fails {@code valid} is reported with its index.
     */
    List<String> textList(String key, Predicate<String> valid, String requirement) {
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        if (!value.isArray()) {
            typeProblem(key, "a list", value);
            return null;
        }
        List<String> texts = new ArrayList<>();
        for (int index = 0; index < value.size(); index++) {
            JsonNode entry = value.get(index);
            String entryPath = pathOf(key) + "[" + index + "]";
            if (!entry.isTextual()) {
                problems.add(entryPath, "expected a string, got " + shown(entryPath, entry));
            } else if (!valid.test(entry.textValue())) {
                problems.add(entryPath, requirement + ", got " + shown(entryPath, entry));
            } else {
                texts.add(entry.textValue());
            }
        }
        return List.copyOf(texts);
    }

    /** A string or a list of strings, as a list; null when the key is absent. */
    List<String> textOrTextList(String key, Predicate<String> valid, String requirement) {
        JsonNode value = node.get(key);
        if (value != null && value.isTextual()) {
            String text = text(key, null, valid, requirement);
            return text == null ? List.of() : List.of(text);
        }
        return textList(key, valid, requirement);
    }

    /**
     * A mapping of strings to strings, or null when the key is absent. A member whose name fails {@code validName}, or
     * whose value is not a string, is reported with its name.
     */
    Map<String, String> textMap(String key, Predicate<String> validName, String nameRequirement) {
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        if (!value.isObject()) {
            typeProblem(key, "a mapping", value);
            return null;
        }
        Map<String, String> texts = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> member : value.properties()) {
            String memberPath = pathOf(key) + "." + (PLAIN_KEY.matcher(member.getKey()).matches()
                    ? member.getKey() : quote(member.getKey()));
            if (!validName.test(member.getKey())) {
                problems.add(memberPath, nameRequirement);
            } else if (!member.getValue().isTextual()) {
                problems.add(memberPath, "expected a string (quote numbers and booleans), got "
                        + shown(memberPath, member.getValue()));
            } else {
                texts.put(member.getKey(), member.getValue().textValue());
            }
        }
        return texts;
    }

    /** Whether {@code key} is present (with any value, even an empty one); the key counts as known. */
    boolean has(String key) {
        return take(key) != null;
    }

    /** Whether {@code key} holds a list with no entries. */
    boolean isEmptyList(String key) {
        JsonNode value = node.get(key);
        return value != null && value.isArray() && value.isEmpty();
    }

    /**
     * A nested mapping read by {@code reader}. An absent or empty ({@code key:} alone) mapping is read as empty, so
     * that its defaults apply.
     */
    <T> T mapping(String key, Function<ConfigMapping, T> reader) {
        JsonNode value = take(key);
        ObjectNode child = JsonNodeFactory.instance.objectNode();
        if (value != null && value.isObject()) {
            child = (ObjectNode) value;
        } else if (value != null && !value.isNull()) {
            typeProblem(key, "a mapping", value);
        }
        return readChild(pathOf(key), child, reader);
    }

    /**
     * A list of mappings, each read by {@code reader} (whose null results, for entries too broken to build, are
     * dropped). When {@code requiredItem} is not null, an absent or empty list is a problem naming that item.
     */
    <T> List<T> list(String key, String requiredItem, Function<ConfigMapping, T> reader) {
        JsonNode value = take(key);
        if (value == null || value.isArray() && value.isEmpty()) {
            if (requiredItem != null) {
                problem(key, "at least one " + requiredItem + " is required");
            }
            return List.of();
        }
        if (!value.isArray()) {
            typeProblem(key, "a list", value);
            return List.of();
        }
        List<T> items = new ArrayList<>();
        for (int index = 0; index < value.size(); index++) {
            JsonNode entry = value.get(index);
            String entryPath = pathOf(key) + "[" + index + "]";
            if (!entry.isObject()) {
                problems.add(entryPath, "expected a mapping, got " + shown(entryPath, entry));
                continue;
            }
            T item = readChild(entryPath, (ObjectNode) entry, reader);
            if (item != null) {
                items.add(item);
            }
        }
        return List.copyOf(items);
    }

    /** Reports every key of this mapping that no accessor asked for, with the keys that are known. */
    void rejectUnknownKeys() {
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!knownKeys.contains(name)) {
                String known = knownKeys.isEmpty() ? "none" : String.join(", ", knownKeys);
                problem(name, "unknown key (known: " + known + ")");
            }
        }
    }

    /** A value as a problem message shows it: strings quoted and shortened, mappings and lists by kind. */
    static String describe(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "an empty value";
        }
        if (value.isObject()) {
            return "a mapping";
        }
        if (value.isArray()) {
            return "a list";
        }
        if (value.isTextual()) {
            return quote(value.textValue());
        }
        return shorten(value.asText());
    }

    /**
     * A value as the problem about the key at {@code path} shows it: {@link #describe}, except for a key whose values
     * may be secrets (see {@link #holdsSecret}), whose value is never printed, only its length: a rejected secret is
     * still a secret, and problems end up in terminals, CI logs and bug reports.
     */
    static String shown(String path, JsonNode value) {
        if (!holdsSecret(path) || value == null || value.isNull() || value.isMissingNode() || value.isContainerNode()) {
            return describe(value);
        }
        return "a value of " + value.asText().length() + " characters (not shown: " + path + " may hold a secret)";
    }

    /**
     * Whether the key at {@code path} may hold a secret, judged by its names: any part of the path that names a
     * secret, token, password, credential, API or private key, auth, cookie or headers (so also {@code env} entries
     * such as {@code API_TOKEN}, and every value under a {@code headers} mapping).
     */
    static boolean holdsSecret(String path) {
        return SECRET_NAME.matcher(path).find();
    }

    /** A string as a problem message shows it: JSON-quoted, so that no control character breaks the line. */
    static String quote(String text) {
        return new TextNode(shorten(text)).toString();
    }

    private <T> T readChild(String childPath, ObjectNode child, Function<ConfigMapping, T> reader) {
        ConfigMapping mapping = new ConfigMapping(childPath, child, problems);
        T value = reader.apply(mapping);
        mapping.rejectUnknownKeys();
        return value;
    }

    private JsonNode take(String key) {
        Objects.requireNonNull(key, "key");
        knownKeys.add(key);
        return node.get(key);
    }

    private String textOf(String key, JsonNode value) {
        if (!value.isTextual()) {
            typeProblem(key, "a string", value);
            return null;
        }
        return value.textValue();
    }

    private void typeProblem(String key, String expected, JsonNode value) {
        problem(key, "expected " + expected + ", got " + shown(pathOf(key), value));
    }

    private static String shorten(String text) {
        return text.length() <= MAX_SHOWN_CHARS ? text : text.substring(0, MAX_SHOWN_CHARS) + "...";
    }
}
