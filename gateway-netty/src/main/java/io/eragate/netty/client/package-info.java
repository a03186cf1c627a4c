/**
 * Writing to the MCP client, shared by every exchange: whole responses and rejections ({@code ClientResponses}), an
 * answer that may become an SSE stream of the gateway's own events ({@code ClientStream}), and an upstream answer
 * relayed as it arrives ({@code ClientRelay}). It depends on no other gateway package, so that {@code upstream},
 * {@code bridge}, {@code stdio} and {@code server} need not import each other to answer a client.
 */
package io.eragate.netty.client;
