package io.tambat.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A server that cannot run as configured stops at start, naming the key, and never echoes a secret. */
class ConfigurationValidationIT {

    private static final Duration START_LIMIT = Duration.ofSeconds(60);

    @Test
    void stopsOnAnUnknownProviderNamingTheKey() {
        Map<String, String> environment = new HashMap<>(StripeProcessDeliveries.ENDPOINTS);
        environment.put("TAMBAT_WEBHOOKS_ENDPOINT_STRIPE_COLD_PROVIDER", "carrier-pigeon");

        try (TambatServerProcess server = TambatServerProcess.configured("bad-provider", TestDatabase.port(),
                "tambat_config", environment).start()) {
            assertThat(server.awaitExit(START_LIMIT)).isNotZero();
            assertThat(server.console()).contains("tambat.webhooks.endpoint.stripe-cold.provider");
        }
    }

    @Test
    void stopsOnASecretInTheWrongFormatWithoutShowingIt() {
        Map<String, String> environment = new HashMap<>(StripeProcessDeliveries.ENDPOINTS);
        environment.put("TAMBAT_WEBHOOKS_ENDPOINT_STRIPE_COLD_SECRETS", "v1:sk_live_this_is_no_signing_secret");

        try (TambatServerProcess server = TambatServerProcess.configured("bad-secret", TestDatabase.port(),
                "tambat_config", environment).start()) {
            assertThat(server.awaitExit(START_LIMIT)).isNotZero();
            assertThat(server.console()).contains("tambat.webhooks.endpoint.stripe-cold.secrets")
                    .doesNotContain("sk_live_this_is_no_signing_secret");
        }
    }

    @Test
    void stopsOnAnUnparsableDuration() {
        Map<String, String> environment = new HashMap<>(StripeProcessDeliveries.ENDPOINTS);
        environment.put("TAMBAT_WEBHOOKS_ENDPOINT_STRIPE_MAIN_TOLERANCE", "five minutes");

        try (TambatServerProcess server = TambatServerProcess.configured("bad-duration", TestDatabase.port(),
                "tambat_config", environment).start()) {
            assertThat(server.awaitExit(START_LIMIT)).isNotZero();
            assertThat(server.console()).contains("tambat.webhooks.endpoint.stripe-main.tolerance");
        }
    }

    @Test
    void refusesToStartWithoutPayloadKeysOutsideDevelopmentMode() {
        try (TambatServerProcess server = TambatServerProcess.configured("no-keys", TestDatabase.port(),
                "tambat_config", StripeProcessDeliveries.ENDPOINTS).without("TAMBAT_PAYLOAD_KEYS").start()) {
            assertThat(server.awaitExit(START_LIMIT)).isNotZero();
            assertThat(server.console()).contains("TAMBAT_PAYLOAD_KEYS");
        }
    }

    @Test
    void refusesToStartWithoutATokenKeyOrIssuerOutsideDevelopmentMode() {
        for (String missing : new String[] {"MP_JWT_VERIFY_PUBLICKEY_LOCATION", "MP_JWT_VERIFY_ISSUER"}) {
            try (TambatServerProcess server = TambatServerProcess.configured("no-jwt", TestDatabase.port(),
                    "tambat_config", StripeProcessDeliveries.ENDPOINTS).without(missing).start()) {
                assertThat(server.awaitExit(START_LIMIT)).isNotZero();
                assertThat(server.console()).contains(missing);
            }
        }
    }

    @Test
    void acceptsOnlyTokensForTheConfiguredAudience() {
        Map<String, String> environment = new HashMap<>(StripeProcessDeliveries.ENDPOINTS);
        environment.put("MP_JWT_VERIFY_AUDIENCES", "tambat-operations");
        try (TambatServerProcess server = TambatServerProcess.configured("audience", TestDatabase.port(),
                "tambat_config", environment).start().awaitReady(START_LIMIT)) {
            java.net.URI stats = server.baseUri().resolve("admin/inbox/stats");
            assertThat(Http.send(Http.request(stats, "Authorization", "Bearer " + OperatorTokens.operator())
                    .GET().build()).statusCode()).isEqualTo(401);
            assertThat(Http.send(Http.request(stats, "Authorization", "Bearer "
                    + OperatorTokens.operatorFor("another-service")).GET().build()).statusCode()).isEqualTo(401);
            assertThat(Http.send(Http.request(stats, "Authorization", "Bearer "
                    + OperatorTokens.operatorFor("tambat-operations")).GET().build()).statusCode()).isEqualTo(200);
        }
    }
}
