package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import org.junit.jupiter.api.Test;

class StripeSignerTest {

    // X1: Stripe publishes no vector; this one was computed apart, keyed with the secret's whole UTF-8 text.
    private static final String SECRET = "whsec_test_secret";
    private static final long T = 1614265330L;
    private static final byte[] BODY = "{\"id\":\"evt_test_webhook\",\"object\":\"event\"}".getBytes(UTF_8);
    private static final String V1 = "3c5817089d739023dd6190f70a3757e04f7a2fd8b5dab12c2e000f51970dccff";

    @Test
    void reproducesTheLocalVector() {
        assertThat(StripeSigner.signatureHeader(SECRET, T, BODY)).isEqualTo("t=1614265330,v1=" + V1);
        assertThat(StripeSigner.v1(SECRET, T, BODY)).isEqualTo(V1);
    }

    @Test
    void sendsOneSignatureHeader() {
        assertThat(StripeSigner.headers(SECRET, T, BODY))
                .containsExactly(entry("Stripe-Signature", "t=1614265330,v1=" + V1));
    }

    @Test
    void signsTheTimestampSoEachAttemptHasItsOwnSignature() {
        assertThat(StripeSigner.v1(SECRET, T + 1, BODY)).isNotEqualTo(V1);
    }
}
