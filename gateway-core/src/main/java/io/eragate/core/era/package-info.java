/**
 * Era detection: classifies the answer to a {@code server/discover} probe as modern, legacy or inconclusive, and
 * keeps each upstream origin's verdict in a bounded, single-flight cache that can persist across restarts.
 */
package io.eragate.core.era;
