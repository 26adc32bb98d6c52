package io.tambat.adapter.in.http.order;

import java.util.List;
import java.util.Locale;

/**
 * Whether the client prefers an asynchronous answer (RFC 7240): a {@code respond-async} token in any
 * {@code Prefer} header, among other preferences and regardless of case or parameters.
 */
final class AsyncPreference {

    static final String RESPOND_ASYNC = "respond-async";

    private AsyncPreference() {
    }

    static boolean requested(List<String> preferHeaders) {
        if (preferHeaders == null) {
            return false;
        }
        return preferHeaders.stream()
                .flatMap(header -> List.of(header.split(",")).stream())
                .map(preference -> preference.split("[;=]", 2)[0].trim().toLowerCase(Locale.ROOT))
                .anyMatch(RESPOND_ASYNC::equals);
    }
}
