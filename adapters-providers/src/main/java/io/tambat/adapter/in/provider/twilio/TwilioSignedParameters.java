package io.tambat.adapter.in.provider.twilio;

import io.tambat.adapter.in.provider.support.form.FormFields;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What Twilio appends to the URL it signs for a form body: every parameter as {@code name + value}, names in
 * order, and for a name sent several times each distinct value once, values in order (twilio-node's
 * {@code getExpectedTwilioSignature}). The order is {@link String#compareTo}'s, UTF-16 code units, which is how
 * JavaScript's {@code sort()} and Java's {@code Collections.sort} order the names in Twilio's SDKs.
 *
 * <p>Twilio signs the decoded parameters, not the body's bytes: the same parameters sent in another order or
 * with other percent escapes carry the same signature, and are the same delivery downstream.
 */
final class TwilioSignedParameters {

    private TwilioSignedParameters() {
    }

    /**
     * The UTF-8 bytes Twilio appends to the URL for this form body; empty for a body Twilio cannot have sent,
     * which no token verifies: an invalid percent escape, or a name or value that is not UTF-8 (decoding it
     * leniently would let other bytes stand for the replacement character Twilio signed).
     */
    static Optional<byte[]> of(byte[] formBody) {
        return FormFields.all(formBody).flatMap(TwilioSignedParameters::sorted).map(sorted -> {
            StringBuilder appended = new StringBuilder();
            sorted.forEach((name, values) -> values.forEach(value -> appended.append(name).append(value)));
            return appended.toString().getBytes(StandardCharsets.UTF_8);
        });
    }

    /** Each name's distinct values, names and values in order; empty when one is not UTF-8. */
    private static Optional<SortedMap<String, SortedSet<String>>> sorted(List<FormFields.Field> fields) {
        SortedMap<String, SortedSet<String>> sorted = new TreeMap<>();
        for (FormFields.Field field : fields) {
            Optional<String> name = utf8(field.name());
            Optional<String> value = utf8(field.value());
            if (name.isEmpty() || value.isEmpty()) {
                return Optional.empty();
            }
            sorted.computeIfAbsent(name.get(), n -> new TreeSet<>()).add(value.get());
        }
        return Optional.of(sorted);
    }

    private static Optional<String> utf8(byte[] bytes) {
        try {
            // A fresh decoder reports malformed input rather than replacing it.
            return Optional.of(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }
}
