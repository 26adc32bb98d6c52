/**
 * How each supported provider signs a delivery, one class per provider, on the JDK alone.
 *
 * <p>Written apart from the receiver's verifiers on purpose: they share no code, so a mistake in one cannot make
 * both sides agree. Every class reproduces the provider's published test vectors (PROVIDERS.md, section 12).
 * Each signer gives the signature value alone (for tests that build unusual headers, several signatures for a
 * rotation for instance) and the headers the provider sends with it.
 */
package io.tambat.sender.signing;
