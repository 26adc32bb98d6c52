package io.tambat.adapter.in.http.problem;

import io.tambat.domain.model.order.AmountOutOfRangeException;
import io.tambat.domain.model.order.InvalidOrderException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * An order request that fails validation: 400 {@code invalid_request}, or 422 {@code amount_out_of_range} when
 * each value is well-formed but an amount they imply cannot be represented. Nothing was stored.
 */
@Provider
public class InvalidOrderMapper implements ExceptionMapper<InvalidOrderException> {

    @Override
    public Response toResponse(InvalidOrderException exception) {
        if (exception instanceof AmountOutOfRangeException) {
            return Problems.invalid(ProblemCode.AMOUNT_OUT_OF_RANGE, exception.pointer(), exception.getMessage());
        }
        return Problems.invalid(ProblemCode.INVALID_REQUEST, exception.pointer(), exception.getMessage());
    }
}
