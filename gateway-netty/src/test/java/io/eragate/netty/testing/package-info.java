/**
 * Test support shared by Eragate's tests: starting the real MCP peers of {@code interop/} and
 * other harness utilities.
 */
package io.eragate.netty.testing;
