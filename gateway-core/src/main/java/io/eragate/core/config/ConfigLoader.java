package io.eragate.core.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Loads and validates a YAML configuration. The YAML becomes a tree first, then one walk over it reads every section
 * and collects every problem, so that a single run of {@code validate-config} shows them all.
 *
 * <p>Problems with the file itself (missing, unreadable, a YAML syntax error, empty) start with its source name;
 * problems with a value start with the key's path, such as {@code upstreams[0].url}.
 */
public final class ConfigLoader {

    /** Larger files are refused before parsing: a configuration is a few kilobytes. */
    static final long MAX_FILE_BYTES = ConfigUnits.MIB;

    private static final Pattern DUPLICATE_KEY = Pattern.compile("Duplicate field '(.*)'");
    private static final YAMLMapper MAPPER = YAMLMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private ConfigLoader() {
    }

    /**
     * Reads, parses and validates a configuration file.
     *
     * @throws ConfigException with every problem found
     */
    public static GatewayConfig load(Path file) throws ConfigException {
        Objects.requireNonNull(file, "file");
        String source = file.toString();
        if (Files.isDirectory(file)) {
            throw new ConfigException(List.of(source + ": is a directory, not a file"));
        }
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new ConfigException(List.of(source + ": is larger than "
                        + ConfigUnits.formatSize(MAX_FILE_BYTES) + "; this is not a configuration file"));
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException missing) {
            throw new ConfigException(List.of(source + ": file not found"));
        } catch (AccessDeniedException denied) {
            throw new ConfigException(List.of(source + ": cannot be read: permission denied"));
        } catch (IOException unreadable) {
            throw new ConfigException(List.of(source + ": cannot be read: " + unreadable));
        }
        return parse(decodeUtf8(bytes, source), source);
    }

    /**
     * Parses and validates configuration text.
     *
     * @param yaml       the YAML text
     * @param sourceName where the text came from, used as the prefix of problems with the text itself
     * @throws ConfigException with every problem found
     */
    public static GatewayConfig parse(String yaml, String sourceName) throws ConfigException {
        Objects.requireNonNull(yaml, "yaml");
        Objects.requireNonNull(sourceName, "sourceName");
        if (yaml.length() > MAX_FILE_BYTES) {
            throw new ConfigException(List.of(sourceName + ": is larger than "
                    + ConfigUnits.formatSize(MAX_FILE_BYTES) + "; this is not a configuration file"));
        }
        ObjectNode root = readTree(yaml, sourceName);
        Problems problems = new Problems();
        ConfigMapping mapping = ConfigMapping.root(root, problems);
        GatewayConfig config = ConfigReader.gateway(mapping);
        mapping.rejectUnknownKeys();
        if (!problems.isEmpty()) {
            throw new ConfigException(problems.list());
        }
        return config;
    }

    private static ObjectNode readTree(String yaml, String sourceName) throws ConfigException {
        rejectSyntaxErrorsAndAliases(yaml, sourceName);
        JsonNode root;
        try {
            root = MAPPER.readTree(yaml);
        } catch (JsonProcessingException syntaxError) {
            throw new ConfigException(List.of(syntaxProblem(sourceName, syntaxError)));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new ConfigException(List.of(sourceName + ": is empty; a configuration needs at least"
                    + " upstreams and routes"));
        }
        if (!root.isObject()) {
            throw new ConfigException(List.of(sourceName + ": expected a mapping of keys at the top level, got "
                    + ConfigMapping.describe(root)));
        }
        return (ObjectNode) root;
    }

    /**
     * Jackson's tree reader turns a YAML alias ({@code *name}) into the plain string {@code name}, which would then be
     * validated as if the user had written it. A first pass over the tokens rejects aliases with their position, and
     * reports a syntax error or a duplicate key before the tree is built.
     */
    private static void rejectSyntaxErrorsAndAliases(String yaml, String sourceName) throws ConfigException {
        Problems problems = new Problems();
        try (JsonParser parser = MAPPER.getFactory().createParser(yaml)) {
            YAMLParser yamlParser = (YAMLParser) parser;
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (yamlParser.isCurrentAlias()) {
                    problems.add(sourceName, "line " + parser.currentTokenLocation().getLineNr() + ", column "
                            + parser.currentTokenLocation().getColumnNr() + ": YAML aliases (*" + parser.getText()
                            + ") are not supported; write the value out");
                }
            }
        } catch (JsonProcessingException syntaxError) {
            problems.add("", syntaxProblem(sourceName, syntaxError));
        } catch (IOException impossible) {
            throw new IllegalStateException("reading from a string failed", impossible);
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems.list());
        }
    }

    private static String syntaxProblem(String sourceName, JsonProcessingException error) {
        if (error.getCause() instanceof MarkedYAMLException yamlError && yamlError.getProblemMark() != null) {
            Mark mark = yamlError.getProblemMark();
            return sourceName + ": YAML syntax error at line " + (mark.getLine() + 1) + ", column "
                    + (mark.getColumn() + 1) + ": " + firstLine(yamlError.getProblem());
        }
        int line = error.getLocation().getLineNr();
        Matcher duplicate = DUPLICATE_KEY.matcher(firstLine(error.getOriginalMessage()));
        if (duplicate.matches()) {
            // Jackson points after the key, so only the line is worth showing.
            return sourceName + ": duplicate key " + ConfigMapping.quote(duplicate.group(1)) + " at line " + line;
        }
        return sourceName + ": YAML syntax error at line " + line + ", column " + error.getLocation().getColumnNr()
                + ": " + firstLine(error.getOriginalMessage());
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "unreadable YAML";
        }
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }

    private static String decodeUtf8(byte[] bytes, String source) throws ConfigException {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException notUtf8) {
            throw new ConfigException(List.of(source + ": is not valid UTF-8 text"));
        }
    }
}
