/**
 * Origin and Host policy, principals and sealed tokens.
 */
package io.eragate.core.security;
