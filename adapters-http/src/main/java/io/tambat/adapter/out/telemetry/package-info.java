/**
 * OpenTelemetry (MicroProfile Telemetry) behind the tracing port: the spans of background work, linked to the
 * requests that accepted it, and the W3C trace context stored with an inbox row. Off unless the OTEL_*
 * environment enables the SDK; then no span carries a secret, a signature or payload content.
 */
package io.tambat.adapter.out.telemetry;
