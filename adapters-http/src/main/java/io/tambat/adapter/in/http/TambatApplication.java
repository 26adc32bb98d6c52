package io.tambat.adapter.in.http;

import jakarta.annotation.security.DeclareRoles;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.auth.LoginConfig;

/** The JAX-RS application at the context root. Operators and API clients authenticate with an MP JWT. */
@ApplicationPath("/")
@LoginConfig(authMethod = "MP-JWT")
@DeclareRoles({TambatApplication.OPERATOR})
public class TambatApplication extends Application {

    public static final String OPERATOR = "operator";
}
