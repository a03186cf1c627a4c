/**
 * The Netty side of what the legacy client front relays besides a request and its answer (the decisions are in
 * {@code io.eragate.core.legacyrelay}): a canonical request's answer read message by message as it arrives, so that
 * progress and log notifications reach the client at once and an {@code input_required} result can be relayed to it
 * as server-to-client requests; and the one upstream {@code subscriptions/listen} of a legacy session.
 */
package io.eragate.netty.legacyrelay;
