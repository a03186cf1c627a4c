package io.eragate.netty.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.RestartPolicy;
import io.eragate.core.config.UpstreamConfig;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Supervision of stdio processes: crashes fail the requests in flight at once and are restarted, crash loops pause
 * restarts, broken and busy processes are bounded, and no process (nor anything it started) outlives the gateway.
 */
class StdioSupervisionIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long PATIENCE_SECONDS = 30;

    @Test
    void aChildKilledMidCallFailsTheCallAtOnceAndTheNextCallRunsOnARestartedProcess() throws Exception {
        List<Long> seen = new ArrayList<>();
        try (StdioGateway gateway = StdioGateway.start(
                UpstreamConfig.stdio("crashy", StdioGateway.everything(), EraSetting.LEGACY))) {
            StdioUpstream upstream = gateway.upstream("crashy");
            String longCall = StdioGateway.toolsCall("7", "trigger-long-running-operation",
                    "{\"duration\":20,\"steps\":40}", ",\"progressToken\":\"mine\"");
            CompletableFuture<HttpResponse<Stream<String>>> streaming = gateway.http().sendAsync(
                    gateway.post("crashy", longCall, "tools/call", "trigger-long-running-operation"),
                    HttpResponse.BodyHandlers.ofLines());
            // The SSE stream opens with the first progress event: from then on the call runs on the process.
            HttpResponse<Stream<String>> response = streaming.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
            assertThat(response.headers().firstValue("content-type")).contains("text/event-stream");
            long pid = upstream.pids().get(0);
            seen.add(pid);
            seen.addAll(descendantsOf(pid));

            ProcessHandle.of(pid).orElseThrow().destroyForcibly();

            List<JsonNode> events = response.body().filter(line -> line.startsWith("data:"))
                    .map(line -> parse(line.substring(5))).toList();
            assertThat(events.get(0).path("params").path("progressToken").asText()).isEqualTo("mine");
            JsonNode last = events.get(events.size() - 1);
            assertThat(last.path("id").asInt()).isEqualTo(7);
            assertThat(last.path("error").path("code").asInt()).isEqualTo(-32603);
            assertThat(last.path("error").path("message").asText())
                    .isEqualTo("Bad gateway: upstream \"crashy\": upstream process exited with code 137");

            HttpResponse<String> next = gateway.callTool("crashy", "8", "echo", "{\"message\":\"after the crash\"}");

            assertThat(next.statusCode()).isEqualTo(200);
            assertThat(parse(next.body()).path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("Echo: after the crash");
            long restartedPid = upstream.pids().get(0);
            assertThat(restartedPid).isNotEqualTo(pid);
            assertThat(upstream.restarts()).isEqualTo(1);
            seen.add(restartedPid);
            seen.addAll(descendantsOf(restartedPid));
        }
        assertThat(seen).allSatisfy(StdioSupervisionIT::assertGone);
    }

    @Test
    void stoppingTheGatewayEndsTheWholeProcessTreeEvenAChildThatIgnoresStdin() throws Exception {
        List<String> command = new ArrayList<>(List.of("sh", "-c", "sleep 300 & exec \"$0\" \"$@\""));
        command.addAll(StdioGateway.everything());
        List<Long> seen = new ArrayList<>();
        try (StdioGateway gateway = StdioGateway.start(UpstreamConfig.stdio("tree", command, EraSetting.LEGACY))) {
            HttpResponse<String> response = gateway.callTool("tree", "1", "echo", "{\"message\":\"hi\"}");
            assertThat(response.statusCode()).isEqualTo(200);
            long pid = gateway.upstream("tree").pids().get(0);
            List<Long> descendants = descendantsOf(pid);
            assertThat(descendants).as("sleep runs under the server").isNotEmpty();
            seen.add(pid);
            seen.addAll(descendants);
        }
        assertThat(seen).allSatisfy(StdioSupervisionIT::assertGone);
    }

    @Test
    void withRestartNeverADeadProcessStaysDeadAndRequestsSaySo() throws Exception {
        UpstreamConfig once = UpstreamConfig.stdio("once", StdioGateway.everything(), EraSetting.LEGACY)
                .withProcess(1, RestartPolicy.NEVER, 4 * 1024 * 1024, 256, Duration.ofSeconds(30));
        try (StdioGateway gateway = StdioGateway.start(once)) {
            StdioUpstream upstream = gateway.upstream("once");
            assertThat(gateway.callTool("once", "1", "echo", "{\"message\":\"hi\"}").statusCode()).isEqualTo(200);
            long pid = upstream.pids().get(0);

            ProcessHandle child = ProcessHandle.of(pid).orElseThrow();
            child.destroyForcibly();
            child.onExit().get(PATIENCE_SECONDS, TimeUnit.SECONDS);
            HttpResponse<String> first = gateway.callTool("once", "2", "echo", "{\"message\":\"hi\"}");
            HttpResponse<String> second = gateway.callTool("once", "3", "echo", "{\"message\":\"hi\"}");

            assertThat(first.statusCode()).isEqualTo(502);
            assertThat(first.body()).contains("upstream process exited with code 137");
            assertThat(second.statusCode()).isEqualTo(502);
            assertThat(parse(second.body()).path("error").path("message").asText()).isEqualTo(
                    "Bad gateway: upstream \"once\": upstream process exited with code 137; it is not restarted"
                            + " (restart: never)");
            assertThat(upstream.pids()).isEmpty();
            assertThat(upstream.restarts()).isZero();
        }
    }

    @Test
    void aProcessThatKeepsCrashingIsPausedAndRequestsGet503() throws Exception {
        try (StdioGateway gateway = StdioGateway.start(
                UpstreamConfig.stdio("crashloop", List.of("sh", "-c", "exit 3"), EraSetting.LEGACY))) {
            List<HttpResponse<String>> answers = new ArrayList<>();
            HttpResponse<String> answer;
            do {
                answer = gateway.callTool("crashloop", "1", "echo", "{}");
                answers.add(answer);
            } while (answer.statusCode() == 502 && answers.size() < 10);

            assertThat(answers).as(answers.stream().map(HttpResponse::body).collect(Collectors.joining("\n")))
                    .hasSizeBetween(2, 7);
            assertThat(answers.subList(0, answers.size() - 1)).allSatisfy(failed -> {
                assertThat(failed.statusCode()).isEqualTo(502);
                assertThat(failed.body()).contains("upstream process exited with code 3");
            });
            assertThat(answer.statusCode()).isEqualTo(503);
            assertThat(answer.body()).contains("crashed repeatedly; restarts are paused until");
            assertThat(gateway.upstream("crashloop").restarts()).isEqualTo(6);
        }
    }

    @Test
    void aLineOverMaxLineBytesMarksTheProcessBrokenAndItIsReplaced() throws Exception {
        List<String> floods = List.of("sh", "-c",
                "while read line; do head -c 3000 /dev/zero | tr '\\0' x; echo; done");
        UpstreamConfig flood = UpstreamConfig.stdio("flood", floods, EraSetting.MODERN)
                .withProcess(1, RestartPolicy.ALWAYS, 1024, 256, Duration.ofSeconds(30));
        try (StdioGateway gateway = StdioGateway.start(flood)) {
            HttpResponse<String> first = gateway.callTool("flood", "1", "echo", "{}");
            HttpResponse<String> second = gateway.callTool("flood", "2", "echo", "{}");

            for (HttpResponse<String> answer : List.of(first, second)) {
                assertThat(answer.statusCode()).isEqualTo(502);
                assertThat(parse(answer.body()).path("error").path("message").asText()).startsWith(
                        "Bad gateway: upstream \"flood\": upstream process wrote a stdout line longer than 1024"
                                + " bytes (maxLineBytes)");
            }
            assertThat(gateway.upstream("flood").restarts()).isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    void aBusyProcessRefusesBeyondMaxPendingRequestsAndARequestPastItsTimeoutGets504() throws Exception {
        UpstreamConfig silent = UpstreamConfig.stdio("silent", List.of("sh", "-c", "cat > /dev/null"),
                EraSetting.MODERN).withProcess(1, RestartPolicy.ALWAYS, 4096, 1, Duration.ofMillis(1500));
        try (StdioGateway gateway = StdioGateway.start(silent)) {
            CompletableFuture<HttpResponse<String>> one = gateway.callToolAsync("silent", "1", "echo", "{}");
            CompletableFuture<HttpResponse<String>> two = gateway.callToolAsync("silent", "2", "echo", "{}");

            List<Integer> statuses = Stream.of(one, two).map(CompletableFuture::join)
                    .map(HttpResponse::statusCode).sorted().toList();
            assertThat(statuses).containsExactly(503, 504);
            HttpResponse<String> timedOut = one.join().statusCode() == 504 ? one.join() : two.join();
            assertThat(parse(timedOut.body()).path("error").path("message").asText())
                    .isEqualTo("Gateway timeout: upstream \"silent\" did not answer within 1500 ms (requestTimeout of"
                            + " upstream silent)");
            HttpResponse<String> busy = one.join().statusCode() == 503 ? one.join() : two.join();
            assertThat(busy.body()).contains("Service unavailable");
        }
    }

    @Test
    void everyInstanceRunsItsOwnProcessAndRequestsSucceedOnAll() throws Exception {
        UpstreamConfig pair = UpstreamConfig.stdio("pair", StdioGateway.everything(), EraSetting.LEGACY)
                .withProcess(2, RestartPolicy.ALWAYS, 4 * 1024 * 1024, 256, Duration.ofSeconds(30));
        try (StdioGateway gateway = StdioGateway.start(pair)) {
            assertThat(gateway.callTool("pair", "0", "echo", "{\"message\":\"first\"}").statusCode()).isEqualTo(200);
            List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                calls.add(gateway.callToolAsync("pair", "1", "echo", "{\"message\":\"m" + i + "\"}"));
            }

            for (int i = 0; i < 10; i++) {
                assertThat(parse(calls.get(i).join().body()).path("result").path("content").get(0).path("text")
                        .asText()).isEqualTo("Echo: m" + i);
            }
            assertThat(gateway.upstream("pair").pids()).hasSize(2).doesNotHaveDuplicates();
        }
    }

    @Test
    void aChildThatExitsOnTheDiscoverProbeIsLegacy() throws Exception {
        try (StdioGateway gateway = StdioGateway.start(
                UpstreamConfig.stdio("strict", List.of("sh", "-c", "read line; exit 0"), EraSetting.AUTO))) {
            HttpResponse<String> answer = gateway.callTool("strict", "1", "echo", "{}");

            assertThat(answer.statusCode()).isEqualTo(502);
            assertThat(answer.body()).contains("upstream process exited with code 0");
            assertThat(gateway.upstream("strict").era()).isEqualTo(io.eragate.core.mcp.Era.LEGACY);
            assertThat(gateway.upstream("strict").report().path("detail").asText())
                    .startsWith("stdio: no answer to server/discover");
        }
    }

    private static List<Long> descendantsOf(long pid) {
        return ProcessHandle.of(pid).map(handle -> handle.descendants().map(ProcessHandle::pid).toList())
                .orElse(List.of());
    }

    private static void assertGone(long pid) {
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("process %d", pid).isEmpty();
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }
}
