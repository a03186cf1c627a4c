/**
 * Microbenchmarks of the pass-through's per-request units that the wire-level work touched: the upstream request's
 * header encoding and the per-exchange metrics, each beside the way it was done before, in the same run.
 */
package io.eragate.bench.jmh;
