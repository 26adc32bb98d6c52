package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.body.JsonRequestBody;
import io.tambat.adapter.in.http.problem.InvalidRequestException;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.provider.spi.StorableText;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.core.SecurityContext;
import java.io.InputStream;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** What every operator call shares: its body limit, and how its bodies and query parameters are validated. */
final class AdminRequests {

    /** Operator bodies are small documents; anything larger is refused before it is read. */
    static final long MAX_BODY_BYTES = 64 * 1024;

    private AdminRequests() {
    }

    static JsonObject body(InputStream body, long declaredLength) {
        return JsonRequestBody.read(body, declaredLength, MAX_BODY_BYTES);
    }

    /** The operator making the call, as their verified token names them (the {@code upn} claim, else {@code sub}). */
    static Operator operator(SecurityContext security) {
        return new Operator(security.getUserPrincipal().getName());
    }

    /** Refuses members the call does not know: a misspelt filter of a bulk action must not select everything. */
    static void onlyMembers(JsonObject body, Set<String> known) {
        for (String name : body.keySet()) {
            if (!known.contains(name)) {
                throw new InvalidRequestException("/" + name, name + " is not one of " + known);
            }
        }
    }

    /** An optional string member; null or absent means absent. */
    static Optional<String> optionalText(JsonObject body, String name) {
        JsonValue value = body.get(name);
        if (value == null || value == JsonValue.NULL) {
            return Optional.empty();
        }
        if (!(value instanceof JsonString text) || text.getString().isEmpty()) {
            throw new InvalidRequestException("/" + name, name + " must be a non-empty string");
        }
        return Optional.of(text.getString());
    }

    /** An ISO-8601 instant such as {@code 2026-12-01T10:00:00Z}, named {@code field} when refused. */
    static Instant instant(String field, String value) {
        try {
            return Instant.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException(field, field + " must be an ISO-8601 instant such as 2026-12-01T10:00:00Z");
        }
    }

    /** A received range, refused (named {@code toField}) unless it ends after it starts. */
    static void receivedRange(Optional<Instant> from, Optional<Instant> to, String toField) {
        if (from.isPresent() && to.isPresent() && !from.get().isBefore(to.get())) {
            throw new InvalidRequestException(toField, "received_to must be after received_from");
        }
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

    /** A path id that should be a UUID; empty when it is not one, so the caller answers it as unknown. */
    static Optional<UUID> uuid(String value) {
        try {
            return Optional.of(UUID.fromString(value));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** A page size between 1 and the maximum, {@code fallback} when absent. */
    static int limit(String value, int fallback, int max) {
        return limit("limit", value, fallback, max);
    }

    /** A count parameter between 1 and the maximum, {@code fallback} when absent. */
    static int limit(String parameter, String value, int fallback, int max) {
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
        throw new InvalidRequestException(parameter, parameter + " must be an integer from 1 to " + max);
    }
}
