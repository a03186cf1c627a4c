/**
 * What the legacy (2025-11-25) client front relays besides a request and its answer, when the request is served by a
 * modern (2026-07-28) upstream: the input requests of an {@code input_required} result sent to the client as
 * server-to-client requests, and its answers gathered into the retry
 * ({@link io.eragate.core.legacyrelay.InputRelayRound}, {@link io.eragate.core.legacyrelay.AwaitedAnswers}); the
 * progress and log notifications of the request ({@link io.eragate.core.legacyrelay.RequestNotifications}); the
 * client's cancellation ({@link io.eragate.core.legacyrelay.InFlightRequests}); and the session's resource
 * subscriptions served by one upstream {@code subscriptions/listen}
 * ({@link io.eragate.core.legacyrelay.SessionSubscriptions}).
 *
 * <p>All of it is mutable per-session state of the replica that holds the session's streams: a client's answer or
 * cancellation that lands on another replica finds nothing here (see docs/architecture.md on affinity).
 */
package io.eragate.core.legacyrelay;
