/**
 * Multi round-trip requests (MRTR) for a 2026-07-28 client in front of a legacy upstream: the sealed
 * {@code requestState} that binds a retry to its pending upstream call, the {@code input_required} result built from
 * upstream server-to-client requests, the capability gate for those requests, and the bookkeeping of rounds that wait
 * for a retry.
 *
 * <p>Several gateway instances can serve one client: {@link io.eragate.core.mrtr.RequestState#instanceId()} names
 * the instance that holds the pending upstream call. Every instance must open every other's tokens, so all of them
 * are configured with the same sealing secrets; each needs a distinct instance id; and a retry that lands on another
 * instance must be routed to the owner (or answered -32602 when it cannot be).
 */
package io.eragate.core.mrtr;
