/**
 * Secrets and sealed data: the trusted signing-secret versions ({@code webhook_secret}, through JPA), everything
 * sealed under a payload key as one body for re-sealing, and the digests stored before digests were keyed.
 */
package io.tambat.adapter.out.persistence.secrets;
