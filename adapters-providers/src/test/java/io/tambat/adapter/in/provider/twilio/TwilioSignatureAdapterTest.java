package io.tambat.adapter.in.provider.twilio;

import static io.tambat.adapter.in.provider.TestSigning.base64;
import static io.tambat.adapter.in.provider.TestSigning.hmacSha1;
import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import io.tambat.adapter.in.provider.TestHeaders;
import io.tambat.adapter.in.provider.UntimedSignatureConformance;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.WebhookEvent;
import io.tambat.provider.spi.WebhookRejectedException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

class TwilioSignatureAdapterTest extends UntimedSignatureConformance {

    /** The token and URL of vectors T1 to T5, from Twilio's security docs and twilio-node's validation spec. */
    private static final String TOKEN = "12345";
    private static final String URL = "https://mycompany.com/myapp.php?foo=1&bar=2";

    private static final String FORM = "application/x-www-form-urlencoded";
    private static final String JSON = "application/json";
    private static final String MESSAGE_SID = "SM5a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d";
    private static final String ACCOUNT_SID = "AC0123456789abcdef0123456789abcdef";

    /** The T4 body and its hex SHA-256. */
    private static final String T4_BODY = "{\"property\": \"value\", \"boolean\": true}";
    private static final String T4_HASH = "0a1ff7634d9ab3b95db5c9a2dfe9416e41502b283a80c7cf19632632f96e6620";

    TwilioSignatureAdapterTest() {
        super(new TwilioSignatureAdapter(), FORM);
    }

    @Override
    protected List<String> secrets() {
        return List.of(TOKEN, "0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210");
    }

    @Override
    protected List<String> garbageSecrets() {
        return List.of("", " ", "two words", "a-token-with-a-line-break\n", "tab\tinside", "nul\u0000inside");
    }

    /** A message status callback; the status is the part of the event type after {@code message.}. */
    @Override
    protected byte[] envelope(String eventId, String eventType, String note) {
        String status = eventType.substring("message.".length());
        return utf8("AccountSid=" + ACCOUNT_SID + "&ApiVersion=2010-04-01&Body="
                + URLEncoder.encode(note, StandardCharsets.UTF_8) + "&From=%2B14155550100&MessageSid=" + MESSAGE_SID
                + "&MessageStatus=" + status + "&SmsSid=" + MESSAGE_SID + "&SmsStatus=" + status
                + "&To=%2B14155550199");
    }

    @Override
    protected Map<String, List<String>> headers(Message shown, Message signed, List<String> secrets) {
        return Map.of(
                "Content-Type", List.of(FORM),
                "I-Twilio-Idempotency-Token", List.of(shown.eventId()),
                "X-Twilio-Signature", secrets.stream().map(secret -> sign(secret, URL, signed.body())).toList());
    }

    @Override
    protected String signatureHeader() {
        return "X-Twilio-Signature";
    }

    @Override
    protected List<String> malformedSignatureHeaders() {
        return List.of(
                "",
                "not base64 at all!",
                base64(new byte[19]),
                base64(new byte[21]),
                base64(new byte[32]),
                "d0f28249",
                "d0f282493e832e92a6900ffc9acda8ea35c3b904",
                "sha1=0/KCTR6DLpKmkAf8muzZqo1nDgQ=",
                "0_KCTR6DLpKmkAf8muzZqo1nDgQ=");
    }

    @Override
    protected boolean jsonEnvelope() {
        return false;
    }

    @Override
    protected String fixtureEventType() {
        return "message.delivered";
    }

    @Override
    protected Optional<URI> signedUrl() {
        return Optional.of(URI.create(URL));
    }

    // --- the tests' own signer, as twilio-node's getExpectedTwilioSignature computes it ---

    /**
     * Base64 HMAC-SHA1 of the URL followed by each parameter's name and value, names sorted, a repeated name's
     * distinct values sorted. Decodes the form with the JDK's {@link URLDecoder}, not the production reader.
     */
    private static String sign(String token, String url, byte[] formBody) {
        SortedMap<String, SortedSet<String>> parameters = new TreeMap<>();
        for (String pair : new String(formBody, StandardCharsets.UTF_8).split("&")) {
            if (!pair.isEmpty()) {
                String[] nameValue = pair.split("=", 2);
                parameters.computeIfAbsent(URLDecoder.decode(nameValue[0], StandardCharsets.UTF_8),
                        name -> new TreeSet<>()).add(nameValue.length < 2 ? ""
                                : URLDecoder.decode(nameValue[1], StandardCharsets.UTF_8));
            }
        }
        StringBuilder signed = new StringBuilder(url);
        parameters.forEach((name, values) -> values.forEach(value -> signed.append(name).append(value)));
        return base64(hmacSha1(utf8(token), utf8(signed.toString())));
    }

    private static RawDelivery delivery(String url, String contentType, String body, String... headers) {
        return new RawDelivery(utf8(body), TestHeaders.of(new String[] {"Content-Type", contentType}, headers),
                Optional.of(URI.create(url)));
    }

    private boolean verifies(String url, String contentType, String body, String signature) {
        return verifies(delivery(url, contentType, body, "X-Twilio-Signature", signature), TOKEN);
    }

    private static String t1Form(String digits) {
        return "CallSid=CA1234567890ABCDE&Caller=%2B12349013030&Digits=" + digits
                + "&From=%2B12349013030&To=%2B18005551212";
    }

    private static String callForm(String caller) {
        return "CallSid=CA1234567890ABCDE&Caller=" + caller + "&Digits=1234&From=" + caller + "&To=%2B18005551212";
    }

    // --- published vectors, each with mutations refused ---

    @Test
    void verifiesVectorT1FromTwiliosDocsAndRefusesEachMutation() {
        String signature = "0/KCTR6DLpKmkAf8muzZqo1nDgQ=";
        assertThat(verifies(URL, FORM, t1Form("1234"), signature)).isTrue();
        assertThat(verifies(URL, FORM, t1Form("1235"), signature)).isFalse();
        assertThat(verifies(URL.replace("foo=1", "foo=2"), FORM, t1Form("1234"), signature)).isFalse();
        assertThat(verifies(URL.replace("myapp", "yourapp"), FORM, t1Form("1234"), signature)).isFalse();
        assertThat(verifies(URL, FORM, t1Form("1234") + "&Extra=1", signature)).isFalse();
        assertThat(verifies(delivery(URL, FORM, t1Form("1234"), "X-Twilio-Signature", signature), "12346"))
                .isFalse();
    }

    @Test
    void verifiesVectorT2FromTwilioNodeAndRefusesAChangedParameter() {
        String signature = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";
        assertThat(verifies(URL, FORM, callForm("%2B14158675309"), signature)).isTrue();
        assertThat(verifies(URL, FORM, callForm("%2B14158675308"), signature)).isFalse();
        assertThat(verifies(URL, FORM, callForm("%2B14158675309").replace("CallSid", "Callsid"), signature))
                .isFalse();
    }

    @Test
    void verifiesVectorT3AndRefusesItOverAnotherHost() {
        String signature = "L/OH5YylLD5NRKLltdqwSvS0BnU=";
        String url = "https://example.com/myapp.php?foo=1&bar=2";
        assertThat(verifies(url, FORM, callForm("%2B14158675310"), signature)).isTrue();
        assertThat(verifies(URL, FORM, callForm("%2B14158675310"), signature)).isFalse();
        assertThat(verifies(url.replace("https:", "http:"), FORM, callForm("%2B14158675310"), signature)).isFalse();
    }

    @Test
    void verifiesVectorT4AJsonBodyWhoseHashTheUrlCarriesAndRefusesEachMutation() {
        String url = URL + "&bodySHA256=" + T4_HASH;
        String signature = "a9nBmqA0ju/hNViExpshrM61xv4=";
        assertThat(verifies(url, JSON, T4_BODY, signature)).isTrue();
        assertThat(verifies(url, JSON + "; charset=utf-8", T4_BODY, signature)).isTrue();
        assertThat(verifies(url, JSON, T4_BODY.replace("value", "valuf"), signature)).isFalse();
        assertThat(verifies(url, JSON, T4_BODY.replace(", ", ","), signature)).isFalse();
        assertThat(verifies(url.replace("foo=1", "foo=2"), JSON, T4_BODY, signature)).isFalse();
    }

    @Test
    void verifiesVectorT5AnEmptyJsonObjectOnlyOverTheUrlWithItsDefaultPort() {
        String url = URL + "&bodySHA256=44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a";
        String signedWithPort = "Ldidvp12m26NI7eqEvxnEpkd9Hc=";
        assertThat(verifies(url, JSON, "{}", signedWithPort)).isTrue();
        assertThat(verifies(url, JSON, "{ }", signedWithPort)).isFalse();
        assertThat(verifies(url.replace(".com/", ".com:8443/"), JSON, "{}", signedWithPort)).isFalse();
    }

    @Test
    void verifiesVectorT6AUrlCarryingOnlyTheBodyHashAndRefusesAnotherHash() {
        String url = "https://mycompany.com/myapp.php?bodySHA256=" + T4_HASH;
        String signature = "y77kIzt2vzLz71DgmJGsen2scGs=";
        assertThat(verifies(url, JSON, T4_BODY, signature)).isTrue();
        assertThat(verifies(url.replace("6620", "6621"), JSON, T4_BODY, signature)).isFalse();
        assertThat(verifies(url, JSON, T4_BODY + " ", signature)).isFalse();
    }

    // --- what is signed ---

    @Test
    void verifiesAReorderedFormBecauseTwilioSignsTheSortedParameters() {
        String reordered = "To=%2B18005551212&From=%2B14158675309&Digits=1234&Caller=%2B14158675309"
                + "&CallSid=CA1234567890ABCDE";
        assertThat(verifies(URL, FORM, reordered, "RSOYDt4T1cUTdK1PDd93/VVr8B8=")).isTrue();
        assertThat(verifies(URL, FORM, reordered.replace("%2B", "+"), "RSOYDt4T1cUTdK1PDd93/VVr8B8=")).isFalse();
    }

    @Test
    void verifiesARepeatedNameOverItsDistinctValuesSortedWhateverTheirOrder() {
        String signature = "83O6e2vORAoJHUNzJjDWN1jz+BA=";
        String name = "MessagingBinding.Address=";
        assertThat(verifies(URL, FORM, name + "%2B1325xxxxxxx&" + name + "%2B1415xxxxxxx", signature)).isTrue();
        assertThat(verifies(URL, FORM, name + "%2B1415xxxxxxx&" + name + "%2B1325xxxxxxx", signature)).isTrue();
        assertThat(verifies(URL, FORM, name + "%2B1415xxxxxxx", signature)).isFalse();

        String repeatedValue = "Sid=CA123&Digits=5678&SidAccount=AC123&Digits=1234&Digits=1234";
        assertThat(verifies(URL, FORM, repeatedValue, "IK+Dwps556ElfBT0I3Rgjkr1wJU=")).isTrue();
    }

    @Test
    void verifiesTheUrlAsConfiguredOrWithItsDefaultPortToggled() {
        String withoutPort = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";
        String withPort443 = "kvajT1Ptam85bY51eRf/AJRuM3w=";
        String form = callForm("%2B14158675309");
        assertThat(verifies(URL, FORM, form, withoutPort)).isTrue();
        assertThat(verifies(URL, FORM, form, withPort443)).isTrue();
        String configuredWithPort = URL.replace(".com/", ".com:443/");
        assertThat(verifies(configuredWithPort, FORM, form, withoutPort)).isTrue();
        assertThat(verifies(configuredWithPort, FORM, form, withPort443)).isTrue();

        String http = URL.replace("https:", "http:");
        assertThat(verifies(http, FORM, form, "0ZXoZLH/DfblKGATFgpif+LLRf4=")).isTrue();
        assertThat(verifies(http, FORM, form, withPort443)).isFalse();
    }

    @Test
    void ignoresHostAndForwardedHeadersAndVerifiesOverTheConfiguredUrlOnly() {
        String form = callForm("%2B14158675309");
        String overTheHostHeader = sign(TOKEN, "https://attacker.example/myapp.php?foo=1&bar=2", utf8(form));
        RawDelivery forwarded = delivery(URL, FORM, form, "X-Twilio-Signature", overTheHostHeader,
                "Host", "attacker.example", "X-Forwarded-Host", "attacker.example", "X-Forwarded-Proto", "https",
                "Forwarded", "host=attacker.example;proto=https");
        assertThat(verifies(forwarded, TOKEN)).isFalse();

        RawDelivery authentic = delivery(URL, FORM, form, "X-Twilio-Signature", "RSOYDt4T1cUTdK1PDd93/VVr8B8=",
                "Host", "attacker.example", "X-Forwarded-Host", "attacker.example");
        assertThat(verifies(authentic, TOKEN)).isTrue();
    }

    @Test
    void verifiesMultiByteParametersAsTheirUtf8Bytes() {
        String form = "Body=caf%C3%A9+%E2%98%95&MessageSid=" + MESSAGE_SID;
        assertThat(verifies(URL, FORM, form, sign(TOKEN, URL, utf8(form)))).isTrue();
    }

    @Test
    void verifiesNoTokenForAFormTwilioCannotHaveSentWithoutThrowing() {
        RawDelivery invalidEscape = delivery(URL, FORM, "Body=%ZZ&MessageSid=" + MESSAGE_SID,
                "X-Twilio-Signature", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
        assertThatCode(() -> assertThat(verifies(invalidEscape, TOKEN)).isFalse()).doesNotThrowAnyException();
        // Signed over what a lenient decoder makes of them: the replacement character Twilio would have encoded.
        for (String notUtf8 : List.of("Body=%C3&MessageSid=" + MESSAGE_SID, "Body=caf%E9")) {
            RawDelivery delivery = delivery(URL, FORM, notUtf8, "X-Twilio-Signature",
                    sign(TOKEN, URL, utf8(notUtf8)));
            assertThat(verifies(delivery, TOKEN)).as(notUtf8).isFalse();
        }
    }

    @Test
    void verifiesNothingWithoutASignedUrl() {
        String form = callForm("%2B14158675309");
        RawDelivery unsigned = new RawDelivery(utf8(form), Headers.of("Content-Type", FORM, "X-Twilio-Signature",
                sign(TOKEN, URL, utf8(form))), Optional.empty());
        assertThat(verifies(unsigned, TOKEN)).isFalse();
    }

    @Test
    void treatsAJsonBodyWithoutASingleWellFormedBodyHashAsAMissingSignature() {
        for (String url : List.of(URL, URL + "&bodySHA256=", URL + "&bodySHA256=" + T4_HASH.substring(2),
                URL + "&bodySHA256=" + T4_HASH + "&bodySHA256=" + T4_HASH, URL + "&bodysha256=" + T4_HASH,
                "https://mycompany.com/myapp.php")) {
            WebhookRejectedException e = catchThrowableOfType(WebhookRejectedException.class,
                    () -> adapter.readSignature(delivery(url, JSON, T4_BODY, "X-Twilio-Signature",
                            "a9nBmqA0ju/hNViExpshrM61xv4=")));
            assertThat(e).as(url).isNotNull();
            assertThat(e.rejection()).isEqualTo(Rejection.SIGNATURE_MISSING);
            assertThat(e.getMessage()).contains("bodySHA256");
        }
    }

    @Test
    void refusesADuplicatedContentTypeBecauseItDecidesWhatIsSigned() {
        RawDelivery delivery = delivery(URL, FORM, t1Form("1234"), "Content-Type", JSON,
                "X-Twilio-Signature", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
        assertRejected(() -> adapter.readSignature(delivery), Rejection.UNSUPPORTED_MEDIA_TYPE);
    }

    // --- events ---

    private WebhookEvent onlyEventOf(String contentType, String body, String... headers) {
        List<WebhookEvent> events = adapter.readEvents(delivery(URL, contentType, body, headers));
        assertThat(events).hasSize(1);
        return events.get(0);
    }

    private static Tuple idTypeAndObject(WebhookEvent event) {
        return tuple(event.providerEventId(), event.eventType(), event.objectId());
    }

    @Test
    void takesTheIdempotencyTokenAsTheIdAndTheMessageSidAsTheObject() {
        WebhookEvent event = onlyEventOf(FORM, "MessageSid=" + MESSAGE_SID + "&MessageStatus=sent&AccountSid="
                + ACCOUNT_SID, "I-Twilio-Idempotency-Token", "e1b0c2a4-token");
        assertThat(idTypeAndObject(event)).isEqualTo(tuple("e1b0c2a4-token", "message.sent", Optional.of(MESSAGE_SID)));
        assertThat(event.objectVersion()).isEmpty();
        assertThat(event.providerCreatedAt()).isEmpty();
    }

    @Test
    void keysEachStatusCallbackOfOneMessageApartWithoutTheToken() {
        for (String status : List.of("queued", "sent", "delivered")) {
            String body = "SmsSid=" + MESSAGE_SID + "&SmsStatus=" + status + "&MessageStatus=" + status
                    + "&MessageSid=" + MESSAGE_SID;
            assertThat(idTypeAndObject(onlyEventOf(FORM, body)))
                    .isEqualTo(tuple(MESSAGE_SID + ":" + status, "message." + status, Optional.of(MESSAGE_SID)));
        }
    }

    @Test
    void readsTheLegacySmsFieldsThenTheCallFieldsAndLowersTheStatusInTheTypeOnly() {
        assertThat(idTypeAndObject(onlyEventOf(FORM, "SmsSid=SM1&SmsStatus=Received")))
                .isEqualTo(tuple("SM1:Received", "message.received", Optional.of("SM1")));
        assertThat(idTypeAndObject(onlyEventOf(FORM, "CallSid=CA1&CallStatus=completed&AccountSid=AC1")))
                .isEqualTo(tuple("CA1:completed", "call.completed", Optional.of("CA1")));
        assertThat(idTypeAndObject(onlyEventOf(FORM, t1Form("1234"))))
                .isEqualTo(tuple("CA1234567890ABCDE", "call", Optional.of("CA1234567890ABCDE")));
        assertThat(idTypeAndObject(onlyEventOf(FORM, "MessageSid=SM2&CallSid=CA2&CallStatus=ringing")))
                .isEqualTo(tuple("SM2", "message", Optional.of("SM2")));
    }

    @Test
    void callsAFormNamingNeitherAMessageNorACallATwilioEventWhenTheTokenIdentifiesIt() {
        assertThat(idTypeAndObject(onlyEventOf(FORM, "EventType=onMessageAdded&ConversationSid=CH1",
                "I-Twilio-Idempotency-Token", "t-1"))).isEqualTo(tuple("t-1", "twilio.event", Optional.empty()));
    }

    @Test
    void refusesAFormWithoutAnyIdAsMalformedEnvelopeWithoutQuotingIt() {
        WebhookRejectedException e = catchThrowableOfType(WebhookRejectedException.class,
                () -> onlyEventOf(FORM, "plainly=not+a+callback&MessageStatus=sent"));
        assertThat(e.rejection()).isEqualTo(Rejection.MALFORMED_ENVELOPE);
        assertThat(e.getMessage()).doesNotContain("plainly").contains("I-Twilio-Idempotency-Token");
    }

    @Test
    void refusesARepeatedSidOrTokenAsMalformedEnvelope() {
        assertRejected(() -> onlyEventOf(FORM, "MessageSid=SM1&MessageSid=SM2"), Rejection.MALFORMED_ENVELOPE);
        assertRejected(() -> onlyEventOf(FORM, "MessageSid=SM1", "I-Twilio-Idempotency-Token", "a",
                "I-Twilio-Idempotency-Token", "b"), Rejection.MALFORMED_ENVELOPE);
    }

    @Test
    void readsAJsonEventsIdAndTypeUnlessTheTokenNamesIt() {
        String cloudEvent = "{\"specversion\":\"1.0\",\"type\":\"com.twilio.messaging.message.delivered\","
                + "\"id\":\"EZ0123\",\"data\":{\"messageSid\":\"SM1\"}}";
        assertThat(idTypeAndObject(onlyEventOf(JSON, cloudEvent)))
                .isEqualTo(tuple("EZ0123", "com.twilio.messaging.message.delivered", Optional.empty()));
        assertThat(idTypeAndObject(onlyEventOf(JSON, T4_BODY, "I-Twilio-Idempotency-Token", "t-2")))
                .isEqualTo(tuple("t-2", "twilio.event", Optional.empty()));
    }

    @Test
    void refusesAJsonBodyWithoutAnIdOrThatIsNoObjectAsMalformedEnvelope() {
        assertRejected(() -> onlyEventOf(JSON, T4_BODY), Rejection.MALFORMED_ENVELOPE);
        assertRejected(() -> onlyEventOf(JSON, "{\"id\":7}"), Rejection.MALFORMED_ENVELOPE);
        assertRejected(() -> onlyEventOf(JSON, "[{\"id\":\"EZ1\"}]", "I-Twilio-Idempotency-Token", "t"),
                Rejection.MALFORMED_ENVELOPE);
        assertRejected(() -> onlyEventOf(JSON, "{\"id\":\"EZ1\",\"type\":5}"), Rejection.MALFORMED_ENVELOPE);
    }

    // --- configuration ---

    @Test
    void acceptsFormsAndJsonAndSignsNoTimestampButItsPublicUrl() {
        assertThat(adapter.acceptsContentType("application/json; charset=utf-8")).isTrue();
        assertThat(adapter.acceptsContentType("application/x-www-form-urlencoded; charset=UTF-8")).isTrue();
        assertThat(adapter.acceptsContentType("multipart/form-data")).isFalse();
        assertThat(adapter.defaultTolerance()).isEqualTo(Duration.ZERO);
        assertThat(adapter.signsPublicUrl()).isTrue();
    }

    /**
     * A status callback signed by Twilio's official library ({@code twilio} 6.3.1 for Node,
     * {@code getExpectedTwilioSignature}, accepted by its {@code validateRequest}), sent as Twilio encodes forms.
     */
    @Test
    void verifiesTheSignatureTwiliosLibraryMadeAndRejectsEachMutation() {
        String token = "tambat0fixture0twilio0token00001";
        String url = "https://hooks.example.com/webhooks/twilio/twilio-main?tenant=acme";
        String signature = "I0Ee6kv1llxckbPD9TdBk1PtKN4=";
        String form = "AccountSid=ACae3e5b9c3d7b1f2a4c6e8d0f1a2b3c4d&MessageSid=SM1f0e3a5c7b9d2e4f6a8c0b1d3e5f7a9c"
                + "&MessageStatus=delivered&To=%2B15558675310&From=%2B15017122661&ApiVersion=2010-04-01"
                + "&Body=Caf%C3%A9+%E2%98%95+ready+%26+waiting";
        assertThat(verifies(delivery(url, FORM, form, "X-Twilio-Signature", signature), token)).isTrue();
        for (String mutated : List.of(form.replace("delivered", "failed"), form.replace("%26", "%2B"),
                form.replace("+ready", "%20ready2"), form + "&Extra=1")) {
            assertThat(verifies(delivery(url, FORM, mutated, "X-Twilio-Signature", signature), token)).isFalse();
        }
        assertThat(verifies(delivery(url.replace("acme", "acme2"), FORM, form, "X-Twilio-Signature", signature),
                token)).isFalse();
        // Twilio signs the decoded parameters, so another spelling of the same values is the same request.
        assertThat(verifies(delivery(url, FORM, form.replace("+ready", "%20ready").replace("%C3%A9", "%c3%a9"),
                "X-Twilio-Signature", signature), token)).isTrue();
    }
}
