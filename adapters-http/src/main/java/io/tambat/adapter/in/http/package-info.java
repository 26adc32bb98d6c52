/**
 * The HTTP edge: the JAX-RS application, and below it the webhook intake, the operator API, problem+json
 * mapping, metrics and the configuration that wires the application together.
 */
package io.tambat.adapter.in.http;
