/**
 * Each provider's delivery of a realistic sample event: the body it sends (or one given instead), its logical id
 * format, and the request its signer in {@link io.tambat.sender.signing} makes of them.
 */
package io.tambat.sender.delivery;
