package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.body.JsonRequestBody;
import io.tambat.adapter.in.http.problem.InvalidRequestException;
import io.tambat.domain.model.text.StorableText;
import io.tambat.domain.model.webhook.EndpointId;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.InputStream;
import java.util.Optional;
import java.util.Set;

/** What every operator call shares: its body limit, and how its bodies and query parameters are validated. */
final class AdminRequests {

    /** Operator bodies are small documents; anything larger is refused before it is read. */
    static final long MAX_BODY_BYTES = 64 * 1024;

    private AdminRequests() {
    }

    static JsonObject body(InputStream body, long declaredLength) {
        return JsonRequestBody.read(body, declaredLength, MAX_BODY_BYTES);
    }

    /** A required, non-empty string member. */
    static String text(JsonObject body, String name) {
        JsonValue value = body.get(name);
        if (!(value instanceof JsonString text) || text.getString().isEmpty()) {
            throw new InvalidRequestException("/" + name, name + " must be a non-empty string");
        }
        return text.getString();
    }

    /** An optional filter: blank means absent; text no store can hold (a NUL, a lone surrogate) is refused. */
    static Optional<String> filter(String parameter, String value) {
        Optional<String> given = Optional.ofNullable(value).filter(text -> !text.isBlank());
        if (given.isPresent() && !StorableText.isStorable(given.get())) {
            throw new InvalidRequestException(parameter, parameter + " must be valid Unicode without NUL");
        }
        return given;
    }

    /** An endpoint id given as a parameter. */
    static EndpointId endpointId(String value) {
        try {
            return new EndpointId(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("endpoint", "endpoint must be 1-64 characters of [a-z0-9-]");
        }
    }

    /** An optional filter that must be one of the known values. */
    static Optional<String> oneOf(String parameter, String value, Set<String> known) {
        Optional<String> given = filter(parameter, value);
        if (given.isPresent() && !known.contains(given.get())) {
            throw new InvalidRequestException(parameter, parameter + " must be one of " + known);
        }
        return given;
    }

    /** A page size between 1 and the maximum, {@code fallback} when absent. */
    static int limit(String value, int fallback, int max) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            int limit = Integer.parseInt(value.trim());
            if (limit >= 1 && limit <= max) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // answered below, like a number out of range
        }
        throw new InvalidRequestException("limit", "limit must be an integer from 1 to " + max);
    }
}
