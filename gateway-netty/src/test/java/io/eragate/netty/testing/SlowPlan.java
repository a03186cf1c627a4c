package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.function.IntConsumer;

/**
 * The arguments of the {@code slow} tool, {@code {ms, steps}}: finish after {@code ms} milliseconds, with
 * {@code steps} evenly spaced steps before the end. Bounded so a typo cannot park a fixture for hours.
 *
 * @param millis total duration
 * @param steps number of intermediate steps (progress notifications), possibly zero
 */
record SlowPlan(long millis, int steps) {
    static final long MAX_MILLIS = 600_000;
    static final int MAX_STEPS = 1_000;

    /** The plan, or empty when the arguments are missing, not integers, negative or over the bounds. */
    static Optional<SlowPlan> from(JsonNode arguments) {
        JsonNode ms = arguments.path("ms");
        JsonNode steps = arguments.path("steps");
        if (!ms.canConvertToLong() || !ms.isIntegralNumber()
                || !(steps.isMissingNode() || (steps.isIntegralNumber() && steps.canConvertToInt()))) {
            return Optional.empty();
        }
        long millis = ms.asLong();
        int stepCount = steps.asInt(0);
        if (millis < 0 || millis > MAX_MILLIS || stepCount < 0 || stepCount > MAX_STEPS) {
            return Optional.empty();
        }
        return Optional.of(new SlowPlan(millis, stepCount));
    }

    /**
     * Calls {@code onStep} with 1..steps, spaced {@code millis/steps} apart on the exchange's event loop, then
     * {@code onDone} at {@code millis}. Each call is a scheduled task, never a sleep; nothing runs once the client has
     * left or the work was stopped.
     */
    void run(FixtureExchange exchange, IntConsumer onStep, Runnable onDone) {
        if (steps == 0) {
            exchange.schedule(onDone, millis);
        } else {
            scheduleStep(exchange, 1, onStep, onDone);
        }
    }

    private void scheduleStep(FixtureExchange exchange, int step, IntConsumer onStep, Runnable onDone) {
        long interval = millis / steps;
        long delay = step < steps ? interval : millis - interval * (steps - 1);
        exchange.schedule(() -> {
            onStep.accept(step);
            if (step < steps) {
                scheduleStep(exchange, step + 1, onStep, onDone);
            } else {
                onDone.run();
            }
        }, delay);
    }
}
