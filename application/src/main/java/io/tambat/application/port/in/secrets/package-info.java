/**
 * Use cases: operating the sealed material: trusted signing-secret versions, secrets this instance cannot open,
 * and payload-key rotation.
 */
package io.tambat.application.port.in.secrets;
