package io.tambat.adapter.out.providerapi.stripe;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.ProviderObject;
import io.tambat.provider.spi.ProviderStatePort;
import io.tambat.provider.spi.TransientProcessingException;
import io.tambat.provider.spi.UninterpretableEventException;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StripeStateClientTest {

    private static final String API_KEY = "sk_test_51HqLyjWDarjtT1zdp7dcXGh4L2p8Zq3k";
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final String CONNECTED_ACCOUNT = "acct_1Nv0FGQ9RKHgCVdK";

    private WireMockServer stripe;

    @BeforeEach
    void startStripe() {
        stripe = new WireMockServer(WireMockConfiguration.options().dynamicPort());
        stripe.start();
    }

    @AfterEach
    void stopStripe() {
        stripe.stop();
    }

    private ProviderStatePort client(Duration timeout) {
        return new StripeStateClientFactory().create(URI.create(stripe.baseUrl()), API_KEY, timeout);
    }

    private ProviderStatePort client() {
        return client(TIMEOUT);
    }

    private static ObjectKey key(ObjectType type, String id) {
        return new ObjectKey("stripe", type, id);
    }

    private void answer(String path, ResponseDefinitionBuilder response) {
        stripe.stubFor(get(urlEqualTo(path)).willReturn(response));
    }

    @ParameterizedTest(name = "{0} from /v1/{1}")
    @CsvSource({
        "payment,      payment_intents, pi_3MtwBwLkdIwHu7ix28a3tqPa,  requires_capture",
        "subscription, subscriptions,   sub_1MowQVLkdIwHu7ixeRlqHVzs, past_due",
        "refund,       refunds,         re_3MmlLrLkdIwHu7ix0aKGvKyv,  succeeded",
        "dispute,      disputes,        dp_1MtJUT2eZvKYlo2CNaw2HvEv,  under_review",
    })
    void fetchesEachObjectFromItsResourceAndReadsItsStatus(ObjectType type, String resource, String id,
            String status) {
        answer("/v1/" + resource + "/" + id,
                okJson("{\"id\":\"" + id + "\",\"object\":\"x\",\"livemode\":false,\"status\":\"" + status + "\"}"));

        assertThat(client().fetch(key(type, id))).contains(new ProviderObject(status, Optional.empty()));
    }

    @Test
    void sendsTheKeyAsABearerTokenAndAsksForJson() {
        answer("/v1/payment_intents/pi_1", okJson("{\"id\":\"pi_1\",\"status\":\"succeeded\"}"));

        client().fetch(key(ObjectType.PAYMENT, "pi_1"));

        stripe.verify(getRequestedFor(urlEqualTo("/v1/payment_intents/pi_1"))
                .withHeader("Authorization", equalTo("Bearer " + API_KEY))
                .withHeader("Accept", equalTo("application/json")));
    }

    @Test
    void sendsTheCallersTraceContextWhenThereIsOneAndNoHeaderOtherwise() {
        answer("/v1/payment_intents/pi_1", okJson("{\"id\":\"pi_1\",\"status\":\"succeeded\"}"));
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

        new StripeStateClientFactory().create(URI.create(stripe.baseUrl()), API_KEY, TIMEOUT,
                () -> Optional.of(traceparent)).fetch(key(ObjectType.PAYMENT, "pi_1"));
        client().fetch(key(ObjectType.PAYMENT, "pi_1"));

        stripe.verify(1, getRequestedFor(urlEqualTo("/v1/payment_intents/pi_1"))
                .withHeader("traceparent", equalTo(traceparent)));
        stripe.verify(1, getRequestedFor(urlEqualTo("/v1/payment_intents/pi_1")).withoutHeader("traceparent"));
    }

    @Test
    void fetchesAConnectAccountsObjectOnBehalfOfThatAccountAndThePlatformsOwnWithoutTheHeader() {
        answer("/v1/refunds/re_1", okJson("{\"id\":\"re_1\",\"object\":\"refund\",\"status\":\"succeeded\"}"));
        ProviderStatePort client = client();

        assertThat(client.fetch(key(ObjectType.REFUND, "re_1"), Optional.of(CONNECTED_ACCOUNT)))
                .contains(new ProviderObject("succeeded", Optional.empty()));
        client.fetch(key(ObjectType.REFUND, "re_1"), Optional.empty());
        client.fetch(key(ObjectType.REFUND, "re_1"));

        stripe.verify(1, getRequestedFor(urlEqualTo("/v1/refunds/re_1"))
                .withHeader("Stripe-Account", equalTo(CONNECTED_ACCOUNT))
                .withHeader("Authorization", equalTo("Bearer " + API_KEY)));
        stripe.verify(2, getRequestedFor(urlEqualTo("/v1/refunds/re_1")).withoutHeader("Stripe-Account"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"acct_1 Nv0", "acct_1\nNv0", "acct_é"})
    void refusesAConnectedAccountAHeaderCannotCarryWithoutQuotingOrSendingIt(String account) {
        assertThatThrownBy(() -> client().fetch(key(ObjectType.DISPUTE, "du_1"), Optional.of(account)))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessage("Stripe dispute fetch names a connected account that is not an account id");
        assertThat(stripe.getAllServeEvents()).isEmpty();
    }

    @ParameterizedTest(name = "charges {0}, payouts {1} -> {2}")
    @CsvSource({
        "true,  true,  enabled",
        "true,  false, restricted",
        "false, true,  restricted",
        "false, false, restricted",
    })
    void derivesTheStateOfAnAccountFromWhatItMayDo(boolean charges, boolean payouts, String state) {
        answer("/v1/accounts/acct_1Nv0FGQ9RKHgCVdK", okJson("{\"id\":\"acct_1Nv0FGQ9RKHgCVdK\",\"object\":\"account\","
                + "\"charges_enabled\":" + charges + ",\"payouts_enabled\":" + payouts + ","
                + "\"details_submitted\":true,\"type\":\"express\"}"));

        assertThat(client().fetch(key(ObjectType.ACCOUNT, "acct_1Nv0FGQ9RKHgCVdK")))
                .contains(new ProviderObject(state, Optional.empty()));
    }

    @Test
    void findsNothingWhenStripeDoesNotKnowTheObject() {
        answer("/v1/refunds/re_gone", aResponse().withStatus(404).withHeader("Content-Type", "application/json")
                .withBody("{\"error\":{\"code\":\"resource_missing\",\"type\":\"invalid_request_error\"}}"));

        assertThat(client().fetch(key(ObjectType.REFUND, "re_gone"))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {500, 502, 503, 429})
    void asksToRetryLaterWhenStripeIsOverloadedOrFailing(int status) {
        answer("/v1/disputes/dp_1", aResponse().withStatus(status).withBody("{\"error\":{}}"));

        assertThatThrownBy(() -> client().fetch(key(ObjectType.DISPUTE, "dp_1")))
                .isInstanceOf(TransientProcessingException.class)
                .hasMessage("Stripe dispute fetch answered HTTP " + status);
    }

    @Test
    void asksToRetryLaterWhenStripeAnswersTooSlowly() {
        answer("/v1/subscriptions/sub_1", okJson("{\"status\":\"active\"}").withFixedDelay(2_000));
        ProviderStatePort client = client(Duration.ofMillis(300));

        long started = System.nanoTime();
        assertThatThrownBy(() -> client.fetch(key(ObjectType.SUBSCRIPTION, "sub_1")))
                .isInstanceOf(TransientProcessingException.class)
                .hasMessageContaining("subscription");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(1_500));
    }

    @Test
    void asksToRetryLaterWhenStripeCannotBeReached() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        ProviderStatePort client = new StripeStateClientFactory()
                .create(URI.create("http://127.0.0.1:" + closedPort), API_KEY, Duration.ofSeconds(2));

        assertThatThrownBy(() -> client.fetch(key(ObjectType.PAYMENT, "pi_1")))
                .isInstanceOf(TransientProcessingException.class)
                .hasMessageContaining("payment");
    }

    @ParameterizedTest
    @ValueSource(ints = {400, 401, 403, 302, 204})
    void failsWhenStripeRefusesTheRequest(int status) {
        answer("/v1/payment_intents/pi_1", aResponse().withStatus(status));

        assertThatThrownBy(() -> client().fetch(key(ObjectType.PAYMENT, "pi_1")))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessage("Stripe payment fetch answered HTTP " + status);
    }

    @ParameterizedTest
    @ValueSource(strings = {"<html>maintenance</html>", "", "[]", "{\"status\":", "{\"id\":\"pi_1\"}",
        "{\"status\":42}", "{\"status\":\" \"}", "{\"status\":null}"})
    void failsWhenStripeAnswersWithoutAUsableStatus(String body) {
        answer("/v1/payment_intents/pi_1", aResponse().withStatus(200).withBody(body));

        assertThatThrownBy(() -> client().fetch(key(ObjectType.PAYMENT, "pi_1")))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessage("Stripe payment fetch answered HTTP 200 without a usable state");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"id\":\"acct_1\"}", "{\"charges_enabled\":true}",
        "{\"charges_enabled\":\"true\",\"payouts_enabled\":true}", "{\"status\":\"active\"}"})
    void failsAnAccountThatDoesNotSayWhatItMayDo(String body) {
        answer("/v1/accounts/acct_1", okJson(body));

        assertThatThrownBy(() -> client().fetch(key(ObjectType.ACCOUNT, "acct_1")))
                .isInstanceOf(UninterpretableEventException.class);
    }

    @Test
    void neverPutsTheKeyTheObjectIdOrTheBodyInAMessage() {
        String id = "pi_private_object_7731";
        String path = "/v1/payment_intents/" + id;
        List<ResponseDefinitionBuilder> failures = List.of(
                aResponse().withStatus(401).withBody("{\"error\":{\"message\":\"Invalid API Key provided: "
                        + API_KEY + "\"}}"),
                aResponse().withStatus(500).withBody("{\"error\":\"" + API_KEY + "\"}"),
                aResponse().withStatus(429).withBody(API_KEY),
                aResponse().withStatus(200).withBody("{\"status\":" + API_KEY + "}"),
                aResponse().withStatus(200).withBody("{\"status\":{\"k\":\"" + API_KEY + "\"}}"),
                okJson("{\"status\":\"active\"}").withFixedDelay(2_000));
        for (ResponseDefinitionBuilder failure : failures) {
            stripe.resetAll();
            answer(path, failure);
            Throwable thrown = catchThrowable(() -> client(Duration.ofMillis(300)).fetch(key(ObjectType.PAYMENT, id)));
            assertThat(thrown).isNotNull();
            for (Throwable t = thrown; t != null; t = t.getCause()) {
                assertThat(String.valueOf(t.getMessage()))
                        .doesNotContain(API_KEY)
                        .doesNotContain(id)
                        .doesNotContain(stripe.baseUrl());
            }
        }
    }

    @Test
    void sendsTheObjectIdAsOneEncodedPathSegment() {
        answer("/v1/refunds/re%201%2F..%3Fx", okJson("{\"status\":\"pending\"}"));

        assertThat(client().fetch(key(ObjectType.REFUND, "re 1/..?x")))
                .contains(new ProviderObject("pending", Optional.empty()));
    }

    @Test
    void keepsThePathOfTheApiUrlWithoutDoublingItsTrailingSlash() {
        stripe.stubFor(get(urlEqualTo("/stripe/v1/payment_intents/pi_1")).willReturn(okJson("{\"status\":\"processing\"}")));
        ProviderStatePort client = new StripeStateClientFactory()
                .create(URI.create(stripe.baseUrl() + "/stripe/"), API_KEY, TIMEOUT);

        assertThat(client.fetch(key(ObjectType.PAYMENT, "pi_1")))
                .contains(new ProviderObject("processing", Optional.empty()));
    }

    @Test
    void doesNotDoubleTheTrailingSlashOfABareHost() {
        answer("/v1/payment_intents/pi_1", okJson("{\"status\":\"canceled\"}"));
        ProviderStatePort client = new StripeStateClientFactory()
                .create(URI.create(stripe.baseUrl() + "/"), API_KEY, TIMEOUT);

        assertThat(client.fetch(key(ObjectType.PAYMENT, "pi_1")))
                .contains(new ProviderObject("canceled", Optional.empty()));
    }

    @Test
    void supportsStripeOnly() {
        ProviderStatePort client = client();

        assertThat(client.supports("stripe")).isTrue();
        assertThat(client.supports("github")).isFalse();
        assertThat(client.supports("standard")).isFalse();
        assertThatThrownBy(() -> client.fetch(new ObjectKey("github", ObjectType.ACCOUNT, "6811672")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(stripe.getAllServeEvents()).isEmpty();
    }

    @Test
    void refusesAnObjectTypeStripeDoesNotHaveWithoutCallingIt() {
        assertThatThrownBy(() -> client().fetch(new ObjectKey("stripe", new ObjectType("shipment"), "shp_1")))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessage("Stripe has no shipment objects to fetch");
        assertThat(stripe.getAllServeEvents()).isEmpty();
    }
}
