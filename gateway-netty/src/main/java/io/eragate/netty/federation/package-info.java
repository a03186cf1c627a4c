/**
 * Federated routes: one endpoint over several upstreams. Lists and discovery fan out to every upstream over an
 * in-process loopback (each upstream served by the same exchanges a plain route uses) and are merged by the core;
 * merged lists and the ownership catalogue are cached per route and principal.
 */
package io.eragate.netty.federation;
