/**
 * The validation ladder for one inbound request, ending in an accepted request or a rejection with status and error.
 */
package io.eragate.core.frontdoor;
