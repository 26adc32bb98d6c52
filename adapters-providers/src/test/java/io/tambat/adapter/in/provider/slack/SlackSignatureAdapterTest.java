package io.tambat.adapter.in.provider.slack;

import static io.tambat.adapter.in.provider.TestSigning.concat;
import static io.tambat.adapter.in.provider.TestSigning.hex;
import static io.tambat.adapter.in.provider.TestSigning.hmacSha256;
import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.in.provider.BuiltInAdapterConformance;
import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.ProviderReply;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SecretVersion;
import io.tambat.provider.spi.SignedDelivery;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SlackSignatureAdapterTest extends BuiltInAdapterConformance {

    /** Vector L1, Slack's own example in "Verifying requests from Slack": a slash command. */
    private static final String L1_SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
    private static final String L1_TIMESTAMP = "1531420618";
    private static final String L1_BODY = "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow"
            + "&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner"
            + "&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J"
            + "%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN"
            + "&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
    private static final String L1_SIGNATURE = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";

    /**
     * An {@code app_mention} callback signed with Node's own HMAC and accepted by Slack's official SDK
     * ({@code @slack/bolt} 4.7.3, {@code verifySlackRequest}) at its timestamp.
     */
    private static final String FIXTURE_SECRET = "tambat-fixture-slack-signing-secret-0001";
    private static final String FIXTURE_TIMESTAMP = "1796107460";
    private static final String FIXTURE_SIGNATURE =
            "v0=681a7db373773726328bd0bdc3707f16bce0a2d7c805c1a6a22c28432ea0bd7b";

    SlackSignatureAdapterTest() {
        super(new SlackSignatureAdapter(), "application/json");
    }

    @Override
    protected List<String> secrets() {
        return List.of(L1_SECRET, "a-rotated-signing-secret", "an-unrelated-signing-secret");
    }

    @Override
    protected List<String> garbageSecrets() {
        return List.of("");
    }

    @Override
    protected byte[] envelope(String eventId, String eventType, String note) {
        return utf8("{\"token\":\"XXYYZZ\",\"team_id\":\"T061EG9R6\",\"api_app_id\":\"A0PNCHHK2\",\"event\":{\"type\":\""
                + eventType + "\",\"text\":\"" + note + "\",\"ts\":\"1515449522.000016\"},\"type\":\"event_callback\","
                + "\"event_id\":\"" + eventId + "\",\"event_time\":1515449522}");
    }

    @Override
    protected Map<String, List<String>> headers(Message shown, Message signed, List<String> secrets) {
        return Map.of(
                "Content-Type", List.of("application/json"),
                "X-Slack-Request-Timestamp", List.of(Long.toString(shown.timestamp())),
                "X-Slack-Signature", secrets.stream().map(secret -> slackSignature(secret, signed)).toList());
    }

    private static String slackSignature(String secret, Message signed) {
        return "v0=" + hex(hmacSha256(utf8(secret), concat(utf8("v0:" + signed.timestamp() + ":"), signed.body())));
    }

    @Override
    protected String signatureHeader() {
        return "X-Slack-Signature";
    }

    @Override
    protected List<String> malformedSignatureHeaders() {
        String hex = L1_SIGNATURE.substring(3);
        return List.of("garbage-without-structure", hex, "v1=" + hex, "v0=" + hex.substring(2), "v0=not-hex-at-all",
                "v0=" + hex + ",v0=" + hex, "sha256=" + hex, "v0= " + hex);
    }

    @Override
    protected Optional<Message> withChangedEventId(Message message) {
        return withEventIdChangedInEnvelope(message);
    }

    @Override
    protected boolean carriesSeveralSignatures() {
        return false;
    }

    @Override
    protected List<Vector> vectors() {
        return List.of(new Vector("L1",
                slackDelivery("application/x-www-form-urlencoded", L1_BODY, L1_TIMESTAMP, L1_SIGNATURE), L1_SECRET));
    }

    private static RawDelivery slackDelivery(String contentType, String body, String timestamp, String signature) {
        return new RawDelivery(utf8(body), Headers.of("Content-Type", contentType,
                "X-Slack-Request-Timestamp", timestamp, "X-Slack-Signature", signature), Optional.empty());
    }

    private static RawDelivery signedDelivery(String contentType, String body) {
        String signature = "v0=" + hex(hmacSha256(utf8(L1_SECRET), utf8("v0:" + L1_TIMESTAMP + ":" + body)));
        return slackDelivery(contentType, body, L1_TIMESTAMP, signature);
    }

    private static String form(String name, String value) {
        return name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @Test
    void verifiesSlacksOwnExampleAndReportsItsTimestamp() {
        SignedDelivery signed = adapter.readSignature(
                slackDelivery("application/x-www-form-urlencoded", L1_BODY, L1_TIMESTAMP, L1_SIGNATURE));
        assertThat(signed.verifiedBy(new SecretVersion("v1", L1_SECRET))).isTrue();
        assertThat(signed.signedAt()).contains(Instant.ofEpochSecond(1_531_420_618L));
    }

    @Test
    void verifiesTheSignatureSlacksSdkAcceptsAndRejectsEachMutation() {
        String body = new String(EventFixtures.read("slack", "app_mention.json"), StandardCharsets.UTF_8);
        assertThat(body).contains("\\u00e9");
        assertThat(verifies(slackDelivery("application/json", body, FIXTURE_TIMESTAMP, FIXTURE_SIGNATURE),
                FIXTURE_SECRET)).isTrue();
        for (String mutated : List.of(body.replace("\\u00e9", "é"),
                body.replace("\"Ev0PV52K21\"", "\"Ev0PV52K22\""), body.replace("1515449522,", "1515449523,"),
                body.replace(",\"event_context\"", ", \"event_context\""))) {
            assertThat(verifies(slackDelivery("application/json", mutated, FIXTURE_TIMESTAMP, FIXTURE_SIGNATURE),
                    FIXTURE_SECRET)).isFalse();
        }
        assertThat(adapter.readEvents(slackDelivery("application/json", body, FIXTURE_TIMESTAMP, FIXTURE_SIGNATURE)))
                .singleElement().satisfies(event -> {
                    assertThat(event.providerEventId()).isEqualTo("Ev0PV52K21");
                    assertThat(event.eventType()).isEqualTo("app_mention");
                });
    }

    @Test
    void refusesEachMutationOfSlacksOwnExample() {
        for (RawDelivery mutated : List.of(
                slackDelivery("application/x-www-form-urlencoded", L1_BODY.replace("text=", "text=x"), L1_TIMESTAMP,
                        L1_SIGNATURE),
                slackDelivery("application/x-www-form-urlencoded", L1_BODY.replace("%2F", "/"), L1_TIMESTAMP,
                        L1_SIGNATURE),
                slackDelivery("application/x-www-form-urlencoded", L1_BODY, "1531420619", L1_SIGNATURE),
                slackDelivery("application/x-www-form-urlencoded", L1_BODY, L1_TIMESTAMP,
                        L1_SIGNATURE.replace("a2114d", "a2114e")))) {
            assertThat(verifies(mutated, L1_SECRET)).isFalse();
        }
        assertThat(verifies(slackDelivery("application/x-www-form-urlencoded", L1_BODY, L1_TIMESTAMP, L1_SIGNATURE),
                "8f742231b10e8888abcd99yyyzzz85a6")).isFalse();
    }

    @Test
    void readsASlashCommandByItsTriggerId() {
        assertThat(adapter.readEvents(
                slackDelivery("application/x-www-form-urlencoded", L1_BODY, L1_TIMESTAMP, L1_SIGNATURE)))
                .singleElement().satisfies(event -> {
                    assertThat(event.providerEventId())
                            .isEqualTo("398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c");
                    assertThat(event.eventType()).isEqualTo("slash_command");
                    assertThat(event.objectId()).contains("T1DC2JH3J");
                });
    }

    @Test
    void readsAnInteractionPayloadByItsTriggerIdAndType() {
        String body = form("payload", "{\"type\":\"block_actions\",\"team\":{\"id\":\"T9TK3CUKW\",\"domain\":\"x\"},"
                + "\"trigger_id\":\"12466734323.1395872398\",\"actions\":[{\"action_id\":\"approve\"}]}");
        assertThat(adapter.readEvents(signedDelivery("application/x-www-form-urlencoded", body)))
                .singleElement().satisfies(event -> {
                    assertThat(event.providerEventId()).isEqualTo("12466734323.1395872398");
                    assertThat(event.eventType()).isEqualTo("block_actions");
                    assertThat(event.objectId()).contains("T9TK3CUKW");
                });
    }

    @Test
    void readsTheInnerTypeAndTimeOfAnEventsApiCallback() {
        RawDelivery delivery = signed(message("hello"));
        assertThat(adapter.readEvents(delivery)).singleElement().satisfies(event -> {
            assertThat(event.eventType()).isEqualTo("invoice.paid");
            assertThat(event.objectId()).contains("T061EG9R6");
            assertThat(event.providerCreatedAt()).contains(Instant.ofEpochSecond(1_515_449_522L));
        });
    }

    @Test
    void answersTheUrlVerificationChallengeAndReadsNoEventFromIt() {
        String body = "{\"token\":\"Jhj5dZrVaK7ZwHHjRyZWjbDl\",\"challenge\":"
                + "\"3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P\",\"type\":\"url_verification\"}";
        assertThat(adapter.handshake(signedDelivery("application/json", body))).contains(new ProviderReply(
                "application/json", "{\"challenge\":\"3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P\"}"));
    }

    @Test
    void answersNoHandshakeForEventsCommandsOrInteractions() {
        assertThat(adapter.handshake(signed(fixture()))).isEmpty();
        assertThat(adapter.handshake(
                slackDelivery("application/x-www-form-urlencoded", L1_BODY, L1_TIMESTAMP, L1_SIGNATURE))).isEmpty();
    }

    @Test
    void refusesAUrlVerificationWithoutAChallenge() {
        RawDelivery delivery = signedDelivery("application/json", "{\"type\":\"url_verification\",\"token\":\"x\"}");
        assertRejected(() -> adapter.handshake(delivery), Rejection.MALFORMED_ENVELOPE);
    }

    @Test
    void refusesBodiesWithoutTheirIdOrType() {
        for (RawDelivery delivery : List.of(
                signedDelivery("application/json", "{\"type\":\"event_callback\",\"event\":{\"type\":\"message\"}}"),
                signedDelivery("application/json", "{\"type\":\"event_callback\",\"event_id\":\"Ev1\"}"),
                signedDelivery("application/x-www-form-urlencoded", "command=%2Fdeploy&team_id=T1"),
                signedDelivery("application/x-www-form-urlencoded", form("payload", "{\"type\":\"block_actions\"}")),
                signedDelivery("application/x-www-form-urlencoded", "user_id=U1&text=hello"),
                signedDelivery("application/x-www-form-urlencoded", "command=%2Fdeploy&trigger_id=%FF%FE"))) {
            assertRejected(() -> adapter.readEvents(delivery), Rejection.MALFORMED_ENVELOPE);
        }
    }

    @Test
    void refusesAMissingRepeatedOrMalformedTimestampAsSignatureMissing() {
        for (Map<String, List<String>> headers : List.of(
                Map.of("X-Slack-Signature", List.of(L1_SIGNATURE)),
                Map.of("X-Slack-Signature", List.of(L1_SIGNATURE),
                        "X-Slack-Request-Timestamp", List.of(L1_TIMESTAMP, L1_TIMESTAMP)),
                Map.of("X-Slack-Signature", List.of(L1_SIGNATURE), "X-Slack-Request-Timestamp", List.of("-1")),
                Map.of("X-Slack-Signature", List.of(L1_SIGNATURE), "X-Slack-Request-Timestamp", List.of("1.5e9")))) {
            assertRejected(() -> adapter.readSignature(delivery(headers, utf8(L1_BODY))), Rejection.SIGNATURE_MISSING);
        }
    }

    @Test
    void acceptsFormBodiesAsWellAsJson() {
        assertThat(adapter.acceptsContentType("application/x-www-form-urlencoded")).isTrue();
    }

    @Test
    void signsWithinFiveMinutesByDefault() {
        assertThat(adapter.defaultTolerance()).isEqualTo(Duration.ofMinutes(5));
    }
}
