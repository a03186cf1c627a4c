/**
 * The admin port: health, readiness and reports.
 */
package io.eragate.netty.admin;
