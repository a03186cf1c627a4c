/**
 * Configuration records, YAML loading and validation with messages that name the key.
 */
package io.eragate.core.config;
