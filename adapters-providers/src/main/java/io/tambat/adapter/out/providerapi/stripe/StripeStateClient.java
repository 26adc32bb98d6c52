package io.tambat.adapter.out.providerapi.stripe;

import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.ProviderObject;
import io.tambat.provider.spi.ProviderStatePort;
import io.tambat.provider.spi.TransientProcessingException;
import io.tambat.provider.spi.UninterpretableEventException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Fetches a Stripe object's current state: {@code GET {api-url}/v1/{resource}/{id}} with the secret key as a
 * bearer token, bounded by the timeout on connecting and on each whole request.
 *
 * <p>An object of a Connect account (a connected account's direct charge, its refunds and disputes) is fetched
 * with {@code Stripe-Account: <account id>}: the platform's key sees it only when acting for that account.
 *
 * <p>The state is the object's {@code status}. Connected accounts have none, so an account's state is derived:
 * {@code enabled} when it can both take charges and receive payouts, {@code restricted} otherwise. Stripe keeps
 * no version on its objects, so the result has none.
 *
 * <p>Exception messages name the object type and the HTTP status only: never the key, the URL (it holds the
 * object id), the connected account or the body. Thread-safe: the JDK client is, and nothing else here changes
 * after construction. Each request carries the calling thread's trace context, when there is one, as
 * {@code traceparent}.
 */
final class StripeStateClient implements ProviderStatePort {

    static final String PROVIDER = "stripe";

    /** The API resource of each object type this client fetches. */
    private static final Map<ObjectType, String> RESOURCES = Map.of(
            ObjectType.PAYMENT, "payment_intents",
            ObjectType.SUBSCRIPTION, "subscriptions",
            ObjectType.REFUND, "refunds",
            ObjectType.DISPUTE, "disputes",
            ObjectType.ACCOUNT, "accounts");

    private final String baseUrl;
    private final String authorization;
    private final Duration timeout;
    private final HttpClient http;
    private final Supplier<Optional<String>> traceContext;
    // Looked up here rather than in a static field, so that loading the factory through ServiceLoader does not
    // yet need a JSON-P implementation; looked up once, because every Json.create... call repeats the lookup.
    private final JsonProvider json;

    StripeStateClient(URI apiUrl, String apiKey, Duration timeout, Supplier<Optional<String>> traceContext) {
        this.baseUrl = withoutTrailingSlashes(apiUrl.toString());
        this.authorization = "Bearer " + apiKey;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        this.json = JsonProvider.provider();
        this.traceContext = traceContext;
    }

    @Override
    public boolean supports(String provider) {
        return PROVIDER.equals(provider);
    }

    @Override
    public Optional<ProviderObject> fetch(ObjectKey key) {
        return fetch(key, Optional.empty());
    }

    @Override
    public Optional<ProviderObject> fetch(ObjectKey key, Optional<String> connectedAccount) {
        if (!supports(key.provider())) {
            throw new IllegalArgumentException("this client fetches Stripe objects only");
        }
        ObjectType type = key.type();
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(key))
                .timeout(timeout)
                .header("Authorization", authorization)
                .header("Accept", "application/json")
                .GET();
        connectedAccount.ifPresent(account -> request.header("Stripe-Account", headerValue(account, type)));
        // The JDK client is not instrumented by MicroProfile Telemetry: the processing span's context goes by hand.
        traceContext.get().ifPresent(context -> request.header("traceparent", context));
        HttpResponse<byte[]> response = send(request.build(), type);
        int status = response.statusCode();
        if (status == 404) {
            return Optional.empty();
        }
        if (status == 429 || (status >= 500 && status < 600)) {
            throw new TransientProcessingException(answered(type, status), null);
        }
        if (status != 200) {
            // 400, 401, 403 and the like: the request itself is wrong, so the same request cannot succeed later.
            throw new UninterpretableEventException(answered(type, status));
        }
        JsonObject object = parse(response.body(), type);
        String state = type == ObjectType.ACCOUNT ? accountState(object, type) : statusOf(object, type);
        try {
            return Optional.of(new ProviderObject(state, Optional.empty()));
        } catch (IllegalArgumentException e) {
            throw unreadable(type);
        }
    }

    private URI uri(ObjectKey key) {
        // URLEncoder encodes form values: its '+' for a space means a plus sign in a path.
        String id = URLEncoder.encode(key.objectId(), StandardCharsets.UTF_8).replace("+", "%20");
        return URI.create(baseUrl + "/v1/" + resource(key.type()) + "/" + id);
    }

    /**
     * The account id as a header value. Refused when a header cannot carry it, here rather than by the HTTP
     * client, whose message would quote it.
     */
    private static String headerValue(String account, ObjectType type) {
        if (!account.chars().allMatch(c -> c > ' ' && c < 0x7f)) {
            throw new UninterpretableEventException(describe(type) + " names a connected account that is not an "
                    + "account id");
        }
        return account;
    }

    private static String resource(ObjectType type) {
        String resource = RESOURCES.get(type);
        if (resource == null) {
            throw new UninterpretableEventException("Stripe has no " + type.code() + " objects to fetch");
        }
        return resource;
    }

    private HttpResponse<byte[]> send(HttpRequest request, ObjectType type) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (HttpTimeoutException e) {
            throw new TransientProcessingException(describe(type) + " timed out", e);
        } catch (IOException e) {
            throw new TransientProcessingException(describe(type) + " failed: " + e.getClass().getSimpleName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransientProcessingException(describe(type) + " was interrupted", e);
        }
    }

    private JsonObject parse(byte[] body, ObjectType type) {
        try (JsonReader reader = json.createReader(new ByteArrayInputStream(body))) {
            return reader.readObject();
        } catch (RuntimeException e) {
            // Not chained: a parser's message quotes the characters it choked on.
            throw unreadable(type);
        }
    }

    private static String statusOf(JsonObject object, ObjectType type) {
        if (object.get("status") instanceof JsonString status) {
            return status.getString();
        }
        throw unreadable(type);
    }

    private static String accountState(JsonObject object, ObjectType type) {
        JsonValue charges = object.get("charges_enabled");
        JsonValue payouts = object.get("payouts_enabled");
        if (!isBoolean(charges) || !isBoolean(payouts)) {
            throw unreadable(type);
        }
        boolean enabled = charges.getValueType() == JsonValue.ValueType.TRUE
                && payouts.getValueType() == JsonValue.ValueType.TRUE;
        return enabled ? "enabled" : "restricted";
    }

    private static boolean isBoolean(JsonValue value) {
        return value != null
                && (value.getValueType() == JsonValue.ValueType.TRUE
                        || value.getValueType() == JsonValue.ValueType.FALSE);
    }

    private static String withoutTrailingSlashes(String url) {
        int end = url.length();
        while (end > 0 && url.charAt(end - 1) == '/') {
            end--;
        }
        return url.substring(0, end);
    }

    private static String describe(ObjectType type) {
        return "Stripe " + type.code() + " fetch";
    }

    private static String answered(ObjectType type, int status) {
        return describe(type) + " answered HTTP " + status;
    }

    private static UninterpretableEventException unreadable(ObjectType type) {
        return new UninterpretableEventException(describe(type) + " answered HTTP 200 without a usable state");
    }
}
