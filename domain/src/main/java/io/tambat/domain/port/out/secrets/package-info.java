/**
 * What keeps secrets and payloads sealed: the trusted signing-secret versions, the payload cipher and keyed
 * digests, and everything sealed under a payload key seen as one body for key rotation.
 */
package io.tambat.domain.port.out.secrets;
