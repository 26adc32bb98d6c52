package io.tambat.adapter.in.provider.slack;

import io.tambat.adapter.in.provider.support.form.FormFields;
import io.tambat.adapter.in.provider.support.ingress.Rejections;
import io.tambat.adapter.in.provider.support.json.JsonBodies;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.json.JsonPointers;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Optional;

/**
 * What one of Slack's three body shapes says about itself, read the same way at ingress and in processing.
 *
 * <ul>
 *   <li><b>Events API</b>, a JSON object: {@code event_id}, the same on every retry; the inner
 *       {@code event.type} of an {@code event_callback} ({@code app_mention}, {@code message}), else the outer
 *       {@code type}; {@code team_id}; {@code event_time}.</li>
 *   <li><b>Interactivity</b>, a form whose {@code payload} field is JSON: {@code trigger_id}, new for every
 *       interaction (Slack does not retry these); its {@code type} ({@code block_actions}, {@code view_submission},
 *       {@code shortcut}); {@code team.id}.</li>
 *   <li><b>Slash commands</b>, a form with a {@code command} field: {@code trigger_id}; the type
 *       {@value #SLASH_COMMAND}; {@code team_id}.</li>
 * </ul>
 *
 * <p>No content type is kept with a stored event, so the body's first byte tells JSON from a form, at ingress as
 * in processing: one rule for both.
 *
 * @param teamId the workspace, when the body names one
 */
record SlackEnvelope(String eventId, String eventType, Optional<String> teamId, Optional<Instant> eventTime) {

    static final String SLASH_COMMAND = "slash_command";

    private static final String TYPE = "/type";
    private static final String EVENT_CALLBACK = "event_callback";
    private static final String EVENT_ID = "/event_id";
    private static final String INNER_TYPE = "/event/type";
    private static final String TEAM_ID = "/team_id";
    private static final String EVENT_TIME = "/event_time";
    private static final String TRIGGER_ID = "/trigger_id";
    private static final String INTERACTION_TEAM_ID = "/team/id";
    private static final JsonPointers EVENTS_API = JsonPointers.of(EVENT_ID, TYPE, INNER_TYPE, TEAM_ID, EVENT_TIME);
    private static final JsonPointers INTERACTION = JsonPointers.of(TRIGGER_ID, TYPE, INTERACTION_TEAM_ID);
    private static final String URL_VERIFICATION = "url_verification";
    private static final String CHALLENGE = "/challenge";
    private static final JsonPointers HANDSHAKE = JsonPointers.of(TYPE, CHALLENGE);

    /**
     * Reads a verified body.
     *
     * @throws io.tambat.provider.spi.WebhookRejectedException {@code MALFORMED_ENVELOPE} when the body is none of
     *         the three shapes or lacks its id or type
     */
    static SlackEnvelope read(byte[] body) {
        if (JsonBodies.opensObject(body)) {
            return eventsApi(JsonBodies.parseObject(body, EVENTS_API));
        }
        Optional<byte[]> payload = FormFields.single(body, "payload");
        if (payload.isPresent()) {
            return interaction(JsonBodies.parseObject(payload.get(), INTERACTION));
        }
        if (FormFields.single(body, "command").isPresent()) {
            return new SlackEnvelope(requiredField(body, "trigger_id"), SLASH_COMMAND,
                    FormFields.text(body, "team_id"), Optional.empty());
        }
        throw Rejections.malformedEnvelope("body is neither Events API JSON, an interactivity payload nor a "
                + "slash command");
    }

    private static SlackEnvelope eventsApi(JsonObject envelope) {
        String outerType = JsonFields.requiredString(envelope, TYPE);
        String eventType = outerType.equals(EVENT_CALLBACK) ? JsonFields.requiredString(envelope, INNER_TYPE)
                : outerType;
        return new SlackEnvelope(JsonFields.requiredString(envelope, EVENT_ID), eventType,
                JsonFields.lenientString(envelope, TEAM_ID), JsonFields.lenientEpochSeconds(envelope, EVENT_TIME));
    }

    private static SlackEnvelope interaction(JsonObject payload) {
        return new SlackEnvelope(JsonFields.requiredString(payload, TRIGGER_ID),
                JsonFields.requiredString(payload, TYPE), JsonFields.lenientString(payload, INTERACTION_TEAM_ID),
                Optional.empty());
    }

    private static String requiredField(byte[] form, String name) {
        return FormFields.text(form, name).filter(value -> !value.isBlank())
                .orElseThrow(() -> Rejections.malformedEnvelope("form field " + name + " is missing or empty"));
    }

    /** A body of the Events API's URL verification, which is a challenge to send back, not an event. */
    static Optional<String> urlVerificationChallenge(byte[] body) {
        if (!JsonBodies.opensObject(body)) {
            return Optional.empty();
        }
        JsonObject envelope = JsonBodies.parseObject(body, HANDSHAKE);
        if (JsonFields.lenientString(envelope, TYPE).filter(URL_VERIFICATION::equals).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(JsonFields.requiredString(envelope, CHALLENGE));
    }
}
