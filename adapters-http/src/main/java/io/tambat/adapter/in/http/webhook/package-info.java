/**
 * The webhook intake: method, rate, size and content-type limits, the server's budget of unverified bytes, the
 * raw body read with a streaming cap, then the receive use case. Answers 2xx only with a committed receipt. Also the {@code secrets} health check,
 * which names the endpoints whose deliveries the intake cannot verify.
 */
package io.tambat.adapter.in.http.webhook;
