package io.tambat.adapter.in.provider.support.header;

import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.WebhookRejectedException;
import java.util.List;
import java.util.Optional;

/**
 * Reads headers that must appear at most once and turns a duplicate into the caller's rejection, so the
 * pipeline sees a typed rejection instead of an adapter silently choosing one of two conflicting values.
 */
public final class SingleHeader {

    private SingleHeader() {
    }

    /** The header's only value; empty when absent; {@code onDuplicate} when it appears more than once. */
    public static Optional<String> read(Headers headers, String name, Rejection onDuplicate) {
        List<String> values = headers.all(name);
        if (values.size() > 1) {
            throw new WebhookRejectedException(onDuplicate, name + " header appears more than once");
        }
        return values.stream().findFirst();
    }

    /**
     * The header's only value, which the caller cannot do without: {@code rejection} when it is absent, naming
     * the header, as when it appears more than once.
     */
    public static String required(Headers headers, String name, Rejection rejection) {
        return read(headers, name, rejection)
                .orElseThrow(() -> new WebhookRejectedException(rejection, name + " header is missing"));
    }

    /**
     * The value of the first of {@code names} that is present, each read as by {@link #read}. Lets an adapter
     * prefer one header family over another, e.g. Svix's {@code svix-id} over {@code webhook-id}.
     */
    public static Optional<String> firstPresent(Headers headers, Rejection onDuplicate, String... names) {
        for (String name : names) {
            Optional<String> value = read(headers, name, onDuplicate);
            if (value.isPresent()) {
                return value;
            }
        }
        return Optional.empty();
    }
}
