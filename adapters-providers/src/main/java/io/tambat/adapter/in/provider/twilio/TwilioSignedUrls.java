package io.tambat.adapter.in.provider.twilio;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The spellings of the signed URL a Twilio signature may be over. Twilio signs the URL configured in its
 * console, but not always with the port as written there: its SDKs accept a signature over the URL as given
 * and over the same URL with the port toggled (the scheme's default port added when none is written, the
 * written port removed otherwise), "since signature generation on the back end is inconsistent". Vector T5 of
 * the shared notes verifies only with {@code :443} added.
 */
final class TwilioSignedUrls {

    private static final Map<String, Integer> DEFAULT_PORTS = Map.of("https", 443, "http", 80);

    private TwilioSignedUrls() {
    }

    /** The URL exactly as configured (with the request's query string), then with its port toggled. */
    static List<String> spellings(URI signedUrl) {
        int toggled = signedUrl.getPort() < 0
                ? DEFAULT_PORTS.getOrDefault(signedUrl.getScheme().toLowerCase(Locale.ROOT), -1)
                : -1;
        return List.of(signedUrl.toString(), withPort(signedUrl, toggled));
    }

    /**
     * The URL rebuilt from its raw parts with another port ({@code -1} for none). Raw, because decoding and
     * encoding the path or query again could change how they are spelled, and Twilio signs the spelling.
     */
    private static String withPort(URI url, int port) {
        StringBuilder spelled = new StringBuilder(url.getScheme()).append("://");
        if (url.getRawUserInfo() != null) {
            spelled.append(url.getRawUserInfo()).append('@');
        }
        spelled.append(url.getHost());
        if (port >= 0) {
            spelled.append(':').append(port);
        }
        spelled.append(url.getRawPath());
        if (url.getRawQuery() != null) {
            spelled.append('?').append(url.getRawQuery());
        }
        if (url.getRawFragment() != null) {
            spelled.append('#').append(url.getRawFragment());
        }
        return spelled.toString();
    }
}
