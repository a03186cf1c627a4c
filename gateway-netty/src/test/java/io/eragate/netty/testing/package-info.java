/**
 * Test kit shared by every Netty test and benchmark: the recording leak detector with the JUnit extension that fails
 * a test class on any leak, in-process fixture MCP upstreams of both eras on real loopback sockets, and
 * {@code NodePeers}, which starts the real npm MCP peers of {@code interop/}.
 *
 * <p>The fixtures write the wire strings (methods, headers, error texts) as the spec and the real peers spell them
 * instead of reusing gateway-core's constants, so a typo in the code under test cannot hide behind the same typo in
 * its test peer.
 */
package io.eragate.netty.testing;
