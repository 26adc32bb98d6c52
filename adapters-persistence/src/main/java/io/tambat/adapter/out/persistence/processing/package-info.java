/**
 * Business state and processed events: {@code object_state} with its conditional writes, the mutation trail, and
 * the record of processed events.
 */
package io.tambat.adapter.out.persistence.processing;
