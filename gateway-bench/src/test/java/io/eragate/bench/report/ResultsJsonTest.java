package io.eragate.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.bench.load.CapacityResult;
import io.eragate.bench.load.PayloadResult;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

import io.eragate.bench.load.LoadResults;
import org.junit.jupiter.api.Test;

class ResultsJsonTest {

    @Test
    void resultsSurviveTheTripThroughJson() throws Exception {
        LoadResults results = SampleResults.typical();

        LoadResults back = ResultsJson.fromJson(ResultsJson.toJson(results));

        assertThat(back).isEqualTo(results);
        assertThat(back.scenarioDescriptions().keySet()).as("order kept for the report")
                .containsExactlyElementsOf(results.scenarioDescriptions().keySet());
    }

    @Test
    void capacityAndPayloadResultsSurviveTheTripThroughJson(@TempDir Path dir) throws Exception {
        CapacityResult capacity = CapacityTablesTest.sample(5_304, 10_000);
        PayloadResult payload = PayloadTablesTest.sample();

        ResultsJson.writeValue(capacity, dir.resolve("capacity.json"));
        ResultsJson.writeValue(payload, dir.resolve("payload.json"));

        assertThat(ResultsJson.readValue(dir.resolve("capacity.json"), CapacityResult.class)).isEqualTo(capacity);
        assertThat(ResultsJson.readValue(dir.resolve("payload.json"), PayloadResult.class)).isEqualTo(payload);
    }
}
