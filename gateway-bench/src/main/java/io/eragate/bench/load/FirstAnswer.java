package io.eragate.bench.load;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Waits, before the rounds, until a hop gives one complete answer to a scenario's request: a federated hop's first
 * lists open the bridge's pooled session and reach upstream JVMs no scenario has warmed yet, and a burst of them at
 * the timed warm-up's concurrency would only measure that start.
 */
final class FirstAnswer {
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    private static final long PAUSE_MILLIS = 200;

    private FirstAnswer() {
    }

    /**
     * Sends {@code body} with {@code headers} to {@code endpoint}, one at a time, until a {@code 200} answer contains
     * every text of {@code expected}, for at most {@code bound}.
     *
     * @throws IllegalStateException with the last answer when none was complete in time
     */
    static void await(Endpoint endpoint, Map<String, String> headers, byte[] body, List<String> expected,
            Duration bound) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://" + endpoint.authority()
                + endpoint.path())).timeout(REQUEST_TIMEOUT).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(builder::header);
        HttpRequest request = builder.build();
        long deadline = System.nanoTime() + bound.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> answer = http.send(request,
                        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
                if (complete(answer.statusCode(), answer.body(), expected)) {
                    return;
                }
                last = answer.statusCode() + " " + answer.body();
            } catch (IOException e) {
                last = e.toString();
            }
            Thread.sleep(PAUSE_MILLIS);
        }
        throw new IllegalStateException("no complete answer from " + endpoint + " within " + bound + "; the last: "
                + last);
    }

    /** Whether an answer is a {@code 200} holding every expected text. */
    static boolean complete(int status, String body, List<String> expected) {
        return status == 200 && expected.stream().allMatch(body::contains);
    }
}
