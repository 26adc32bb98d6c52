/**
 * The signature: HMAC over raw bytes, SHA-256 digests compared rather than signed, Ed25519 verification with a
 * raw public key, comparison of every candidate in constant time, the exact bytes a provider signs, strict
 * decoding of hex and base64 signature and key text, and {@code SignatureCandidates}, the one bound on how many
 * distinct signatures a header may offer.
 *
 * <p>Kept together because they are what a {@code SignatureCheck} is made of, and apart from the envelope
 * readers because they run before the body is trusted: nothing here parses a body or reads a header. Text
 * that does not decode, or a key or signature the JDK cannot use, is an empty result or a mismatch rather
 * than an exception; only too many candidates is a rejection ({@code SIGNATURE_MISSING}).
 */
package io.tambat.adapter.in.provider.support.crypto;
