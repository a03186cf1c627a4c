package io.eragate.bench.report;

import io.eragate.bench.load.ProfileResult;
import io.eragate.bench.load.Scenario;
import io.eragate.bench.load.ScenarioResult;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

/** Ratios between two scenarios of one profile, present only when both were measured with non-zero values. */
final class Ratios {

    private Ratios() {
    }

    static OptionalDouble throughput(ProfileResult profile, Scenario numerator, Scenario denominator) {
        return ratio(profile, numerator, denominator, ScenarioResult::throughput);
    }

    static OptionalDouble p50(ProfileResult profile, Scenario numerator, Scenario denominator) {
        return ratio(profile, numerator, denominator, r -> r.latency().p50Micros());
    }

    static OptionalDouble p99(ProfileResult profile, Scenario numerator, Scenario denominator) {
        return ratio(profile, numerator, denominator, r -> r.latency().p99Micros());
    }

    /** {@code numerator}'s p50 minus {@code denominator}'s, in microseconds: what the hop adds to a median call. */
    static OptionalDouble addedP50Micros(ProfileResult profile, Scenario numerator, Scenario denominator) {
        Optional<ScenarioResult> a = profile.measured(numerator);
        Optional<ScenarioResult> b = profile.measured(denominator);
        if (a.isEmpty() || b.isEmpty() || a.get().latency().count() == 0 || b.get().latency().count() == 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(a.get().latency().p50Micros() - b.get().latency().p50Micros());
    }

    private static OptionalDouble ratio(ProfileResult profile, Scenario numerator, Scenario denominator,
            ToDoubleFunction<ScenarioResult> metric) {
        Optional<ScenarioResult> a = profile.measured(numerator);
        Optional<ScenarioResult> b = profile.measured(denominator);
        if (a.isEmpty() || b.isEmpty() || a.get().completed() == 0 || b.get().completed() == 0) {
            return OptionalDouble.empty();
        }
        double bottom = metric.applyAsDouble(b.get());
        return bottom > 0 ? OptionalDouble.of(metric.applyAsDouble(a.get()) / bottom) : OptionalDouble.empty();
    }
}
