package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.bench.McpSamples;
import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.RecordedRequest;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The load client against the real modern fixture on loopback: what it counts, never how fast it goes. */
class LoadClientIT {
    private static final Duration WARMUP = Duration.ofMillis(100);
    private static final Duration MEASURE = Duration.ofMillis(300);
    /** Answers a round that must succeed waits for, however long past its window they take (bounded). */
    private static final int ANSWERS = 5;

    private static ModernFixtureUpstream fixture;
    private static LoadClient client;

    @BeforeAll
    static void start() {
        fixture = ModernFixtureUpstream.builder().maxRecordedRequests(16).start();
        client = new LoadClient();
    }

    @AfterAll
    static void stop() {
        client.close();
        fixture.close();
    }

    @Test
    void closedLoopSendsTheSampleCallOverKeptAliveConnections() throws Exception {
        fixture.clearRequests();
        int acceptedBefore = fixture.connectionsAccepted();
        CountingListener listener = new CountingListener();
        LoadProfile profile = new LoadProfile("c", "closed", LoadMode.CLOSED, 2, 0, WARMUP, MEASURE, ANSWERS);

        RoundMeasurement m = client.run(Endpoint.loopback(fixture.port(), McpSamples.PATH), profile, 100_000,
                listener);

        assertThat(m.succeeded()).isGreaterThanOrEqualTo(ANSWERS);
        assertThat(m.errors()).isZero();
        assertThat(m.unfinished()).isZero();
        assertThat(m.completed()).isLessThanOrEqualTo(m.succeeded());
        assertThat(m.latency().getTotalCount()).isEqualTo(m.completed());
        assertThat(fixture.connectionsAccepted() - acceptedBefore).as("two connections, reused for every request")
                .isEqualTo(2);
        assertThat(listener.started.get()).isEqualTo(1);
        assertThat(listener.ended.get()).isEqualTo(1);
        RecordedRequest recorded = fixture.requests().get(0);
        assertThat(recorded.rpcMethod()).isEqualTo("tools/call");
        assertThat(recorded.body()).isEqualTo(McpSamples.toolsCallBody());
    }

    @Test
    void openLoopAtAFixedRateGetsAnswers() throws Exception {
        double rate = 200;
        LoadProfile profile = new LoadProfile("o", "open", LoadMode.OPEN, 2, rate, WARMUP, MEASURE, ANSWERS);

        RoundMeasurement m = client.run(Endpoint.loopback(fixture.port(), McpSamples.PATH), profile, 100_000,
                PhaseListener.NONE);

        assertThat(m.succeeded()).isGreaterThanOrEqualTo(ANSWERS);
        assertThat(m.errors()).isZero();
        assertThat(m.dropped()).isZero();
    }

    @Test
    void theRequestCapIsHonoured() throws Exception {
        LoadProfile profile = new LoadProfile("c", "closed", LoadMode.CLOSED, 2, 0, WARMUP, MEASURE);

        RoundMeasurement m = client.run(Endpoint.loopback(fixture.port(), McpSamples.PATH), profile, 5,
                PhaseListener.NONE);

        assertThat(m.succeeded()).isEqualTo(5);
    }

    @Test
    void anAnswerWithoutTheEchoIsAnError() throws Exception {
        LoadProfile profile = new LoadProfile("c", "closed", LoadMode.CLOSED, 1, 0, WARMUP, MEASURE);

        RoundMeasurement m = client.run(Endpoint.loopback(fixture.port(), "/not-mcp"), profile, 100_000,
                PhaseListener.NONE);

        assertThat(m.errors()).isPositive();
        assertThat(m.succeeded()).isZero();
        assertThat(m.latency().getTotalCount()).isZero();
    }

    @Test
    void aPortWithNothingListeningGivesErrorsAndTheRoundStillEnds() throws Exception {
        LoadProfile profile = new LoadProfile("c", "closed", LoadMode.CLOSED, 2, 0, WARMUP, MEASURE);

        RoundMeasurement m = client.run(Endpoint.loopback(Topology.freePort(), McpSamples.PATH), profile, 100_000,
                PhaseListener.NONE);

        assertThat(m.errors()).isPositive();
        assertThat(m.succeeded()).isZero();
    }

    private static final class CountingListener implements PhaseListener {
        final AtomicInteger started = new AtomicInteger();
        final AtomicInteger ended = new AtomicInteger();

        @Override
        public void measureStarted() {
            started.incrementAndGet();
        }

        @Override
        public void measureEnded() {
            ended.incrementAndGet();
        }
    }
}
