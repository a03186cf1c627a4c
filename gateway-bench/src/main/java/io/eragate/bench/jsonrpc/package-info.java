/**
 * JMH benchmarks of {@code io.eragate.core.jsonrpc}: parsing and writing JSON-RPC bodies.
 */
package io.eragate.bench.jsonrpc;
