/**
 * Metrics (Micrometer's Prometheus registry, served at {@code /metrics} on the admin port), traces (the
 * OpenTelemetry SDK, exported over OTLP/HTTP) and the access log: the observers of every exchange and the small
 * hooks that upstream clients call once per upstream exchange.
 */
package io.eragate.netty.telemetry;
