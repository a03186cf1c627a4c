/**
 * 2024-11-05 HTTP+SSE clients served beside each route: the handler that takes {@code GET <route>/sse} and
 * {@code POST <route>/messages?sessionId=…}, and the session that turns each message into a Streamable HTTP exchange
 * on the route, through the gateway's token-guarded internal endpoint. The decisions live in
 * {@code io.eragate.core.sseclient}.
 */
package io.eragate.netty.sseclient;
