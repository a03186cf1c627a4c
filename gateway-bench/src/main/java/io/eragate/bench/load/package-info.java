/**
 * The load harness: a Netty HTTP/1.1 client with closed-loop and open-loop drivers, the processes it measures
 * (fixture upstream, nginx, Eragate) and the alternating rounds that compare them in one run.
 */
package io.eragate.bench.load;
