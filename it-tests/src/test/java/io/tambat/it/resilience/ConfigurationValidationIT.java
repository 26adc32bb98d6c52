package io.tambat.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A server that cannot run as configured stops at start, naming the key, and never echoes a secret. */
class ConfigurationValidationIT {

    private static final Duration START_LIMIT = Duration.ofSeconds(60);

    @Test
    void stopsOnAnUnknownProviderNamingTheKey() {
        assertThat(consoleOfRefusedStart(server("bad-provider")
                .with("TAMBAT_WEBHOOKS_ENDPOINT_STRIPE_COLD_PROVIDER", "carrier-pigeon")))
                .contains("tambat.webhooks.endpoint.stripe-cold.provider");
    }

    @Test
    void stopsOnASecretInTheWrongFormatWithoutShowingIt() {
        assertThat(consoleOfRefusedStart(server("bad-secret")
                .with("TAMBAT_WEBHOOKS_ENDPOINT_STRIPE_COLD_SECRETS", "v1:sk_live_this_is_no_signing_secret")))
                .contains("tambat.webhooks.endpoint.stripe-cold.secrets")
                .doesNotContain("sk_live_this_is_no_signing_secret");
    }

    @Test
    void stopsOnAnUnparsableDuration() {
        assertThat(consoleOfRefusedStart(server("bad-duration")
                .with("TAMBAT_WEBHOOKS_ENDPOINT_STRIPE_MAIN_TOLERANCE", "five minutes")))
                .contains("tambat.webhooks.endpoint.stripe-main.tolerance");
    }

    @Test
    void stopsOnAnUnknownMigrationMode() {
        assertThat(consoleOfRefusedStart(server("bad-migrate").with("TAMBAT_DB_MIGRATE", "sometimes")))
                .contains("tambat.db.migrate (TAMBAT_DB_MIGRATE): must be auto, validate or off");
    }

    @Test
    void refusesToStartWithoutPayloadKeysOutsideDevelopmentMode() {
        assertThat(consoleOfRefusedStart(server("no-keys").without("TAMBAT_PAYLOAD_KEYS")))
                .contains("TAMBAT_PAYLOAD_KEYS");
    }

    @Test
    void refusesToStartWithoutATokenKeyOrIssuerOutsideDevelopmentMode() {
        for (String missing : new String[] {"MP_JWT_VERIFY_PUBLICKEY_LOCATION", "MP_JWT_VERIFY_ISSUER"}) {
            assertThat(consoleOfRefusedStart(server("no-jwt").without(missing))).contains(missing);
        }
    }

    @Test
    void acceptsOnlyTokensForTheConfiguredAudience() {
        try (TambatServerProcess server = server("audience").with("MP_JWT_VERIFY_AUDIENCES", "tambat-operations")
                .start().awaitReady(START_LIMIT)) {
            java.net.URI stats = server.baseUri().resolve("admin/inbox/stats");
            assertThat(Http.send(Http.request(stats, "Authorization", "Bearer " + OperatorTokens.operator())
                    .GET().build()).statusCode()).isEqualTo(401);
            assertThat(Http.send(Http.request(stats, "Authorization", "Bearer "
                    + OperatorTokens.operatorFor("another-service")).GET().build()).statusCode()).isEqualTo(401);
            assertThat(Http.send(Http.request(stats, "Authorization", "Bearer "
                    + OperatorTokens.operatorFor("tambat-operations")).GET().build()).statusCode()).isEqualTo(200);
        }
    }

    /** A server with the Stripe endpoints, in the schema these tests share, not yet started. */
    private static TambatServerProcess server(String name) {
        return TambatServerProcess.configured(name, TestDatabase.port(), "tambat_config",
                StripeProcessDeliveries.ENDPOINTS);
    }

    /** Starts the server, asserts that it stopped with an error by itself, and returns what it printed. */
    private static String consoleOfRefusedStart(TambatServerProcess server) {
        try (server) {
            server.start();
            assertThat(server.awaitExit(START_LIMIT)).isNotZero();
            return server.console();
        }
    }
}
