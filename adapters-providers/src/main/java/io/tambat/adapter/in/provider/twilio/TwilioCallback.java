package io.tambat.adapter.in.provider.twilio;

import io.tambat.adapter.in.provider.support.form.FormFields;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a Twilio form callback is about: a message or a call, its SID, and for a status callback its status. The
 * logical event id and the event type of a form delivery are derived here.
 *
 * @param resource {@code message} or {@code call}
 * @param sid      the message's or call's SID ({@code SM...}, {@code CA...})
 * @param status   the status the callback reports, as sent (e.g. {@code delivered})
 */
record TwilioCallback(String resource, String sid, Optional<String> status) {

    /** A message or a call: the fields that carry its SID and its status, each in order of preference. */
    private enum Resource {
        // Messaging callbacks carry each value twice, under its current and its legacy SMS name.
        MESSAGE("message", List.of("MessageSid", "SmsSid"), List.of("MessageStatus", "SmsStatus")),
        CALL("call", List.of("CallSid"), List.of("CallStatus"));

        private final String code;
        private final List<String> sidFields;
        private final List<String> statusFields;

        Resource(String code, List<String> sidFields, List<String> statusFields) {
            this.code = code;
            this.sidFields = sidFields;
            this.statusFields = statusFields;
        }
    }

    /**
     * The callback a verified form describes: the message whose SID it carries, else the call; empty when it
     * carries neither SID. A status is read only from the same resource's fields.
     *
     * @throws io.tambat.provider.spi.WebhookRejectedException {@code MALFORMED_ENVELOPE} when a field read is
     *         repeated or the form holds an invalid percent escape
     */
    static Optional<TwilioCallback> in(byte[] form) {
        for (Resource resource : Resource.values()) {
            Optional<String> sid = firstPresent(form, resource.sidFields);
            if (sid.isPresent()) {
                return Optional.of(new TwilioCallback(resource.code, sid.get(),
                        firstPresent(form, resource.statusFields)));
            }
        }
        return Optional.empty();
    }

    /**
     * The SID, with the status when there is one: {@code SM...:delivered}. A message's successive status
     * callbacks (queued, sent, delivered) share its SID, and keyed by the SID alone all but the first would be
     * taken for duplicates of it; a retry of one callback repeats its status, so stays a duplicate.
     */
    String eventId() {
        return status.map(value -> sid + ":" + value).orElse(sid);
    }

    /** {@code message} or {@code call}, followed by the status in lower case when there is one. */
    String eventType() {
        return status.map(value -> resource + "." + value.toLowerCase(Locale.ROOT)).orElse(resource);
    }

    /** The first of the fields that is present and not empty. */
    private static Optional<String> firstPresent(byte[] form, List<String> fields) {
        return fields.stream()
                .flatMap(field -> FormFields.text(form, field).stream())
                .filter(value -> !value.isEmpty())
                .findFirst();
    }
}
