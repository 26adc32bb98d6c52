package io.tambat.kit.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.kit.ProviderAdapterConformance;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.ProviderAdapter;
import io.tambat.provider.spi.RawDelivery;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The worked example's test: everything the kit checks, from the adapter, a signer written apart from it, one
 * fixture and Acme's (made-up) published vector.
 */
class AcmeSignatureAdapterTest extends ProviderAdapterConformance {

    /** What Acme's documentation would publish: this body, signed at this time with this secret. */
    private static final String VECTOR_SECRET = "acme_test_secret_0001";
    private static final String VECTOR_BODY = "{\"type\":\"payment.succeeded\",\"data\":{\"id\":\"pay_1\"}}";
    private static final String VECTOR_HEADER =
            "t=1700000000,s=" + sign(VECTOR_SECRET, 1_700_000_000L, VECTOR_BODY.getBytes(StandardCharsets.UTF_8));

    @Override
    protected ProviderAdapter adapter() {
        return new AcmeSignatureAdapter();
    }

    @Override
    protected String contentType() {
        return "application/json";
    }

    @Override
    protected List<String> secrets() {
        return List.of("acme_secret_one_0001", "acme_secret_two_0002", "acme_secret_three_03",
                "acme_secret_four_0004", "acme_secret_five_0005", "acme_secret_six_00006");
    }

    @Override
    protected List<String> garbageSecrets() {
        return List.of("", "too-short");
    }

    @Override
    protected byte[] envelope(String eventId, String eventType, String note) {
        return ("{\"type\":\"" + eventType + "\",\"data\":{\"id\":\"pay_1\",\"note\":\"" + note + "\"}}")
                .getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected Map<String, List<String>> headers(Message shown, Message signed, List<String> secrets) {
        return Map.of(
                "Content-Type", List.of("application/json"),
                "Acme-Event-Id", List.of(shown.eventId()),
                "Acme-Signature", List.of("t=" + shown.timestamp() + secrets.stream()
                        .map(secret -> ",s=" + sign(secret, signed.timestamp(), signed.body()))
                        .collect(Collectors.joining())));
    }

    @Override
    protected String signatureHeader() {
        return "Acme-Signature";
    }

    @Override
    protected List<String> malformedSignatureHeaders() {
        return List.of("no-structure-at-all", "t=1700000000", "s=" + "ab".repeat(32), "t=x,s=" + "ab".repeat(32),
                "t=1700000000,s=not-hex", "t=1,t=2,s=" + "ab".repeat(32));
    }

    @Override
    protected List<Vector> vectors() {
        return List.of(new Vector("acme-docs", new RawDelivery(VECTOR_BODY.getBytes(StandardCharsets.UTF_8),
                Headers.of("Content-Type", "application/json", "Acme-Event-Id", "evt_1",
                        "Acme-Signature", VECTOR_HEADER), Optional.empty()), VECTOR_SECRET));
    }

    /** Acme keeps its event id in a header it does not sign. */
    @Override
    protected Optional<Message> withChangedEventId(Message message) {
        return Optional.empty();
    }

    @Test
    void readsTheEventTypeFromTheBodyAndTheIdFromItsHeader() {
        assertThat(onlyEvent(fixture()).eventType()).isEqualTo("invoice.paid");
    }

    /** The test's own signer, apart from the adapter's code, so a shared mistake cannot make both agree. */
    private static String sign(String secret, long timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }
}
