/**
 * The legacy client front on the Netty side: serves a 2025-11-25 (or older) Streamable HTTP client's session on any
 * route by turning each of its requests into one modern request for the dispatcher, and each modern answer back on
 * its way out ({@link io.eragate.netty.legacyfront.LegacyAnswerTranslator}). The deciding and translating is core's
 * ({@code io.eragate.core.legacyfront}); this package only moves bytes.
 */
package io.eragate.netty.legacyfront;
