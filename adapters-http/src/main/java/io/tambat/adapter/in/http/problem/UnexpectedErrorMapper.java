package io.tambat.adapter.in.http.problem;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Anything nobody expected: 500 {@code internal_error} with a correlation id that the log line carries too,
 * so an operator can find the cause from a client's report. The answer holds no message, stack trace or
 * input; the log line holds the exception classes and stack frames, not their messages, which may quote input.
 */
@Provider
public class UnexpectedErrorMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedErrorMapper.class.getName());

    @Override
    public Response toResponse(Throwable exception) {
        return answer(exception);
    }

    /** Logs the exception under a new correlation id and answers with that id alone. */
    static Response answer(Throwable exception) {
        return Problems.internalError(logged(exception));
    }

    /** @return the correlation id the exception was logged under */
    static String logged(Throwable exception) {
        String correlationId = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "internal error {0}: {1}", new Object[] {correlationId, Diagnostics.of(exception)});
        return correlationId;
    }
}
