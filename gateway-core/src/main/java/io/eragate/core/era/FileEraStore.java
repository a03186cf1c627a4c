package io.eragate.core.era;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.mcp.Era;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps era verdicts in one JSON file:
 * <pre>{@code
 * {"format":1,"origins":[{"scheme":"http","host":"127.0.0.1","port":3001,"path":"/mcp","era":"legacy",
 *   "learnedBy":"probe","learnedAt":"2026-12-02T14:00:00Z","detail":"HTTP 400 with JSON-RPC error -32000 …"}]}
 * }</pre>
 * Writes go to a temporary file in the same directory, which is flushed to disk and then moved over the old file, so
 * a crash leaves either the old or the new content. A missing file is a first start; an unreadable or corrupt one is
 * logged and treated as empty, as is any single malformed entry: the cost is only a re-probe.
 *
 * <p>Staleness is the cache's concern: entries keep {@code learnedAt}, and {@link EraCache} re-probes those older than
 * its TTL. Blocking I/O; thread-safe for one writer at a time, which is how {@link EraCache} uses it.
 */
public final class FileEraStore implements EraStore {

    private static final Logger LOG = LoggerFactory.getLogger(FileEraStore.class);
    private static final int FORMAT = 1;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path file;

    /** A store kept in {@code file}; its directory is created on the first save if needed. */
    public FileEraStore(Path file) {
        this.file = Objects.requireNonNull(file, "file").toAbsolutePath();
    }

    @Override
    public Map<OriginKey, EraRecord> load() {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            LOG.info("No era file at {} yet; every origin will be probed", file);
            return Map.of();
        } catch (IOException | RuntimeException e) {
            LOG.warn("Ignoring the era file {}: it cannot be read as JSON ({}); every origin will be probed", file,
                    e.toString());
            return Map.of();
        }
        JsonNode origins = root == null ? null : root.get("origins");
        if (origins == null || !origins.isArray() || root.path("format").asInt() != FORMAT) {
            LOG.warn("Ignoring the era file {}: expected an object with format {} and an origins array; every origin "
                    + "will be probed", file, FORMAT);
            return Map.of();
        }
        Map<OriginKey, EraRecord> records = new LinkedHashMap<>();
        for (JsonNode entry : origins) {
            try {
                EraRecord record = fromJson(entry);
                records.put(record.origin(), record);
            } catch (RuntimeException e) {
                LOG.warn("Ignoring an entry of the era file {}: {} ({})", file, entry, e.getMessage());
            }
        }
        return records;
    }

    @Override
    public void save(Collection<EraRecord> records) {
        Objects.requireNonNull(records, "records");
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        ArrayNode origins = root.putArray("origins");
        records.stream()
                .sorted(Comparator.comparing(record -> record.origin().toString()))
                .forEach(record -> origins.add(toJson(record)));
        Path temp = null;
        try {
            Path directory = file.getParent();
            Files.createDirectories(directory);
            temp = Files.createTempFile(directory, file.getFileName() + ".", ".tmp");
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer bytes = ByteBuffer.wrap(JSON.writeValueAsBytes(root));
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
                channel.force(true);
            }
            moveIntoPlace(temp);
            temp = null;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the era file " + file, e);
        } finally {
            deleteQuietly(temp);
        }
    }

    private void moveIntoPlace(Path temp) throws IOException {
        try {
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path temp) {
        if (temp == null) {
            return;
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            LOG.warn("Could not delete the temporary era file {}: {}", temp, e.toString());
        }
    }

    private static ObjectNode toJson(EraRecord record) {
        ObjectNode node = JSON.createObjectNode();
        node.put("scheme", record.origin().scheme());
        node.put("host", record.origin().host());
        node.put("port", record.origin().port());
        node.put("path", record.origin().path());
        node.put("era", record.era().name().toLowerCase(Locale.ROOT));
        node.put("learnedBy", record.learnedBy());
        node.put("learnedAt", record.learnedAt().toString());
        node.put("detail", record.detail());
        if (record.dualEra()) {
            node.put("dualEra", true);
        }
        return node;
    }

    private static EraRecord fromJson(JsonNode node) {
        OriginKey origin = new OriginKey(text(node, "scheme"), text(node, "host"), node.path("port").asInt(-1),
                text(node, "path"));
        Era era = Era.valueOf(text(node, "era").toUpperCase(Locale.ROOT));
        return new EraRecord(origin, era, text(node, "learnedBy"), Instant.parse(text(node, "learnedAt")),
                node.path("detail").asText(""), era == Era.MODERN && node.path("dualEra").asBoolean(false));
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException(field + " is missing or not a string");
        }
        return value.textValue();
    }
}
