package io.eragate.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.eragate.bench.load.LoadResults;
import java.io.IOException;
import java.nio.file.Path;

/** {@link LoadResults} to and from {@code load-results.json}. */
public final class ResultsJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private ResultsJson() {
    }

    public static void write(LoadResults results, Path file) throws IOException {
        MAPPER.writeValue(file.toFile(), results);
    }

    public static LoadResults read(Path file) throws IOException {
        return MAPPER.readValue(file.toFile(), LoadResults.class);
    }

    /** Any other result record of the harness ({@code CapacityResult}, {@code PayloadResult}) to {@code file}. */
    public static void writeValue(Object results, Path file) throws IOException {
        MAPPER.writeValue(file.toFile(), results);
    }

    /** A result record of type {@code type} from {@code file}. */
    public static <T> T readValue(Path file, Class<T> type) throws IOException {
        return MAPPER.readValue(file.toFile(), type);
    }

    static String toJson(LoadResults results) throws IOException {
        return MAPPER.writeValueAsString(results);
    }

    static LoadResults fromJson(String json) throws IOException {
        return MAPPER.readValue(json, LoadResults.class);
    }
}
