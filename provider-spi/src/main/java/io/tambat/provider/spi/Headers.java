package io.tambat.provider.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Request headers as the sender sent them: names compared case-insensitively, every value kept in order.
 * Adapters use {@link #single(String)} for headers that must appear at most once, so a duplicated
 * signature header is detected rather than silently resolved to one of its values.
 */
public final class Headers {

    private final Map<String, List<String>> values;

    private Headers(Map<String, List<String>> values) {
        this.values = values;
    }

    public static Headers of(Map<String, List<String>> raw) {
        Map<String, List<String>> copy = new TreeMap<>();
        raw.forEach((name, list) -> copy.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                .addAll(list));
        copy.replaceAll((name, list) -> List.copyOf(list));
        return new Headers(copy);
    }

    public static Headers of(String... nameValuePairs) {
        if (nameValuePairs.length % 2 != 0) {
            throw new IllegalArgumentException("headers come in name/value pairs");
        }
        Map<String, List<String>> raw = new TreeMap<>();
        for (int i = 0; i < nameValuePairs.length; i += 2) {
            raw.computeIfAbsent(nameValuePairs[i].toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(nameValuePairs[i + 1]);
        }
        return of(raw);
    }

    /** Every value of the header, in order; empty when absent. */
    public List<String> all(String name) {
        return values.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    /**
     * The header's only value.
     *
     * @throws DuplicateHeaderException when the header appears more than once
     */
    public Optional<String> single(String name) {
        List<String> found = all(name);
        if (found.size() > 1) {
            throw new DuplicateHeaderException(name);
        }
        return found.stream().findFirst();
    }

    /** A header that must appear once was sent several times. */
    public static final class DuplicateHeaderException extends IllegalStateException {
        public DuplicateHeaderException(String name) {
            super("header " + name + " appears more than once");
        }
    }
}
