/**
 * JMH benchmarks of {@code io.eragate.core.frontdoor}: the validation ladder and the header sentinel.
 */
package io.eragate.bench.frontdoor;
