/**
 * Upstream side: per-event-loop channel pools, HTTP exchanges and response relays.
 */
package io.eragate.netty.upstream;
