/**
 * The immutable route table: request path to upstream.
 */
package io.eragate.core.route;
