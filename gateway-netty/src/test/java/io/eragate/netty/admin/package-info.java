/** Tests of the admin endpoints and the migration dashboard, in a real browser. */
package io.eragate.netty.admin;
