/** Tests of the server side of identity. */
package io.eragate.netty.auth;
