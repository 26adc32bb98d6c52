package io.tambat.provider.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HeadersTest {

    @Test
    void comparesNamesWithoutCaseAndKeepsEveryValue() {
        Headers headers = Headers.of("Stripe-Signature", "a", "stripe-signature", "b");

        assertThat(headers.all("STRIPE-SIGNATURE")).containsExactly("a", "b");
    }

    @Test
    void refusesToPickOneOfSeveralValuesOfASingleHeader() {
        Headers headers = Headers.of("webhook-id", "a", "Webhook-Id", "b");

        assertThatThrownBy(() -> headers.single("webhook-id")).isInstanceOf(Headers.DuplicateHeaderException.class);
        assertThat(Headers.of("webhook-id", "a").single("WEBHOOK-ID")).contains("a");
        assertThat(Headers.of().single("webhook-id")).isEmpty();
    }
}
