package io.tambat.sender;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.tambat.sender.delivery.WebhookRequest;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.util.Arrays;

/**
 * Prints an exchange the way {@code curl -v} does: the request after {@code >}, the answer after {@code <}, each
 * body below its headers. Long header values (signatures) are cut short, the secret itself is never printed (GitLab
 * sends it as a header), and only the start of the request body is shown.
 */
final class Transcript {

    private static final int HEADER_CHARS_SHOWN = 40;
    private static final int REQUEST_BODY_BYTES_SHOWN = 300;
    private static final int ANSWER_BODY_BYTES_SHOWN = 4096;

    private Transcript() {
    }

    static void request(PrintStream out, WebhookRequest request, String secret) {
        out.println("> POST " + request.url());
        request.headers().forEach((name, value) -> out.println("> " + name + ": " + shown(value, secret)));
        out.println(">");
        printBody(out, request.body(), REQUEST_BODY_BYTES_SHOWN);
    }

    static void response(PrintStream out, HttpResponse<byte[]> response) {
        out.println("< " + response.statusCode());
        response.headers().map().forEach((name, values) -> values.forEach(value -> out.println("< " + name + ": "
                + value)));
        out.println("<");
        printBody(out, response.body(), ANSWER_BODY_BYTES_SHOWN);
    }

    private static String shown(String value, String secret) {
        if (value.equals(secret)) {
            return "(the --secret)";
        }
        return value.length() > HEADER_CHARS_SHOWN ? value.substring(0, HEADER_CHARS_SHOWN) + "..." : value;
    }

    private static void printBody(PrintStream out, byte[] body, int bytesShown) {
        boolean whole = body.length <= bytesShown;
        out.println(new String(whole ? body : Arrays.copyOf(body, bytesShown), UTF_8) + (whole ? "" : "..."));
        out.println("(" + body.length + " bytes)");
    }
}
