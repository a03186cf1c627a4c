/**
 * {@code subscriptions/listen} for a 2026-07-28 client in front of a legacy upstream: the client's filter, what the
 * upstream can honour of it, the listeners that share one pooled session's GET stream and resource subscriptions, and
 * the routing of legacy change notifications to them, tagged with each listener's subscription id, and
 * each session's cache of list results, which those change notifications invalidate.
 */
package io.eragate.core.listen;
