package io.eragate.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

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
}
