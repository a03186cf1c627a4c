package io.eragate.core.era;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.eragate.core.mcp.Era;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileEraStoreTest {

    private static final OriginKey A = OriginKey.of(URI.create("http://127.0.0.1:3001/mcp"));
    private static final OriginKey B = OriginKey.of(URI.create("https://mcp.example.com/v1/mcp"));
    private static final EraRecord LEGACY_A = new EraRecord(A, Era.LEGACY, EraRecord.PROBE,
            Instant.parse("2026-12-02T10:00:00Z"), "HTTP 400 with JSON-RPC error -32000 \"Bad Request\"");
    private static final EraRecord MODERN_B = new EraRecord(B, Era.MODERN, EraRecord.CONTRADICTION,
            Instant.parse("2026-12-02T11:30:00.123456789Z"), "DiscoverResult lists [2026-07-28]");

    @TempDir
    Path dir;

    @Test
    void aMissingFileIsEmpty() {
        assertThat(new FileEraStore(dir.resolve("eras.json")).load()).isEmpty();
    }

    @Test
    void roundTripsRecords() {
        FileEraStore store = new FileEraStore(dir.resolve("eras.json"));

        store.save(List.of(MODERN_B, LEGACY_A));

        assertThat(store.load()).containsOnly(
                entry(A, LEGACY_A),
                entry(B, MODERN_B));
    }

    @Test
    void aDualEraOriginStaysDualEra() {
        FileEraStore store = new FileEraStore(dir.resolve("eras.json"));
        EraRecord dual = new EraRecord(B, Era.MODERN, EraRecord.PROBE, Instant.parse("2026-12-03T10:00:00Z"),
                "DiscoverResult lists [2026-07-28], and it answers a 2025-11-25 initialize (dual-era)", true);

        store.save(List.of(dual, LEGACY_A));

        assertThat(store.load()).containsOnly(entry(A, LEGACY_A), entry(B, dual));
    }

    @Test
    void writesReadableJsonSortedByOrigin() throws IOException {
        Path file = dir.resolve("eras.json");

        new FileEraStore(file).save(List.of(MODERN_B, LEGACY_A));

        String json = Files.readString(file);
        assertThat(json).contains("\"format\" : 1", "\"era\" : \"legacy\"", "\"learnedAt\" : \"2026-12-02T10:00:00Z\"");
        assertThat(json.indexOf("127.0.0.1")).isLessThan(json.indexOf("mcp.example.com"));
    }

    @Test
    void aSaveReplacesTheWholeContent() {
        FileEraStore store = new FileEraStore(dir.resolve("eras.json"));
        store.save(List.of(LEGACY_A, MODERN_B));

        store.save(List.of(MODERN_B));

        assertThat(store.load()).containsOnlyKeys(B);
    }

    @Test
    void createsTheDirectoryAndLeavesNoTemporaryFiles() throws IOException {
        Path file = dir.resolve("state/eragate/eras.json");

        new FileEraStore(file).save(List.of(LEGACY_A));

        try (Stream<Path> files = Files.list(file.getParent())) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void aCorruptFileIsEmpty() throws IOException {
        Path file = dir.resolve("eras.json");
        Files.writeString(file, "{\"format\":1,\"origins\":[{\"scheme\":\"ht");

        assertThat(new FileEraStore(file).load()).isEmpty();
    }

    @Test
    void anUnknownFormatIsEmpty() throws IOException {
        Path file = dir.resolve("eras.json");
        Files.writeString(file, "{\"format\":2,\"origins\":[]}");

        assertThat(new FileEraStore(file).load()).isEmpty();
    }

    @Test
    void aBadEntryIsSkippedAndTheRestLoaded() throws IOException {
        Path file = dir.resolve("eras.json");
        FileEraStore store = new FileEraStore(file);
        store.save(List.of(LEGACY_A));
        String good = Files.readString(file, StandardCharsets.UTF_8);
        String withBadEntries = good.replace("\"origins\" : [", "\"origins\" : [ {\"scheme\":\"http\",\"host\":\"h\","
                + "\"port\":80,\"path\":\"/\",\"era\":\"ancient\",\"learnedBy\":\"probe\","
                + "\"learnedAt\":\"2026-12-02T10:00:00Z\"}, {\"scheme\":\"http\"}, 42,");
        Files.writeString(file, withBadEntries, StandardCharsets.UTF_8);

        assertThat(store.load()).containsOnlyKeys(A);
    }

    @Test
    void aFailedWriteThrowsAndCleansUp() throws IOException {
        Path file = dir.resolve("eras.json");
        Files.createDirectories(file.resolve("in-the-way"));

        assertThatThrownBy(() -> new FileEraStore(file).save(List.of(LEGACY_A)))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining(file.toString());
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }
}
