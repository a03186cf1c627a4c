/**
 * Serving 2024-11-05 HTTP+SSE clients beside each route: which requests belong to that transport, and the bounded,
 * principal-bound registry of their sessions. The bytes move in {@code io.eragate.netty.sseclient}.
 */
package io.eragate.core.sseclient;
