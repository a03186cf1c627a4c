/**
 * Integration tests of the running gateway over real loopback sockets: the 2026-07-28 front door, the modern
 * pass-through and its failure paths, connection handling, and real SDK peers behind and in front of it. Each test
 * starts the gateway in-process on port 0 in front of an in-process fixture upstream (or a real npm peer).
 */
package io.eragate.netty.it;
