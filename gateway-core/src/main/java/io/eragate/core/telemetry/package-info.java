/**
 * Pure pieces of observability: bounded metric label values, W3C trace context taken from a request (the body wins
 * over the headers) and the rewrite of {@code _meta.traceparent} in forwarded bytes. No metrics library and no
 * tracing SDK here: the server module binds these to Micrometer and OpenTelemetry.
 */
package io.eragate.core.telemetry;
