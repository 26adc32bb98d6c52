package io.tambat.adapter.in.http.console;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Serves the console's files from the WAR's {@code console/} folder. The JAX-RS application sits at the context
 * root, so its servlet is mapped to {@code /*} and the container's file serving never sees a request; these
 * mappings are longer, so {@code /console} and everything under it come here instead. No security constraint
 * covers them: the page is public, and its data calls carry the operator's token.
 */
@WebServlet(name = "console", urlPatterns = {"/console", "/console/*"})
public class ConsoleServlet extends HttpServlet {

    /**
     * Scripts and styles from this origin only (no inline script or style, so injected markup cannot run), data
     * calls to this origin only, no framing, no form submission anywhere (the token form is read by script: even
     * with scripts broken, the browser never sends it in a URL).
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    /** One flat folder of known kinds: a name with a slash or dots beyond its extension is never a file here. */
    private static final Pattern FILE = Pattern.compile("[a-z][a-z0-9-]*\\.(html|js|css|svg)");

    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html;charset=UTF-8",
            "js", "text/javascript;charset=UTF-8",
            "css", "text/css;charset=UTF-8",
            "svg", "image/svg+xml");

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        securityHeaders(response);
        String path = request.getPathInfo();
        String name = path == null || path.equals("/") ? "index.html" : path.substring(1);
        Matcher file = FILE.matcher(name);
        InputStream content = file.matches() ? getServletContext().getResourceAsStream("/console/" + name) : null;
        if (content == null) {
            notFound(response);
            return;
        }
        try (content) {
            response.setContentType(TYPES.get(file.group(1)));
            // Revalidated on every load, so a new release's page and scripts are never mixed with an old one's.
            response.setHeader("Cache-Control", "no-cache");
            content.transferTo(response.getOutputStream());
        }
    }

    private static void securityHeaders(HttpServletResponse response) {
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    }

    private static void notFound(HttpServletResponse response) throws IOException {
        response.setStatus(HttpServletResponse.SC_NOT_FOUND);
        response.setContentType("text/plain;charset=UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.getOutputStream().write("not found\n".getBytes(StandardCharsets.UTF_8));
    }
}
