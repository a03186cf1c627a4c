/**
 * Pure translations between the 2026-07-28 wire and legacy upstream sessions.
 */
package io.eragate.core.bridge;
