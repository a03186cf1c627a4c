/**
 * Per-principal, per-tool, per-route and global rate limits: token-bucket arithmetic on an injected clock, the rules
 * that pick a bucket for a request, and the in-memory bucket store. Shared stores (Redis) live in the server module
 * behind {@link io.eragate.core.ratelimit.BucketStore}.
 */
package io.eragate.core.ratelimit;
