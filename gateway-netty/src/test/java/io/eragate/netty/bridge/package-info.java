/**
 * Integration tests of the legacy bridge and era detection: a real gateway on port 0 in front of in-process legacy
 * and modern fixtures, scripted upstreams for the answers no fixture gives, and the real server-everything.
 */
package io.eragate.netty.bridge;
