/**
 * The traffic the migration dashboard shows, counted from {@link io.eragate.core.exchange.ExchangeOutcome}s in
 * bounded memory: exchanges per route by client era and upstream era, their latency percentiles (and from them the
 * bridge's cost), and rejections by reason.
 */
package io.eragate.core.traffic;
