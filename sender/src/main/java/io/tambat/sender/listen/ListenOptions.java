package io.tambat.sender.listen;

import io.tambat.sender.signing.StandardWebhooksSigner;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The command line of {@code tambat-listen}.
 *
 * @param port      the loopback port to listen on
 * @param secret    the destination's {@code whsec_} secret, the one every delivery must be signed with
 * @param status    the answer to a verified delivery
 * @param failFirst how many attempts of each message id are answered 500 before {@code status}, to watch retries
 */
record ListenOptions(int port, String secret, int status, int failFirst) {

    static final Set<String> HELP = Set.of("-h", "--help");
    private static final Set<String> OPTIONS = Set.of("--port", "--secret", "--status", "--fail-first");

    static ListenOptions parse(String... args) throws IllegalArgumentException {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!OPTIONS.contains(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i]);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            values.put(args[i], args[i + 1]);
        }
        String secret = values.get("--secret");
        if (secret == null || !secret.startsWith(StandardWebhooksSigner.SYMMETRIC_PREFIX)) {
            throw new IllegalArgumentException("--secret whsec_<base64> is required: the destination's secret");
        }
        int port = number(values, "--port", -1, 0, 65535);
        int status = number(values, "--status", 200, 100, 599);
        int failFirst = number(values, "--fail-first", 0, 0, 1000);
        return new ListenOptions(port, secret, status, failFirst);
    }

    static String usage() {
        return """
                usage: tambat-listen --port <port> --secret <whsec_...> [--status <code>] [--fail-first <n>]
                  Receives the deliveries Tambat forwards to http://127.0.0.1:<port>/, verifies each Standard
                  Webhooks signature with the destination's secret and prints one line per delivery.
                  --port 0            takes a free port (the first line says which)
                  --status <code>     the answer to a verified delivery (default 200)
                  --fail-first <n>    answer 500 to the first n attempts of each message, to watch retries
                  An unverified delivery is answered 401.
                """;
    }

    private static int number(Map<String, String> values, String option, int byDefault, int min, int max) {
        String text = values.get(option);
        if (text == null) {
            if (byDefault < 0) {
                throw new IllegalArgumentException(option + " is required");
            }
            return byDefault;
        }
        try {
            int value = Integer.parseInt(text);
            if (value < min || value > max) {
                throw new IllegalArgumentException(option + " must be between " + min + " and " + max);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " must be a number", e);
        }
    }
}
