package io.eragate.bench.report;

import io.eragate.bench.load.Scenario;

/** The colour of each scenario, the same in every chart. */
final class ScenarioStyle {

    private ScenarioStyle() {
    }

    static String color(Scenario scenario) {
        return switch (scenario) {
            case DIRECT -> "#4c78a8";
            case NGINX -> "#59a14f";
            case ERAGATE_PASS_THROUGH -> "#e15759";
            case ERAGATE_IO_URING -> "#ff9da7";
            case ERAGATE_BASELINE -> "#9c755f";
            case ERAGATE_BRIDGE_POOLED -> "#f28e2b";
            case ERAGATE_BRIDGE_PER_CALL -> "#b07aa1";
            case LEGACY_FRONT -> "#edc948";
            case LIST_PASS_THROUGH -> "#76b7b2";
            case FEDERATED_LIST_CACHED -> "#17becf";
            case FEDERATED_LIST_UNCACHED -> "#bab0ac";
            case LEGACY_FRONT_BASELINE -> "#8c6d31";
            case FEDERATED_LIST_CACHED_BASELINE -> "#1f77b4";
            case BRIDGE_POOLED_BASELINE -> "#d37295";
        };
    }
}
