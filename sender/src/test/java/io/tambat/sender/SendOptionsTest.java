package io.tambat.sender;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SendOptionsTest {

    private static final String URL = "http://localhost:9080/webhooks/stripe/stripe-demo";

    @Test
    void readsEveryOption() throws UsageException {
        SendOptions options = SendOptions.parse("twilio", URL, "--secret", "token", "--event-type", "failed",
                "--retry-of", "id-1", "--stale", "--tamper", "--body", "event.json", "--public-url",
                "https://hooks.example.com/sms", "--insecure");

        assertThat(options.delivery().provider()).isEqualTo("twilio");
        assertThat(options.target()).isEqualTo(URI.create(URL));
        assertThat(options.secret()).isEqualTo("token");
        assertThat(options.eventType()).contains("failed");
        assertThat(options.retryOf()).contains("id-1");
        assertThat(options.stale()).isTrue();
        assertThat(options.tamper()).isTrue();
        assertThat(options.body()).contains(Path.of("event.json"));
        assertThat(options.publicUrl()).contains(URI.create("https://hooks.example.com/sms"));
        assertThat(options.insecure()).isTrue();
    }

    @Test
    void leavesEveryOtherOptionUnsetWhenOnlyTheSecretIsGiven() throws UsageException {
        SendOptions options = SendOptions.parse("stripe", URL, "--secret", "whsec_x");

        assertThat(options.eventType()).isEmpty();
        assertThat(options.retryOf()).isEmpty();
        assertThat(options.body()).isEmpty();
        assertThat(options.publicUrl()).isEmpty();
        assertThat(options.stale()).isFalse();
        assertThat(options.tamper()).isFalse();
        assertThat(options.insecure()).isFalse();
    }

    @Test
    void takesOptionsBeforeArgumentsAndASecretThatLooksLikeAnOption() throws UsageException {
        SendOptions options = SendOptions.parse("--secret", "--stale", "--tamper", "github", URL);

        assertThat(options.secret()).isEqualTo("--stale");
        assertThat(options.tamper()).isTrue();
        assertThat(options.stale()).isFalse();
        assertThat(options.delivery().provider()).isEqualTo("github");
    }

    @Test
    void requiresTheSecret() {
        assertUsageError("--secret is required", "stripe", URL);
    }

    @Test
    void requiresExactlyAProviderAndAUrl() {
        assertUsageError("expected <provider> <url>, got 1", "stripe", "--secret", "s");
        assertUsageError("expected <provider> <url>, got 3", "stripe", URL, "extra", "--secret", "s");
    }

    @Test
    void namesTheProvidersWhenItDoesNotKnowOne() {
        assertUsageError("unknown provider paypal; one of stripe, github, standard", "paypal", URL, "--secret", "s");
    }

    @Test
    void refusesAnUnknownOptionAMissingValueAndAnOptionGivenTwice() {
        assertUsageError("unknown option --verbose", "stripe", URL, "--secret", "s", "--verbose");
        assertUsageError("--event-type needs a value", "stripe", URL, "--secret", "s", "--event-type");
        assertUsageError("--secret is given twice", "stripe", URL, "--secret", "s", "--secret", "t");
        assertUsageError("--stale is given twice", "stripe", URL, "--secret", "s", "--stale", "--stale");
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost:9080/webhooks/stripe/x", "/webhooks/stripe/x", "ftp://host/x", "http://",
            "http://local host/x"})
    void refusesATargetThatIsNotAnAbsoluteHttpUrl(String url) {
        assertThatThrownBy(() -> SendOptions.parse("stripe", url, "--secret", "s"))
                .isInstanceOf(UsageException.class)
                .hasMessageStartingWith("<url>");
    }

    @Test
    void refusesAPublicUrlThatIsNotAnAbsoluteHttpUrl() {
        assertUsageError("--public-url must be an absolute", "twilio", URL, "--secret", "s", "--public-url", "/sms");
    }

    @Test
    void refusesHeaderTextThatIsEmptyOrHoldsControlCharacters() {
        assertUsageError("--secret must not be empty", "stripe", URL, "--secret", "");
        assertUsageError("--event-type must not be empty", "stripe", URL, "--secret", "s", "--event-type", "a\r\nb");
        assertUsageError("--retry-of must not be empty", "stripe", URL, "--secret", "s", "--retry-of", "id\n");
    }

    @Test
    void describesEveryOptionAndProviderInItsUsage() {
        assertThat(SendOptions.usage()).contains("--secret", "--event-type", "--retry-of", "--stale", "--tamper",
                "--body", "--public-url", "--insecure", "--help",
                "stripe github standard shopify slack twilio paddle gitlab adyen");
    }

    private static void assertUsageError(String message, String... args) {
        assertThatThrownBy(() -> SendOptions.parse(args))
                .isInstanceOf(UsageException.class)
                .hasMessageStartingWith(message);
    }
}
