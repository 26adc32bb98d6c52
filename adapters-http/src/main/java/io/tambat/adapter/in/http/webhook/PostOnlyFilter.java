package io.tambat.adapter.in.http.webhook;

import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.WebhookRejectedException;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;

/**
 * Webhook URLs take POST only. Checked before resource matching so every other method, OPTIONS and HEAD
 * included, gets the contract's 405 problem rather than a framework default.
 */
@Provider
@PreMatching
public class PostOnlyFilter implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        boolean webhookPath = path.startsWith("webhooks/") || path.startsWith("/webhooks/");
        if (webhookPath && !HttpMethod.POST.equals(request.getMethod())) {
            request.abortWith(Response.fromResponse(Problems.of(
                            new WebhookRejectedException(Rejection.METHOD_NOT_ALLOWED, "webhooks take POST only")))
                    .header(HttpHeaders.ALLOW, HttpMethod.POST)
                    .build());
        }
    }
}
