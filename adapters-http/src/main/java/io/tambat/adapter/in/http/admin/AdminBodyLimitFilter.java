package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.body.BodyTooLargeException;
import jakarta.annotation.Priority;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * Refuses an operator call whose declared body is over the admin limit, whether or not its route reads a
 * body. Bound to the operator resources alone, so webhooks and orders never pay for it; runs after
 * authentication and authorization (user priority), so an anonymous caller learns nothing and is answered 401
 * first. Chunked bodies are capped where they are read ({@link AdminRequests#body}).
 */
@Provider
@OperatorCall
@Priority(Priorities.USER)
public class AdminBodyLimitFilter implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        if (!HttpMethod.GET.equals(request.getMethod()) && request.getLength() > AdminRequests.MAX_BODY_BYTES) {
            throw new BodyTooLargeException(AdminRequests.MAX_BODY_BYTES);
        }
    }
}
