/**
 * Use cases: the business state processing derived, as operators look it up.
 */
package io.tambat.application.port.in.processing;
