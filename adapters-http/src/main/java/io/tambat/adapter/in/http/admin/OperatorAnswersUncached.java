package io.tambat.adapter.in.http.admin;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/**
 * Operator answers are never stored by a browser or a proxy: they name events, endpoints and secret versions,
 * and the console reads them in a browser that other people may use after the operator signed out.
 */
@Provider
@OperatorCall
public class OperatorAnswersUncached implements ContainerResponseFilter {

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        response.getHeaders().putSingle(HttpHeaders.CACHE_CONTROL, "no-store");
    }
}
