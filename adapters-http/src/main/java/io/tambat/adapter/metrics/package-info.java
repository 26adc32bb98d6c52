/**
 * Every metric the server exports, in one place: MicroProfile Metrics behind the domain's metrics ports, the
 * backlog gauges, and what the webhook and order APIs answered, with the contract's names. Tags never carry
 * request content. Used by the inbound HTTP adapter and the application alike; depends on neither.
 */
package io.tambat.adapter.metrics;
