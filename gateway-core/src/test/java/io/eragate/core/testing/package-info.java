/** Test helpers shared by the core's test packages: a clock moved by hand. */
package io.eragate.core.testing;
