/**
 * Benchmarks of Eragate: the sample MCP traffic shared by the JMH microbenchmarks and the load harness.
 */
package io.eragate.bench;
