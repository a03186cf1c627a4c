/**
 * What one client exchange came to, reported once when it ends: the contract between the exchange lifecycle
 * (which produces {@link io.eragate.core.exchange.ExchangeOutcome}) and whatever observes traffic (metrics, the
 * access log, the dashboard's counters).
 */
package io.eragate.core.exchange;
