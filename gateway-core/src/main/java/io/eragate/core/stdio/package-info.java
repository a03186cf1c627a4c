/**
 * Pure decisions for MCP servers run as local processes and spoken to over stdio: line framing with a bound, the
 * restart schedule, the child's environment, and what Eragate answers as the one client of a shared process.
 */
package io.eragate.core.stdio;
