/**
 * Whether the gateway can take traffic: the readiness decision over the start-up and drain state and what each
 * route's upstreams can do now, and the passive record of which HTTP upstreams accept connections.
 */
package io.eragate.core.health;
