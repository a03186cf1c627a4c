package io.eragate.bench.load;

/**
 * One scenario's share of one round.
 *
 * @param round 1-based round number
 * @param position 0-based place of the scenario in that round's order
 * @param seconds measured window
 * @param completed successful answers in the window
 * @param succeeded successful answers in any phase of the round
 * @param errors failures in any phase
 * @param dropped open loop: requests with no connection and no room to wait
 * @param unfinished requests unanswered when the round stopped waiting
 * @param unsent open loop: requests still waiting for a connection at the end
 * @param throughput successful answers per second
 * @param latency percentiles of the window
 */
public record RoundResult(int round, int position, double seconds, long completed, long succeeded, long errors, long dropped,
        long unfinished, long unsent, double throughput, LatencySummary latency) {
}
