package io.tambat.adapter.in.http.problem;

import io.tambat.application.port.in.secrets.ManageSecretsUseCase;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** A secret version that cannot be stored as given: 400 {@code invalid_request} naming the member. */
@Provider
public class InvalidSecretMapper implements ExceptionMapper<ManageSecretsUseCase.InvalidSecretException> {

    @Override
    public Response toResponse(ManageSecretsUseCase.InvalidSecretException exception) {
        return Problems.invalid(ProblemCode.INVALID_REQUEST, "/" + exception.field(), exception.getMessage());
    }
}
