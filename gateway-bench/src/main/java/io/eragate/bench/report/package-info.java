/**
 * Turns harness and JMH results into {@code docs/benchmarks.md}: markdown tables, ratios against the targets of
 * issue 16, the machine description, and an SVG chart written as plain text.
 */
package io.eragate.bench.report;
