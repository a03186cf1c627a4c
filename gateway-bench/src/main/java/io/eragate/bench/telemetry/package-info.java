/**
 * JMH benchmarks of {@code io.eragate.core.telemetry}: what tracing adds to a forwarded request.
 */
package io.eragate.bench.telemetry;
