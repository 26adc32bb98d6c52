/**
 * {@code tambat-send}, the command-line tool that delivers a provider's signed sample event (or a given body) to a
 * receiver the way that provider would, and prints both sides of the exchange.
 */
package io.tambat.sender;
