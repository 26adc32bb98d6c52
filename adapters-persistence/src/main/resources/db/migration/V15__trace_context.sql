-- The W3C trace context (traceparent) of the request that accepted a row, so that the span processing it later,
-- on any worker of any instance, can link back to that request. NULL when the request was not traced, which is
-- always the case while tracing is off: ingest then writes nothing more than before.
ALTER TABLE webhook_inbox ADD COLUMN trace_context text;
