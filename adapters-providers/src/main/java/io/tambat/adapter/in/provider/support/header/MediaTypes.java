package io.tambat.adapter.in.provider.support.header;

import java.util.Locale;

/** Matches a {@code Content-Type} header value against media types, ignoring parameters and case. */
public final class MediaTypes {

    private MediaTypes() {
    }

    /**
     * Whether the header's media type (the part before any {@code ;}) is one of the expected ones. A missing
     * header matches nothing: a sender that omits it cannot be told apart from a client probing the endpoint.
     */
    public static boolean matches(String contentType, String... expected) {
        if (contentType == null) {
            return false;
        }
        String mediaType = essence(contentType);
        for (String candidate : expected) {
            if (mediaType.equals(candidate.toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /** The media type of a header value without parameters, lower case, e.g. {@code application/json}. */
    private static String essence(String contentType) {
        int semicolon = contentType.indexOf(';');
        String mediaType = semicolon < 0 ? contentType : contentType.substring(0, semicolon);
        return mediaType.strip().toLowerCase(Locale.ROOT);
    }
}
