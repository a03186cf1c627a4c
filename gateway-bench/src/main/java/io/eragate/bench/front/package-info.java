/**
 * Microbenchmarks of the per-request units of the legacy-client front and of the federated list that the performance
 * work touched, each beside the way it was done before, in the same run.
 */
package io.eragate.bench.front;
