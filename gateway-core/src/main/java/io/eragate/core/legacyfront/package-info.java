/**
 * The legacy client front, as pure translation: a 2025-11-25 (or older) client's session, sealed into its
 * {@code Mcp-Session-Id}; what the front does with each message of that session; each legacy request turned into the
 * one canonical form every back serves (a 2026-07-28 request with its {@code _meta} envelope); and each modern answer
 * turned back into one a legacy client understands.
 */
package io.eragate.core.legacyfront;
