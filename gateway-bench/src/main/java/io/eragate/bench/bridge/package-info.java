/**
 * JMH benchmarks of {@code io.eragate.core.bridge}: what a bridged call adds on a shared upstream session.
 */
package io.eragate.bench.bridge;
