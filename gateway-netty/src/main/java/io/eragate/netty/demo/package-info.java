/**
 * The embedded legacy (2025-11-25 Streamable HTTP) MCP server that {@code eragate demo} puts behind the gateway, so
 * that a modern request visibly reaches it through the bridge.
 */
package io.eragate.netty.demo;
