/**
 * What processing an event writes: the business state of provider objects, the record of processed events, and
 * processing's metrics.
 */
package io.tambat.domain.port.out.processing;
