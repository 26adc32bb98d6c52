package io.tambat.adapter.in.http.problem;

import io.tambat.application.port.in.secrets.ManageSecretsUseCase;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** A secret-version request naming no configured endpoint: 404 {@code unknown_endpoint}. */
@Provider
public class UnknownEndpointMapper implements ExceptionMapper<ManageSecretsUseCase.UnknownEndpointException> {

    @Override
    public Response toResponse(ManageSecretsUseCase.UnknownEndpointException exception) {
        return Problems.of(ProblemCode.UNKNOWN_ENDPOINT, "no endpoint with this id");
    }
}
