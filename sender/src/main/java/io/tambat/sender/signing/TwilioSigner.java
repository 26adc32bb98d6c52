package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.net.URLDecoder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Twilio: {@code X-Twilio-Signature}, the base64 HMAC-SHA1 keyed with the UTF-8 auth token of the full URL Twilio
 * calls followed by every POST parameter, names sorted, each as name then value (a repeated name once per
 * distinct value, values sorted). A JSON body is signed another way: its hex SHA-256 goes into the URL as the
 * {@code bodySHA256} query parameter, and the signature covers that URL with no parameters.
 *
 * <p>The URL is the one Twilio was configured with, byte for byte (port included or not); behind a proxy it is
 * the public URL, not the one the receiver sees.
 */
public final class TwilioSigner {

    public static final String SIGNATURE_HEADER = "X-Twilio-Signature";
    public static final String IDEMPOTENCY_HEADER = "I-Twilio-Idempotency-Token";
    public static final String BODY_HASH_PARAMETER = "bodySHA256";

    private TwilioSigner() {
    }

    /**
     * The headers of one request: for a form body its {@link #formParameters decoded parameters}; for a JSON body
     * no parameters and a URL that carries the body's hash ({@link #withBodyHash}).
     */
    public static Map<String, String> headers(String authToken, String url,
            Map<String, ? extends Collection<String>> parameters, String idempotencyToken) {
        return OrderedHeaders.of(
                IDEMPOTENCY_HEADER, idempotencyToken,
                SIGNATURE_HEADER, signature(authToken, url, parameters));
    }

    /** The {@code X-Twilio-Signature} value. */
    public static String signature(String authToken, String url, Map<String, ? extends Collection<String>> parameters) {
        StringBuilder signed = new StringBuilder(url);
        for (String name : new TreeSet<>(parameters.keySet())) {
            for (String value : new TreeSet<>(parameters.get(name))) {
                signed.append(name).append(value);
            }
        }
        return Base64.getEncoder().encodeToString(
                Hmac.sha1(authToken.getBytes(UTF_8), signed.toString().getBytes(UTF_8)));
    }

    /** The parameters of an {@code application/x-www-form-urlencoded} body, decoded as UTF-8, in body order. */
    public static Map<String, List<String>> formParameters(byte[] formBody) {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        for (String pair : new String(formBody, UTF_8).split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            String value = equals < 0 ? "" : pair.substring(equals + 1);
            parameters.computeIfAbsent(URLDecoder.decode(name, UTF_8), key -> new ArrayList<>())
                    .add(URLDecoder.decode(value, UTF_8));
        }
        return Collections.unmodifiableMap(parameters);
    }

    /**
     * The URL with {@code bodySHA256=<hex SHA-256 of the body>} added to its query (before any fragment, where
     * Twilio keeps its connection overrides), as Twilio calls it for a JSON body.
     */
    public static String withBodyHash(String url, byte[] body) {
        int fragment = url.indexOf('#');
        String beforeFragment = fragment < 0 ? url : url.substring(0, fragment);
        String separator = beforeFragment.contains("?") ? "&" : "?";
        return beforeFragment + separator + BODY_HASH_PARAMETER + "=" + HexFormat.of().formatHex(sha256(body))
                + (fragment < 0 ? "" : url.substring(fragment));
    }

    private static byte[] sha256(byte[] body) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(body);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
