/** AES-256-GCM encryption at rest of raw payloads and secrets, with the key ring it draws on. */
package io.tambat.adapter.out.crypto;
