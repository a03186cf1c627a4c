/**
 * Upstream session pool logic: keys, lifecycle, single-flight creation and expiry; I/O stays behind an interface.
 */
package io.eragate.core.session;
