package io.tambat.adapter.in.provider.support.processing;

import io.tambat.adapter.in.provider.support.form.FormFields;
import io.tambat.adapter.in.provider.support.json.JsonBodies;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.json.JsonPointers;
import io.tambat.provider.spi.UninterpretableEventException;
import io.tambat.provider.spi.WebhookRejectedException;
import jakarta.json.JsonObject;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Lets event interpreters read a stored payload with the strict readers ingress uses ({@link JsonBodies},
 * {@link JsonFields}, {@link FormFields}), while failing the way processing expects.
 *
 * <p>Those readers reject with {@code MALFORMED_ENVELOPE}, an answer to a sender. By processing time the event
 * is accepted and stored, so the same fault means the event cannot be interpreted and retrying cannot help:
 * {@link UninterpretableEventException}. The detail is carried over unchanged, because the readers' details
 * already name the field and never its content.
 */
public final class StoredPayloads {

    private StoredPayloads() {
    }

    /**
     * The payload as a JSON object pruned to the fields the interpreter reads.
     *
     * @throws UninterpretableEventException when it is not exactly one well-formed JSON object
     */
    public static JsonObject jsonObject(byte[] payload, JsonPointers read) {
        return read(() -> JsonBodies.parseObject(payload, read));
    }

    /**
     * The result of a read with the ingress readers.
     *
     * @throws UninterpretableEventException carrying the detail of the rejection the read raised
     */
    public static <T> T read(Supplier<T> read) {
        try {
            return read.get();
        } catch (WebhookRejectedException e) {
            throw new UninterpretableEventException(e.getMessage());
        }
    }

    /**
     * A field the event's schema promises, read with the ingress readers.
     *
     * @param field where the value is, named in the message
     * @throws UninterpretableEventException when the field is absent, or carrying the detail of the rejection
     *         the read raised
     */
    public static <T> T required(String field, Supplier<Optional<T>> read) {
        return read(read).orElseThrow(() -> new UninterpretableEventException(field + " is missing"));
    }

    /**
     * A domain value built from payload fields, e.g. an {@code ObjectKey}.
     *
     * @param field where the values came from, named in the message
     * @throws UninterpretableEventException when the domain refuses the values; its message names the rule
     *         broken, never the value, and is kept
     */
    public static <T> T build(String field, Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            throw new UninterpretableEventException(field + ": " + e.getMessage());
        }
    }
}
