/**
 * Server-sent events: a bounded incremental parser for upstream streams, a boundary scanner that lets a relay flush
 * per event while passing the original bytes through, and an encoder for the gateway's own streams.
 */
package io.eragate.core.sse;
