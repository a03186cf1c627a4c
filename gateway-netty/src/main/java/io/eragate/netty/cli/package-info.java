/**
 * The command line: run, demo, validate-config.
 */
package io.eragate.netty.cli;
