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
 * body. Runs after authentication and authorization (user priority), so an anonymous caller learns nothing
 * and is answered 401 first; chunked bodies are capped where they are read ({@link AdminRequests#body}).
 */
@Provider
@Priority(Priorities.USER)
public class AdminBodyLimitFilter implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        boolean admin = path.startsWith("admin/") || path.startsWith("/admin/");
        if (admin && !HttpMethod.GET.equals(request.getMethod())
                && request.getLength() > AdminRequests.MAX_BODY_BYTES) {
            throw new BodyTooLargeException(AdminRequests.MAX_BODY_BYTES);
        }
    }
}
