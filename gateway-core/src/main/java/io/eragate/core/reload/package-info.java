/**
 * Hot reload decisions: what differs between the running configuration and a new one, which of it can change
 * while running, and the report of the last reload.
 */
package io.eragate.core.reload;
