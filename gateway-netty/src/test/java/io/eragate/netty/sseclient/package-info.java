/** Tests of the 2024-11-05 HTTP+SSE client transport's handler. */
package io.eragate.netty.sseclient;
