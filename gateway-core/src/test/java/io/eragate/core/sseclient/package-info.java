/** Tests of the 2024-11-05 HTTP+SSE client decisions. */
package io.eragate.core.sseclient;
