/**
 * Upstreams that speak only the deprecated 2024-11-05 HTTP+SSE transport: detecting them when the era probe and a
 * 2025 {@code initialize} POST are both refused, and serving modern requests from one shared session (a GET stream
 * for answers, POSTs to its endpoint for messages) with the same translation as stdio and bridged upstreams.
 */
package io.eragate.netty.legacysse;
