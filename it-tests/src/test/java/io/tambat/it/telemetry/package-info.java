/**
 * Tracing and logs of the runnable jar as an operator turns them on with the OTEL_* environment: the spans an
 * OTLP collector receives, the trace context on downstream calls, and the trace id on JSON console lines.
 */
package io.tambat.it.telemetry;
