/**
 * Benchmarks of the MRTR request-state sealing.
 */
package io.eragate.bench.mrtr;
