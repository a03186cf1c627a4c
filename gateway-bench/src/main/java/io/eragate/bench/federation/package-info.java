/**
 * The federated-list benchmark: {@code tools/list} through a federated route over three upstreams, with the merged
 * page cache on and off.
 */
package io.eragate.bench.federation;
