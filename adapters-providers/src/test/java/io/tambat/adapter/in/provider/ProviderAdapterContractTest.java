package io.tambat.adapter.in.provider;

import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.tambat.domain.error.Rejection;
import io.tambat.domain.error.WebhookRejectedException;
import io.tambat.domain.model.webhook.Headers;
import io.tambat.domain.model.webhook.RawDelivery;
import io.tambat.domain.model.webhook.SecretVersion;
import io.tambat.domain.model.webhook.WebhookEvent;
import io.tambat.domain.port.out.ProviderAdapter;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonPatchBuilder;
import jakarta.json.JsonWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.UnaryOperator;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * The verifier contract every provider adapter must keep. Each adapter's test extends this class once and
 * supplies the adapter, a valid fixture and its own signer; every case below is one valid fixture plus one
 * mutation.
 */
public abstract class ProviderAdapterContractTest {

    private static final long FIXTURE_TIMESTAMP = 1_700_000_000L;

    /**
     * What a delivery says about itself. A provider renders the id, type and timestamp into headers, the body
     * or nowhere, as it does in production.
     */
    protected record Message(String eventId, String eventType, long timestamp, byte[] body) {

        public Message withBody(byte[] newBody) {
            return new Message(eventId, eventType, timestamp, newBody);
        }

        public Message withEventId(String newEventId) {
            return new Message(newEventId, eventType, timestamp, body);
        }

        public Message withTimestamp(long newTimestamp) {
            return new Message(eventId, eventType, newTimestamp, body);
        }
    }

    protected abstract ProviderAdapter adapter();

    /** The media type the provider sends, without parameters. */
    protected abstract String contentType();

    /**
     * At least three distinct secrets in the provider's format, six where one delivery carries several
     * signatures side by side; the first signs the fixture.
     */
    protected abstract List<String> secrets();

    /** Secrets the adapter must refuse to configure. */
    protected abstract List<String> garbageSecrets();

    /**
     * The provider's envelope for one event, compact JSON with at least two top-level members, carrying
     * {@code note} somewhere as a string. Providers that keep the id and type in headers may ignore them.
     */
    protected abstract byte[] envelope(String eventId, String eventType, String note);

    /**
     * The headers of a delivery that presents {@code shown} (its id, type and timestamp) but carries
     * signatures computed over {@code signed}, one per secret side by side. {@code Content-Type} included.
     */
    protected abstract Map<String, List<String>> headers(Message shown, Message signed, List<String> secrets);

    /** The name of the header that carries the signature. */
    protected abstract String signatureHeader();

    /** Values of the signature header that must be refused as malformed. */
    protected abstract List<String> malformedSignatureHeaders();

    /**
     * The message with another logical event id, wherever the provider carries it; empty when the provider
     * does not sign its event id. By default the id is a header.
     */
    protected Optional<Message> withChangedEventId(Message message) {
        return Optional.of(message.withEventId("evt_contract_0002"));
    }

    /** Whether the provider signs an attempt timestamp. */
    protected boolean signsTimestamp() {
        return true;
    }

    /**
     * Whether the provider signs the body. A provider that only sends a shared token (GitLab) proves who sent a
     * delivery, not what it says, so no change to its body can fail verification.
     */
    protected boolean signsBody() {
        return true;
    }

    /** Whether one delivery can carry several signatures side by side. */
    protected boolean carriesSeveralSignatures() {
        return true;
    }

    protected final String secret() {
        return secrets().get(0);
    }

    protected final Message message(String note) {
        return new Message("evt_contract_0001", "invoice.paid", FIXTURE_TIMESTAMP,
                envelope("evt_contract_0001", "invoice.paid", note));
    }

    protected final Message fixture() {
        return message("contract fixture");
    }

    /** The fixture with {@code patch} applied to its body (RFC 6902), as one mutation of it. */
    protected final Message fixtureWith(UnaryOperator<JsonPatchBuilder> patch) {
        return fixture().withBody(JsonMutation.apply(fixture().body(), patch));
    }

    /** The only event read from the signed message, checked to carry the message's event id and type. */
    protected final WebhookEvent onlyEvent(Message message) {
        List<WebhookEvent> events = adapter().readEvents(signed(message));
        assertThat(events).singleElement().satisfies(event -> {
            assertThat(event.providerEventId()).isEqualTo(message.eventId());
            assertThat(event.eventType()).isEqualTo(message.eventType());
        });
        return events.get(0);
    }

    protected final RawDelivery delivery(Map<String, List<String>> headers, byte[] body) {
        return new RawDelivery(body, Headers.of(headers), Optional.empty());
    }

    protected final RawDelivery delivery(Message shown, Message signed, List<String> signingSecrets) {
        return delivery(headers(shown, signed, signingSecrets), shown.body());
    }

    protected final RawDelivery signed(Message message) {
        return delivery(message, message, List.of(secret()));
    }

    /** The secrets at these positions of {@link #secrets()}, in this order. */
    protected final List<String> secretsAt(int... positions) {
        return Arrays.stream(positions).mapToObj(secrets()::get).toList();
    }

    protected final boolean verifies(RawDelivery delivery, String secret) {
        return adapter().readSignature(delivery).verifiedBy(new SecretVersion("v1", secret));
    }

    protected static void assertRejected(ThrowingCallable call, Rejection rejection) {
        assertThatThrownBy(call)
                .isInstanceOfSatisfying(WebhookRejectedException.class,
                        e -> assertThat(e.rejection()).isEqualTo(rejection));
    }

    private Map<String, List<String>> fixtureHeadersWith(String name, List<String> values) {
        Map<String, List<String>> headers = new LinkedHashMap<>(headers(fixture(), fixture(), List.of(secret())));
        headers.keySet().removeIf(existing -> existing.equalsIgnoreCase(name));
        if (!values.isEmpty()) {
            headers.put(name, values);
        }
        return headers;
    }

    private String fixtureSignatureHeader() {
        return Headers.of(headers(fixture(), fixture(), List.of(secret()))).single(signatureHeader()).orElseThrow();
    }

    // --- signature ---

    @Test
    void verifiesTheValidFixtureWithItsSecret() {
        assertThat(verifies(signed(fixture()), secret())).isTrue();
    }

    @Test
    void doesNotVerifyWithAnotherSecret() {
        assertThat(verifies(signed(fixture()), secrets().get(1))).isFalse();
    }

    @Test
    void returnsFalseWithoutThrowingForASecretItCannotDecode() {
        RawDelivery delivery = signed(fixture());
        for (String undecodable : List.of("%%% not a key %%%", "whsec_", "whpk_AAAA", "whsec_@@@@")) {
            assertThatCode(() -> assertThat(verifies(delivery, undecodable)).isFalse()).doesNotThrowAnyException();
        }
    }

    @Test
    void rejectsOneFlippedBodyByte() {
        assumeThat(signsBody()).as("the provider signs the body").isTrue();
        byte[] body = fixture().body();
        body[body.length / 2] ^= 0x01;
        assertThat(verifies(delivery(fixture().withBody(body), fixture(), List.of(secret())), secret())).isFalse();
    }

    @Test
    void rejectsAddedWhitespaceInTheBody() {
        assumeThat(signsBody()).as("the provider signs the body").isTrue();
        byte[] body = fixture().body();
        byte[] spaced = TestSigning.concat(new byte[] {body[0], ' '}, Arrays.copyOfRange(body, 1, body.length));
        assertThat(verifies(delivery(fixture().withBody(spaced), fixture(), List.of(secret())), secret())).isFalse();
    }

    @Test
    void rejectsReorderedJsonKeys() {
        assumeThat(signsBody()).as("the provider signs the body").isTrue();
        byte[] reordered = reverseTopLevelKeys(fixture().body());
        assertThat(reordered).isNotEqualTo(fixture().body());
        assertThat(parse(reordered)).isEqualTo(parse(fixture().body()));
        assertThat(verifies(delivery(fixture().withBody(reordered), fixture(), List.of(secret())), secret()))
                .isFalse();
    }

    @Test
    void rejectsAChangedEventIdWhereTheIdIsSigned() {
        Optional<Message> changed = withChangedEventId(fixture());
        assumeThat(changed).as("the provider signs its event id").isPresent();
        assertThat(verifies(delivery(changed.get(), fixture(), List.of(secret())), secret())).isFalse();
    }

    @Test
    void rejectsAChangedTimestampWhereTheTimestampIsSigned() {
        assumeThat(signsTimestamp()).as("the provider signs a timestamp").isTrue();
        Message changed = fixture().withTimestamp(FIXTURE_TIMESTAMP + 1);
        assertThat(verifies(delivery(changed, fixture(), List.of(secret())), secret())).isFalse();
    }

    @Test
    void reportsTheSignedTimestampOrNoneWhenNothingIsSigned() {
        Optional<Instant> signedAt = adapter().readSignature(signed(fixture())).signedAt();
        if (signsTimestamp()) {
            assertThat(signedAt).contains(Instant.ofEpochSecond(FIXTURE_TIMESTAMP));
        } else {
            assertThat(signedAt).isEmpty();
        }
    }

    @Test
    void verifiesAMultiByteUtf8BodyAndReadsItsEvent() {
        Message message = message("café ☕ 日本");
        assertThat(new String(message.body(), StandardCharsets.UTF_8)).contains("café ☕ 日本");
        RawDelivery delivery = signed(message);

        assertThat(verifies(delivery, secret())).isTrue();
        onlyEvent(message);
    }

    @Test
    void verifiesEitherOfTwoSignaturesSideBySide() {
        assumeThat(carriesSeveralSignatures()).as("the provider carries several signatures").isTrue();
        RawDelivery rotating = delivery(fixture(), fixture(), secrets().subList(0, 2));
        assertThat(verifies(rotating, secrets().get(0))).isTrue();
        assertThat(verifies(rotating, secrets().get(1))).isTrue();
        assertThat(verifies(rotating, secrets().get(2))).isFalse();
    }

    @Test
    void verifiesFiveDistinctSignaturesWhereOnlyTheFifthIsValid() {
        assumeThat(carriesSeveralSignatures()).as("the provider carries several signatures").isTrue();
        RawDelivery five = delivery(fixture(), fixture(), secretsAt(1, 2, 3, 4, 0));
        assertThat(verifies(five, secret())).isTrue();
    }

    @Test
    void rejectsSixDistinctSignaturesAsSignatureMissingNamingTheLimitWithoutQuotingThem() {
        assumeThat(carriesSeveralSignatures()).as("the provider carries several signatures").isTrue();
        Map<String, List<String>> headers = headers(fixture(), fixture(), secretsAt(1, 2, 3, 4, 5, 0));
        String header = Headers.of(headers).single(signatureHeader()).orElseThrow();
        Throwable thrown = catchThrowable(() -> adapter().readSignature(delivery(headers, fixture().body())));
        assertThat(thrown).isInstanceOfSatisfying(WebhookRejectedException.class, e -> {
            assertThat(e.rejection()).isEqualTo(Rejection.SIGNATURE_MISSING);
            assertThat(e.getMessage()).contains("more than 5");
            for (String part : header.split("[ ,;=]")) {
                if (part.length() > 8) {
                    assertThat(e.getMessage()).doesNotContain(part);
                }
            }
        });
    }

    @Test
    void countsAnExactlyRepeatedSignatureOnce() {
        assumeThat(carriesSeveralSignatures()).as("the provider carries several signatures").isTrue();
        RawDelivery sixWithOneRepeat = delivery(fixture(), fixture(), secretsAt(1, 2, 1, 3, 4, 0));
        assertThat(verifies(sixWithOneRepeat, secret())).isTrue();
    }

    // --- signature headers ---

    @Test
    void rejectsAMissingSignatureHeaderAsSignatureMissing() {
        RawDelivery delivery = delivery(fixtureHeadersWith(signatureHeader(), List.of()), fixture().body());
        assertRejected(() -> adapter().readSignature(delivery), Rejection.SIGNATURE_MISSING);
    }

    @Test
    void rejectsADuplicatedSignatureHeader() {
        String value = fixtureSignatureHeader();
        RawDelivery delivery = delivery(fixtureHeadersWith(signatureHeader(), List.of(value, value)), fixture().body());
        Throwable thrown = catchThrowable(() -> adapter().readSignature(delivery));
        assertThat(thrown).satisfiesAnyOf(
                e -> assertThat(e).isInstanceOf(Headers.DuplicateHeaderException.class),
                e -> assertThat(e).isInstanceOfSatisfying(WebhookRejectedException.class,
                        r -> assertThat(r.rejection()).isEqualTo(Rejection.SIGNATURE_MISSING)));
    }

    @Test
    void rejectsAMalformedSignatureHeaderAsSignatureMissingWithoutEchoingIt() {
        for (String malformed : malformedSignatureHeaders()) {
            RawDelivery delivery = delivery(fixtureHeadersWith(signatureHeader(), List.of(malformed)),
                    fixture().body());
            Throwable thrown = catchThrowable(() -> adapter().readSignature(delivery));
            assertThat(thrown).as("header value %s", malformed)
                    .isInstanceOfSatisfying(WebhookRejectedException.class, e -> {
                        assertThat(e.rejection()).isEqualTo(Rejection.SIGNATURE_MISSING);
                        if (malformed.length() > 8) {
                            assertThat(e.getMessage()).doesNotContain(malformed);
                        }
                    });
        }
    }

    // --- events ---

    @Test
    void readsTheLogicalEventIdAndTypeOfTheFixture() {
        onlyEvent(fixture());
    }

    @Test
    void rejectsANonJsonVerifiedBodyAsMalformedEnvelopeWithoutQuotingIt() {
        Message notJson = fixture().withBody(utf8("plainly not json at all"));
        RawDelivery delivery = signed(notJson);
        assertThat(verifies(delivery, secret())).isTrue();
        Throwable thrown = catchThrowable(() -> adapter().readEvents(delivery));
        assertThat(thrown).isInstanceOfSatisfying(WebhookRejectedException.class, e -> {
            assertThat(e.rejection()).isEqualTo(Rejection.MALFORMED_ENVELOPE);
            assertThat(e.getMessage()).doesNotContain("plainly");
            assertThat(e.getCause()).isNull();
        });
    }

    @Test
    void rejectsAJsonArrayBodyAsMalformedEnvelope() {
        RawDelivery delivery = signed(fixture().withBody(utf8("[{\"id\":\"evt_1\"}]")));
        assertRejected(() -> adapter().readEvents(delivery), Rejection.MALFORMED_ENVELOPE);
    }

    // --- configuration ---

    @Test
    void acceptsItsContentTypeWithACharsetAndRefusesTextPlain() {
        assertThat(adapter().acceptsContentType(contentType())).isTrue();
        assertThat(adapter().acceptsContentType(contentType() + "; charset=utf-8")).isTrue();
        assertThat(adapter().acceptsContentType(contentType().toUpperCase(Locale.ROOT))).isTrue();
        assertThat(adapter().acceptsContentType("text/plain")).isFalse();
        assertThat(adapter().acceptsContentType("text/plain; charset=utf-8")).isFalse();
        assertThat(adapter().acceptsContentType(null)).isFalse();
    }

    @Test
    void acceptsItsOwnSecretFormat() {
        for (String valid : secrets()) {
            assertThatCode(() -> adapter().validateSecret(valid)).doesNotThrowAnyException();
        }
    }

    @Test
    void refusesGarbageSecretsWithoutEchoingThem() {
        for (String garbage : garbageSecrets()) {
            assertThatThrownBy(() -> adapter().validateSecret(garbage))
                    .as("secret %s", garbage)
                    .isInstanceOf(IllegalArgumentException.class)
                    .satisfies(e -> {
                        if (garbage.length() > 8) {
                            assertThat(e.getMessage()).doesNotContain(garbage);
                        }
                    });
        }
    }

    @Test
    void isRegisteredForServiceLoaderUnderItsProviderName() {
        List<ProviderAdapter> found = new ArrayList<>();
        ServiceLoader.load(ProviderAdapter.class).forEach(found::add);
        assertThat(found).filteredOn(a -> a.getClass() == adapter().getClass()).singleElement()
                .satisfies(a -> assertThat(a.provider()).isEqualTo(adapter().provider()));
        assertThat(adapter().provider()).matches("[a-z0-9-]+");
        assertThat(adapter().defaultTolerance().isNegative()).isFalse();
    }

    // --- JSON helpers for mutations ---

    private static JsonObject parse(byte[] body) {
        return Json.createReader(new ByteArrayInputStream(body)).readObject();
    }

    private static byte[] reverseTopLevelKeys(byte[] body) {
        JsonObject original = parse(body);
        List<String> keys = new ArrayList<>(original.keySet());
        assertThat(keys).as("the fixture needs two top-level members to reorder").hasSizeGreaterThan(1);
        Collections.reverse(keys);
        JsonObjectBuilder builder = Json.createObjectBuilder();
        keys.forEach(key -> builder.add(key, original.get(key)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonWriter writer = Json.createWriter(out)) {
            writer.writeObject(builder.build());
        }
        return out.toByteArray();
    }
}
