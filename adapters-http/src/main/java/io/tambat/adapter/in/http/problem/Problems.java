package io.tambat.adapter.in.http.problem;

import io.tambat.adapter.in.http.RequestSpan;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.provider.spi.WebhookRejectedException;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.Locale;

/**
 * RFC 9457 {@code application/problem+json} responses with the contract's {@code code}. Details are written
 * by Tambat, never copied from a request, so no secret or payload content can reach them.
 */
public final class Problems {

    public static final String MEDIA_TYPE = "application/problem+json";
    private static final String TYPE_BASE = "https://tambat.io/problems/";

    private Problems() {
    }

    public static Response of(ProblemCode code, String detail) {
        return of(code.status(), code, detail);
    }

    /** A problem answered with another status than the code's own (a deployer's choice, such as 422). */
    public static Response of(int status, ProblemCode code, String detail) {
        return respond(status, document(status, code.code(), titleOf(code.code()), detail));
    }

    /** A problem about one member of the request: {@code pointer} is a JSON Pointer or a parameter's name. */
    public static Response invalid(ProblemCode code, String pointer, String detail) {
        return respond(code.status(), document(code.status(), code.code(), titleOf(code.code()), detail)
                .add("pointer", pointer));
    }

    /** 500 {@code internal_error}: nothing but the id under which the cause was logged. */
    public static Response internalError(String correlationId) {
        return Response.status(500).type(MEDIA_TYPE).entity(internalErrorBody(correlationId)).build();
    }

    static String internalErrorBody(String correlationId) {
        ProblemCode code = ProblemCode.INTERNAL_ERROR;
        return document(code.status(), code.code(), titleOf(code.code()),
                "an unexpected error occurred; quote the correlation id when reporting it")
                .add("correlation_id", correlationId).build().toString();
    }

    /** The problem document with a title derived from the code, for answers stored to be replayed. */
    public static String body(int status, String code, String detail) {
        return document(status, code, titleOf(code), detail).build().toString();
    }

    public static Response retryable(ProblemCode code, String detail, Duration retryAfter) {
        return withRetryAfter(of(code, detail), retryAfter);
    }

    /** A refused webhook: the problem of its rejection's code, with its {@code Retry-After} when it has one. */
    public static Response of(WebhookRejectedException rejected) {
        Response problem = of(ProblemCode.of(rejected.rejection()), rejected.getMessage());
        return rejected.retryAfter().map(wait -> withRetryAfter(problem, wait)).orElse(problem);
    }

    private static JsonObjectBuilder document(int status, String code, String title, String detail) {
        RequestSpan.problem(code);
        var body = JsonProviders.PROVIDER.createObjectBuilder()
                .add("type", TYPE_BASE + code.replace('_', '-'))
                .add("title", title)
                .add("status", status)
                .add("code", code);
        if (detail != null) {
            body.add("detail", detail);
        }
        return body;
    }

    private static Response respond(int status, JsonObjectBuilder document) {
        return Response.status(status).type(MEDIA_TYPE).entity(document.build().toString()).build();
    }

    private static Response withRetryAfter(Response problem, Duration retryAfter) {
        return Response.fromResponse(problem)
                .header(HttpHeaders.RETRY_AFTER, Math.max(1, (retryAfter.toMillis() + 999) / 1000))
                .build();
    }

    private static String titleOf(String code) {
        String words = code.replace('_', ' ');
        return words.substring(0, 1).toUpperCase(Locale.ROOT) + words.substring(1);
    }
}
