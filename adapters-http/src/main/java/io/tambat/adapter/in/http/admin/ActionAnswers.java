package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.json.JsonProviders;
import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.domain.model.operator.ActionProgress;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * How a bulk action is answered. The operator's {@code Prefer} header (RFC 7240) says how long the request waits
 * for it: an action that ended by then is answered 200 with its result, one that runs on 202 with where it is
 * followed, {@code GET /admin/actions/{id}}.
 */
final class ActionAnswers {

    /**
     * The wait without a preference, and the longest one asked for: long enough for the usual small action to be
     * answered with its result, as it always was; short enough that no request holds on for long.
     */
    static final Duration DEFAULT_WAIT = Duration.ofSeconds(5);

    static final String RESPOND_ASYNC = "respond-async";
    private static final String WAIT = "wait";
    private static final String PREFERENCE_APPLIED = "Preference-Applied";

    private ActionAnswers() {
    }

    /**
     * What the operator prefers.
     *
     * @param maxWait      how long the request waits for the action
     * @param respondAsync whether they asked for an answer without waiting ({@code respond-async})
     */
    record Preference(Duration maxWait, boolean respondAsync) {
    }

    static Preference preference(HttpHeaders headers) {
        return preference(headers.getRequestHeader("Prefer"));
    }

    /**
     * The preferences of every {@code Prefer} header, regardless of case or parameters: {@code wait=N} waits N
     * seconds, at most {@link #DEFAULT_WAIT}; {@code respond-async} alone does not wait at all (with a
     * {@code wait}, it waits that long); neither waits {@link #DEFAULT_WAIT}.
     */
    static Preference preference(List<String> preferHeaders) {
        boolean respondAsync = false;
        Optional<Duration> wait = Optional.empty();
        for (String header : preferHeaders == null ? List.<String>of() : preferHeaders) {
            for (String preference : header.split(",")) {
                String[] token = preference.split(";", 2)[0].split("=", 2);
                String name = token[0].trim().toLowerCase(Locale.ROOT);
                if (name.equals(RESPOND_ASYNC)) {
                    respondAsync = true;
                } else if (name.equals(WAIT) && token.length == 2 && wait.isEmpty()) {
                    wait = seconds(token[1]);
                }
            }
        }
        return new Preference(wait.orElse(respondAsync ? Duration.ZERO : DEFAULT_WAIT), respondAsync);
    }

    /** A {@code wait} value: delta-seconds, perhaps quoted, capped at {@link #DEFAULT_WAIT}; else none. */
    private static Optional<Duration> seconds(String value) {
        String digits = value.trim().replace("\"", "");
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return Optional.empty();
        }
        try {
            Duration asked = Duration.ofSeconds(Long.parseLong(digits));
            return Optional.of(asked.compareTo(DEFAULT_WAIT) < 0 ? asked : DEFAULT_WAIT);
        } catch (NumberFormatException e) {
            // more digits than a long holds: far beyond the cap
            return Optional.of(DEFAULT_WAIT);
        }
    }

    /**
     * 200 with {@code body} of the result when the action ended within the wait; otherwise 202 with its id and
     * state, where to follow it, and {@code Preference-Applied: respond-async} when it was asked for.
     */
    static <R> Response answer(Preference preference, ActionAnswer<R> answer, Function<R, JsonObjectBuilder> body) {
        if (answer instanceof ActionAnswer.Done<R> done) {
            return Response.ok(body.apply(done.result()).build().toString(), MediaType.APPLICATION_JSON_TYPE)
                    .build();
        }
        Response.ResponseBuilder running = Response.status(Response.Status.ACCEPTED)
                .entity(JsonProviders.PROVIDER.createObjectBuilder()
                        .add("action_id", answer.actionId().toString())
                        .add("state", ActionProgress.State.RUNNING.code()).build().toString())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header(HttpHeaders.LOCATION, "/admin/actions/" + answer.actionId());
        if (preference.respondAsync()) {
            running.header(PREFERENCE_APPLIED, RESPOND_ASYNC);
        }
        return running.build();
    }
}
