/**
 * The deprecated 2024-11-05 HTTP+SSE transport (spec digest §4): when to fall back to it, and where its POST endpoint
 * is. Pure functions.
 */
package io.eragate.core.legacysse;
