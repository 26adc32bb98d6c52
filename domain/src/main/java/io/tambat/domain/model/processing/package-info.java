/**
 * Processing of accepted events into the business state of provider objects: what an event means
 * ({@link io.tambat.provider.spi.StateChange}), the state it converges to, and the rules that
 * keep it monotonic whatever the arrival order.
 */
package io.tambat.domain.model.processing;
