/**
 * Server-sent events: a bounded incremental parser and an encoder.
 */
package io.eragate.core.sse;
