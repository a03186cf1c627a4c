/**
 * Era detection: classifies probe answers and caches each upstream origin's verdict.
 */
package io.eragate.core.era;
