/**
 * The embedded demo upstream that {@code eragate demo} puts behind the gateway.
 */
package io.eragate.netty.demo;
