package io.tambat.adapter.in.http.problem;

import io.tambat.provider.spi.WebhookRejectedException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * A webhook rejection raised outside the intake (which answers its own): the rejection's problem, with its
 * {@code Retry-After} when it has one.
 */
@Provider
public class WebhookRejectionMapper implements ExceptionMapper<WebhookRejectedException> {

    @Override
    public Response toResponse(WebhookRejectedException exception) {
        return Problems.of(exception);
    }
}
