package io.tambat.adapter.in.provider;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Realistic event payloads kept under {@code src/test/resources/events/<provider>/}, read as raw bytes. */
public final class EventFixtures {

    private EventFixtures() {
    }

    /** The bytes of {@code events/<provider>/<name>}. */
    public static byte[] read(String provider, String name) {
        String path = "/events/" + provider + "/" + name;
        try (InputStream in = EventFixtures.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
