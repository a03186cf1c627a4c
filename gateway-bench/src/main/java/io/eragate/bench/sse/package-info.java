/**
 * JMH benchmarks of {@code io.eragate.core.sse}: parsing, scanning and writing server-sent events.
 */
package io.eragate.bench.sse;
