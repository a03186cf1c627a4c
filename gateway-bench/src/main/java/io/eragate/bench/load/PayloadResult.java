package io.eragate.bench.load;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the large-payload run measured; written as {@code payload-results.json} and read back by the report writer.
 *
 * @param plan {@code full} or {@code smoke}
 * @param startedAt ISO-8601 instant the run began
 * @param connections keep-alive connections of the closed loop
 * @param warmupSeconds per case, before the measured window
 * @param measureSeconds the measured window of each case
 * @param resultBytes size of the {@code json-1mib} result text
 * @param sseEvents progress notifications before the result in the {@code sse-events} answer
 * @param jvmOptions options of the Eragate JVMs
 * @param cases every hop under every payload, in run order
 * @param commands the command line of each process the run started
 */
public record PayloadResult(String plan, String startedAt, int connections, double warmupSeconds,
        double measureSeconds, int resultBytes, int sseEvents, String jvmOptions, List<PayloadCase> cases,
        Map<String, String> commands) {

    public PayloadResult {
        Objects.requireNonNull(plan, "plan");
        cases = List.copyOf(cases);
        commands = Collections.unmodifiableMap(new LinkedHashMap<>(commands));
    }
}
