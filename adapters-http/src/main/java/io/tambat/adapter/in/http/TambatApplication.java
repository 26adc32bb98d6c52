package io.tambat.adapter.in.http;

import jakarta.annotation.security.DeclareRoles;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.auth.LoginConfig;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.info.Info;

/**
 * The JAX-RS application at the context root. Operators and API clients authenticate with an MP JWT. Group
 * {@code operator} may make every operator call; group {@code viewer} only those that read (the {@code GET}s),
 * which reveal no payload and change nothing.
 */
@ApplicationPath("/")
@LoginConfig(authMethod = "MP-JWT")
@DeclareRoles({TambatApplication.OPERATOR, TambatApplication.VIEWER})
@OpenAPIDefinition(info = @Info(title = "Tambat", version = "0.1",
        description = "Signed webhook intake into a durable inbox, and its operator API"))
public class TambatApplication extends Application {

    public static final String OPERATOR = "operator";

    public static final String VIEWER = "viewer";
}
