/**
 * The Netty half of the legacy bridge and of era detection: probes, upstream sessions and the exchange that
 * translates one 2026-07-28 request for a 2025-11-25 upstream. Every decision is a core function.
 */
package io.eragate.netty.bridge;
