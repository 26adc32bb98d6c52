/**
 * Tambat's domain: the model of webhook deliveries and their verification, and the ports through which
 * the application reaches storage, secrets, encryption and providers. Pure Java 17; nothing here imports
 * {@code jakarta.*}, JDBC or a JSON library, and a build test keeps it that way.
 */
package io.tambat.domain;
