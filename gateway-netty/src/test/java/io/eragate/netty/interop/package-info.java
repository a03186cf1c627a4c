/**
 * End-to-end tests with real MCP peers and the official conformance suite: the TypeScript SDK v2 client and the
 * inspector's command line talk to real legacy servers (the project's SDK v1 conformance fixture and
 * server-everything) through Eragate, the SDK v1 client talks to server-everything through Eragate's legacy
 * pass-through, and {@code interop/run-conformance.sh} grades the built jar against the expected-failures
 * baselines.
 *
 * <p>Everything here runs the npm peers of {@code interop/} through {@link io.eragate.netty.testing.NodePeers}, so
 * these are integration tests ({@code *IT}, failsafe) that need {@code npm ci} in {@code interop/}.
 */
package io.eragate.netty.interop;
