/**
 * The server side of identity: fetching the issuer's keys off the event loop, the request that carries its principal
 * down the pipeline, and what the server builds once from the {@code auth}, {@code policies}, {@code rateLimits} and
 * {@code security.secrets} keys.
 */
package io.eragate.netty.auth;
