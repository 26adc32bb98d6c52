package io.tambat.domain.model.forwarding;

import java.util.List;

/**
 * Which event types a destination takes: exact types, prefixes ending in {@code *}, or {@code *} for all.
 */
public record EventTypePatterns(List<String> patterns) {

    private static final String ANY = "*";

    public EventTypePatterns {
        patterns = List.copyOf(patterns);
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException("needs at least one type, prefix* or *");
        }
        for (String pattern : patterns) {
            if (pattern.isBlank() || pattern.indexOf('*') >= 0 && pattern.indexOf('*') != pattern.length() - 1) {
                throw new IllegalArgumentException("'" + pattern + "' is neither a type nor a prefix ending in *");
            }
        }
    }

    public static EventTypePatterns any() {
        return new EventTypePatterns(List.of(ANY));
    }

    public boolean matches(String eventType) {
        for (String pattern : patterns) {
            boolean prefix = pattern.endsWith(ANY);
            if (prefix ? eventType.startsWith(pattern.substring(0, pattern.length() - 1)) : eventType.equals(pattern)) {
                return true;
            }
        }
        return false;
    }
}
