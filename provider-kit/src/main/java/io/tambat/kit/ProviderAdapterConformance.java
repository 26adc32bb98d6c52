package io.tambat.kit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.ProviderAdapter;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SecretVersion;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import io.tambat.provider.spi.WebhookRejectedException;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonPatchBuilder;
import jakarta.json.JsonWriter;
import jakarta.json.stream.JsonGenerator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
 * The conformance suite every provider adapter runs, built in or written in another repository. An adapter's
 * test extends this class once and supplies the adapter, its own signer (written apart from the adapter, so a
 * shared mistake cannot make both agree), a valid fixture and the provider's published vectors; every case below
 * is that fixture plus one mutation, held to the rules the receiving pipeline applies
 * ({@link SignedDelivery#matchingVersion}, {@link SignedDelivery#requireFresh}).
 *
 * <p>What differs between providers is said by overriding the capability methods ({@link #signsTimestamp()},
 * {@link #signsBody()}, {@link #carriesSeveralSignatures()}, {@link #signatureInBody()},
 * {@link #jsonEnvelope()}); a case that does not apply is skipped, not passed.
 */
public abstract class ProviderAdapterConformance {

    private static final long FIXTURE_TIMESTAMP = 1_700_000_000L;
    private static final String FIXTURE_ID = "evt_contract_0001";
    private static final String OTHER_ID = "evt_contract_0002";
    private static final String UNICODE_NOTE = "café ☕ 日本";

    /**
     * What a delivery says about itself. A provider renders the id, type and timestamp into headers, the body
     * or nowhere, as it does in production.
     */
    public record Message(String eventId, String eventType, long timestamp, byte[] body) {

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

    /** A published test vector: a delivery exactly as the provider's documentation or SDK tests give it. */
    public record Vector(String name, RawDelivery delivery, String secret) {
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
     * The provider's envelope for one event, with at least two top-level members when it is JSON, carrying
     * {@code note} somewhere as text. Providers that keep the id and type in headers may ignore them.
     */
    protected abstract byte[] envelope(String eventId, String eventType, String note);

    /**
     * The headers of a delivery that presents {@code shown} (its id, type and timestamp) but carries
     * signatures computed over {@code signed}, one per secret side by side. {@code Content-Type} included.
     */
    protected abstract Map<String, List<String>> headers(Message shown, Message signed, List<String> secrets);

    /** The name of the header that carries the signature; unused when {@link #signatureInBody()}. */
    protected abstract String signatureHeader();

    /** Values of the signature header that must be refused as malformed; unused when {@link #signatureInBody()}. */
    protected abstract List<String> malformedSignatureHeaders();

    /** The provider's published vectors, each verifying with its secret. None by default. */
    protected List<Vector> vectors() {
        return List.of();
    }

    /**
     * The message with another logical event id, wherever the provider carries it; empty when the provider
     * does not sign its event id. By default the id is a header.
     */
    protected Optional<Message> withChangedEventId(Message message) {
        return Optional.of(message.withEventId(OTHER_ID));
    }

    /** The logical id the adapter reads from a delivery of this message; by default its event id as it is. */
    protected String expectedEventId(Message message) {
        return message.eventId();
    }

    /** The event type of the fixture, for a provider that derives the type from the envelope its own way. */
    protected String fixtureEventType() {
        return "invoice.paid";
    }

    /** The public URL the provider signs (Twilio); empty for providers that sign no URL. */
    protected Optional<URI> signedUrl() {
        return Optional.empty();
    }

    /** The JSON body with its non-ASCII text written as {@code \\uXXXX} escapes: the same text to a parser. */
    private static byte[] reEncodeUnicode(byte[] body) {
        StringBuilder escaped = new StringBuilder();
        new String(body, StandardCharsets.UTF_8).codePoints().forEach(point -> {
            if (point < 0x80) {
                escaped.appendCodePoint(point);
            } else {
                for (char unit : Character.toChars(point)) {
                    escaped.append(String.format(Locale.ROOT, "\\u%04x", (int) unit));
                }
            }
        });
        return escaped.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Whether the provider signs an attempt timestamp. */
    protected boolean signsTimestamp() {
        return true;
    }

    /**
     * Whether the provider signs the raw body. A provider that only sends a shared token (GitLab) proves who sent
     * a delivery, not what it says; one that signs chosen fields (Adyen) leaves the rest of the body unsigned.
     */
    protected boolean signsBody() {
        return true;
    }

    /** Whether one delivery can carry several signatures side by side. */
    protected boolean carriesSeveralSignatures() {
        return true;
    }

    /** Whether the signatures sit inside the body rather than in a header (Adyen). */
    protected boolean signatureInBody() {
        return false;
    }

    /** Whether the envelope is a JSON object; a form-encoded provider (Twilio) says no. */
    protected boolean jsonEnvelope() {
        return true;
    }

    /**
     * The delivery of {@code shown}, signed over {@code signed} with each of {@code secrets}. By default the
     * signatures go into {@link #headers}; a provider that signs inside the body overrides this.
     */
    protected RawDelivery delivery(Message shown, Message signed, List<String> signingSecrets) {
        return new RawDelivery(shown.body(), Headers.of(headers(shown, signed, signingSecrets)), signedUrl());
    }

    protected final String secret() {
        return secrets().get(0);
    }

    protected final Message message(String note) {
        return new Message(FIXTURE_ID, fixtureEventType(), FIXTURE_TIMESTAMP,
                envelope(FIXTURE_ID, fixtureEventType(), note));
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
            assertThat(event.providerEventId()).isEqualTo(expectedEventId(message));
            assertThat(event.eventType()).isEqualTo(message.eventType());
        });
        return events.get(0);
    }

    protected final RawDelivery delivery(Map<String, List<String>> headers, byte[] body) {
        return new RawDelivery(body, Headers.of(headers), signedUrl());
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

    /** Whether the signed fixture with its body replaced verifies: the body changed after signing. */
    private boolean verifiesWithBody(byte[] body) {
        return verifies(delivery(fixture().withBody(body), fixture(), List.of(secret())), secret());
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

    // --- published vectors ---

    @Test
    void verifiesEveryPublishedVectorWithItsSecretAndNoOther() {
        assumeThat(vectors()).as("the provider publishes vectors").isNotEmpty();
        for (Vector vector : vectors()) {
            SignedDelivery signed = adapter().readSignature(vector.delivery());
            assertThat(signed.verifiedBy(new SecretVersion("v1", vector.secret()))).as(vector.name()).isTrue();
            secrets().stream().filter(other -> !other.equals(vector.secret())).forEach(other ->
                    assertThat(signed.verifiedBy(new SecretVersion("v1", other))).as(vector.name()).isFalse());
        }
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
    void acceptsEveryTrustedVersionAndNoRetiredOne() {
        List<SecretVersion> trusted = List.of(new SecretVersion("v2", secrets().get(1)),
                new SecretVersion("v1", secrets().get(0)));
        for (SecretVersion version : trusted) {
            SignedDelivery signed = adapter().readSignature(delivery(fixture(), fixture(), List.of(version.secret())));
            assertThat(signed.matchingVersion(trusted)).contains(version);
        }
        SignedDelivery byRetired = adapter().readSignature(delivery(fixture(), fixture(), secretsAt(2)));
        assertThat(byRetired.matchingVersion(trusted)).isEmpty();
    }

    @Test
    void rejectsEverySingleByteChangeOfTheSignedBody() {
        assumeThat(signsBody()).as("the provider signs the body").isTrue();
        byte[] body = fixture().body();
        for (int position = 0; position < body.length; position++) {
            byte[] changed = body.clone();
            changed[position] ^= 0x01;
            assertThat(verifiesWithBody(changed)).as("byte %d changed", position).isFalse();
        }
        assertThat(verifiesWithBody(Arrays.copyOf(body, body.length - 1))).as("last byte cut").isFalse();
        byte[] longer = Arrays.copyOf(body, body.length + 1);
        longer[body.length] = ' ';
        assertThat(verifiesWithBody(longer)).as("a space added").isFalse();
    }

    @Test
    void rejectsTheSameTextWithItsUnicodeEncodedAnotherWay() {
        assumeThat(signsBody() && jsonEnvelope()).as("the provider signs a JSON body").isTrue();
        byte[] body = message(UNICODE_NOTE).body();
        byte[] reEncoded = reEncodeUnicode(body);
        assertThat(reEncoded).isNotEqualTo(body);
        assertThat(verifies(delivery(message(UNICODE_NOTE).withBody(reEncoded), message(UNICODE_NOTE),
                List.of(secret())), secret())).isFalse();
    }

    @Test
    void rejectsTheSameJsonSerializedAgain() {
        assumeThat(signsBody() && jsonEnvelope()).as("the provider signs a JSON body").isTrue();
        byte[] reordered = reverseTopLevelKeys(fixture().body());
        byte[] pretty = prettyPrinted(fixture().body());
        for (byte[] reSerialized : List.of(reordered, pretty)) {
            assertThat(reSerialized).isNotEqualTo(fixture().body());
            assertThat(parse(reSerialized)).isEqualTo(parse(fixture().body()));
            assertThat(verifiesWithBody(reSerialized)).isFalse();
        }
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
    void refusesAStaleAndAFutureTimestampAtTheProvidersOwnTolerance() {
        assumeThat(signsTimestamp()).as("the provider signs a timestamp").isTrue();
        Duration tolerance = adapter().defaultTolerance();
        assertThat(tolerance).isPositive();
        SignedDelivery signed = adapter().readSignature(signed(fixture()));
        Instant signedAt = Instant.ofEpochSecond(FIXTURE_TIMESTAMP);
        for (Instant now : List.of(signedAt.plus(tolerance), signedAt.minus(tolerance))) {
            assertThatCode(() -> signed.requireFresh(tolerance, now)).doesNotThrowAnyException();
        }
        for (Instant now : List.of(signedAt.plus(tolerance).plusSeconds(1), signedAt.minus(tolerance).minusSeconds(1))) {
            assertRejected(() -> signed.requireFresh(tolerance, now), Rejection.TIMESTAMP_STALE);
        }
    }

    @Test
    void verifiesAMultiByteUtf8BodyAndReadsItsEvent() {
        Message message = message(UNICODE_NOTE);
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
        assumeThat(signatureInBody()).as("the provider signs in a header").isFalse();
        RawDelivery delivery = delivery(fixtureHeadersWith(signatureHeader(), List.of()), fixture().body());
        assertRejected(() -> adapter().readSignature(delivery), Rejection.SIGNATURE_MISSING);
    }

    @Test
    void rejectsADuplicatedSignatureHeader() {
        assumeThat(signatureInBody()).as("the provider signs in a header").isFalse();
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
        assumeThat(signatureInBody()).as("the provider signs in a header").isFalse();
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
    void takesTheIdentityFromTheProvidersIdNeverFromTheBody() {
        WebhookEvent fixtureEvent = onlyEvent(fixture());
        WebhookEvent sameIdOtherBody = onlyEvent(message("another body, the same event"));
        Message otherId = new Message(OTHER_ID, fixtureEventType(), FIXTURE_TIMESTAMP,
                envelope(OTHER_ID, fixtureEventType(), "contract fixture"));
        WebhookEvent otherIdEvent = onlyEvent(otherId);

        assertThat(sameIdOtherBody.providerEventId()).isEqualTo(fixtureEvent.providerEventId());
        assertThat(otherIdEvent.providerEventId()).isNotEqualTo(fixtureEvent.providerEventId());
    }

    @Test
    void rejectsANonJsonVerifiedBodyAsMalformedEnvelopeWithoutQuotingIt() {
        assumeThat(jsonEnvelope() && !signatureInBody()).as("a JSON envelope signed outside it").isTrue();
        Message notJson = fixture().withBody("plainly not json at all".getBytes(StandardCharsets.UTF_8));
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
        assumeThat(jsonEnvelope() && !signatureInBody()).as("a JSON envelope signed outside it").isTrue();
        RawDelivery delivery = signed(fixture().withBody("[{\"id\":\"evt_1\"}]".getBytes(StandardCharsets.UTF_8)));
        assertRejected(() -> adapter().readEvents(delivery), Rejection.MALFORMED_ENVELOPE);
    }

    /** The pipeline hands the adapter the very array it then stores: changing it would store what never verified. */
    @Test
    void leavesTheBodyItReadsUnchanged() {
        RawDelivery delivery = signed(fixture());
        byte[] asReceived = delivery.body().clone();

        adapter().readSignature(delivery).verifiedBy(new SecretVersion("v1", secret()));
        adapter().handshake(delivery);
        adapter().readEvents(delivery);

        assertThat(delivery.body()).isEqualTo(asReceived);
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
        return write(builder.build(), Map.of());
    }

    private static byte[] prettyPrinted(byte[] body) {
        return write(parse(body), Map.of(JsonGenerator.PRETTY_PRINTING, true));
    }

    private static byte[] write(JsonObject object, Map<String, ?> config) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonWriter writer = Json.createWriterFactory(config).createWriter(out, StandardCharsets.UTF_8)) {
            writer.writeObject(object);
        }
        return out.toByteArray();
    }
}
