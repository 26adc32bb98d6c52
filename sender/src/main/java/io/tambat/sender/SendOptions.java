package io.tambat.sender;

import io.tambat.sender.delivery.ProviderDelivery;
import io.tambat.sender.delivery.Providers;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What tambat-send was asked to do. The arguments are read by hand: a dozen flags do not need a parsing library,
 * and the tool stays a jar with no dependency.
 *
 * @param retryOf the logical id to deliver again; without it, a new event is delivered
 * @param stale whether to sign with a timestamp {@link TambatSend#STALE_AGE} old
 * @param tamper whether to change one body byte after signing
 * @param body a file whose bytes are sent instead of the sample
 * @param publicUrl the URL a provider that signs URLs signs, when it is not the target
 * @param insecure whether to trust any TLS certificate
 */
record SendOptions(
        ProviderDelivery delivery,
        URI target,
        String secret,
        Optional<String> eventType,
        Optional<String> retryOf,
        boolean stale,
        boolean tamper,
        Optional<Path> body,
        Optional<URI> publicUrl,
        boolean insecure) {

    static final Set<String> HELP = Set.of("-h", "--help");
    private static final String SECRET = "--secret";
    private static final String EVENT_TYPE = "--event-type";
    private static final String RETRY_OF = "--retry-of";
    private static final String BODY = "--body";
    private static final String PUBLIC_URL = "--public-url";
    private static final String STALE = "--stale";
    private static final String TAMPER = "--tamper";
    private static final String INSECURE = "--insecure";
    private static final Set<String> WITH_VALUE = Set.of(SECRET, EVENT_TYPE, RETRY_OF, BODY, PUBLIC_URL);
    private static final Set<String> SWITCHES = Set.of(STALE, TAMPER, INSECURE);

    static SendOptions parse(String... args) throws UsageException {
        List<String> positional = new ArrayList<>();
        Map<String, String> values = new HashMap<>();
        Set<String> switches = new HashSet<>();
        for (Iterator<String> remaining = List.of(args).iterator(); remaining.hasNext(); ) {
            String arg = remaining.next();
            if (WITH_VALUE.contains(arg)) {
                if (!remaining.hasNext()) {
                    throw new UsageException(arg + " needs a value");
                }
                if (values.put(arg, remaining.next()) != null) {
                    throw new UsageException(arg + " is given twice");
                }
            } else if (SWITCHES.contains(arg)) {
                if (!switches.add(arg)) {
                    throw new UsageException(arg + " is given twice");
                }
            } else if (arg.startsWith("-") && arg.length() > 1) {
                throw new UsageException("unknown option " + arg);
            } else {
                positional.add(arg);
            }
        }
        if (positional.size() != 2) {
            throw new UsageException("expected <provider> <url>, got " + positional.size() + " argument(s)");
        }
        String provider = positional.get(0);
        ProviderDelivery delivery = Providers.named(provider).orElseThrow(() -> new UsageException(
                "unknown provider " + provider + "; one of " + String.join(", ", Providers.names())));
        String secret = headerText(values, SECRET).orElseThrow(() -> new UsageException(SECRET + " is required"));
        Optional<String> publicUrl = Optional.ofNullable(values.get(PUBLIC_URL));
        return new SendOptions(delivery, httpUrl("<url>", positional.get(1)), secret,
                headerText(values, EVENT_TYPE), headerText(values, RETRY_OF),
                switches.contains(STALE), switches.contains(TAMPER),
                Optional.ofNullable(values.get(BODY)).map(Path::of),
                publicUrl.isEmpty() ? Optional.empty() : Optional.of(httpUrl(PUBLIC_URL, publicUrl.get())),
                switches.contains(INSECURE));
    }

    static String usage() {
        return """
                usage: tambat-send <provider> <url> --secret <secret> [options]

                Signs a sample event of <provider> (or the --body given) as the provider does, POSTs it to <url>
                and prints the request and the answer. Exit status: 0 on a 2xx answer, 1 on another answer or
                when nothing could be delivered, 2 on a usage error.

                  <provider>            %s
                  <url>                 the receiver's endpoint, for instance
                                        http://localhost:9080/webhooks/stripe/stripe-demo
                  --secret <secret>     the endpoint's secret in the provider's format: Stripe whsec_...,
                                        Standard whsec_<base64> (HMAC) or whsk_<base64> (Ed25519 private key),
                                        Twilio auth token, GitLab token, Adyen hex HMAC key, the others as is
                  --event-type <type>   instead of the sample's: the body's type (stripe, standard, paddle),
                                        the event header (github, gitlab), the topic (shopify), the inner
                                        event type (slack), MessageStatus (twilio), eventCode (adyen)
                  --retry-of <id>       deliver the event with this logical id again, with a new attempt
                                        timestamp and signature, as the provider retries (adyen: the
                                        pspReference); each run prints the logical id it used
                  --stale               sign with a timestamp 10 minutes old
                  --tamper              change one byte of the body after signing
                  --body <file>         send the file's bytes instead of the sample: JSON when they start with
                                        { or [, otherwise a form; an id inside them is sent as it is (not
                                        for adyen, which signs inside the body)
                  --public-url <url>    the URL twilio signs, when the receiver is reached through another one
                  --insecure            trust any TLS certificate (a local server's self-signed one)
                  -h, --help            this text
                """.formatted(String.join(" ", Providers.names()));
    }

    /** The option's value, if given, once it is known to fit in a header: not empty, no control character. */
    private static Optional<String> headerText(Map<String, String> values, String option) throws UsageException {
        String value = values.get(option);
        if (value != null && (value.isEmpty() || value.chars().anyMatch(Character::isISOControl))) {
            throw new UsageException(option + " must not be empty or hold control characters");
        }
        return Optional.ofNullable(value);
    }

    private static URI httpUrl(String what, String text) throws UsageException {
        try {
            URI url = new URI(text);
            if (("http".equals(url.getScheme()) || "https".equals(url.getScheme())) && url.getHost() != null) {
                return url;
            }
        } catch (URISyntaxException e) {
            throw new UsageException(what + " is not a URL: " + e.getMessage(), e);
        }
        throw new UsageException(what + " must be an absolute http:// or https:// URL");
    }
}
