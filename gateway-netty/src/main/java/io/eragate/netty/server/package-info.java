/**
 * The server: bootstrap, the channel pipeline and one small handler per concern.
 */
package io.eragate.netty.server;
