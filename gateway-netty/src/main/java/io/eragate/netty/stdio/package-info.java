/**
 * MCP servers run as local processes: spawning and stopping them (with their whole process tree), reading and
 * writing newline-delimited JSON-RPC on their stdio off the event loops, supervising restarts, and the exchange that
 * serves one client request from a shared process.
 */
package io.eragate.netty.stdio;
