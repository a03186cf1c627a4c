/**
 * What every client exchange shares, whichever upstream serves it: the one lifecycle (started, head sent,
 * streaming, ended) with its deadlines, the end reported once to the pipelining queue and the outcome.
 */
package io.eragate.netty.exchange;
