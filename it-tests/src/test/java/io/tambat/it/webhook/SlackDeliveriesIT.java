package io.tambat.it.webhook;

import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static io.tambat.it.webhook.StoredOnceAssertions.assertAcceptedThenDuplicate;
import static io.tambat.it.webhook.StoredOnceAssertions.assertStoredOnceThenProcessed;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Http;
import io.tambat.sender.signing.SlackSigner;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Slack deliveries through the deployed server: the URL verification answered and never stored, an Events API
 * event stored once across Slack's retries and recorded for its workspace, a slash command, and the signed
 * timestamp's five minutes.
 */
class SlackDeliveriesIT extends DeployedTambatTest {

    private static final String ENDPOINT = "slack-main";
    private static final String SECRET = "tambat-it-slack-signing-secret";
    private static final Duration CONVERGENCE = Duration.ofSeconds(30);

    @Test
    void answersTheUrlVerificationChallengeOnlyWhenSignedAndStoresNothing() {
        String challenge = "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P-" + UUID.randomUUID();
        byte[] body = utf8("{\"token\":\"Jhj5dZrVaK7ZwHHjRyZWjbDl\",\"challenge\":\"" + challenge
                + "\",\"type\":\"url_verification\"}");
        long rowsBefore = slackRows();
        double answeredBefore = answeredCount();

        HttpResponse<String> answered = send(body, "application/json", Instant.now());
        HttpResponse<String> forged = Http.post(uri(), body, "Content-Type", "application/json",
                "X-Slack-Request-Timestamp", Long.toString(Instant.now().getEpochSecond()),
                "X-Slack-Signature", SlackSigner.signature("not-the-secret", Instant.now().getEpochSecond(), body));

        assertThat(answered.statusCode()).isEqualTo(200);
        assertThat(answered.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/json"));
        assertThat(Http.json(answered).getString("challenge")).isEqualTo(challenge);
        assertProblem(forged, 401, "signature_invalid");
        assertThat(forged.body()).doesNotContain(challenge);
        assertThat(slackRows()).isEqualTo(rowsBefore);
        assertThat(answeredCount()).isEqualTo(answeredBefore + 1);
    }

    @Test
    void storesAnEventOnceAcrossSlacksRetriesAndRecordsItForTheWorkspace() {
        String eventId = "Ev" + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toUpperCase();
        String team = "T" + UUID.randomUUID().toString().replace("-", "").substring(0, 10).toUpperCase();
        byte[] body = utf8("{\"token\":\"XXYYZZ\",\"team_id\":\"" + team + "\",\"api_app_id\":\"A0PNCHHK2\","
                + "\"event\":{\"type\":\"app_mention\",\"user\":\"U061F7AUR\",\"text\":\"caf\u00e9\","
                + "\"ts\":\"1515449522.000016\",\"channel\":\"C123ABC456\"},\"type\":\"event_callback\","
                + "\"event_id\":\"" + eventId + "\",\"event_time\":1515449522}");

        HttpResponse<String> first = send(body, "application/json", Instant.now());
        long retryAt = Instant.now().plusSeconds(1).getEpochSecond();
        HttpResponse<String> retry = Http.post(uri(), body, "Content-Type", "application/json",
                "X-Slack-Request-Timestamp", Long.toString(retryAt), "X-Slack-Signature",
                SlackSigner.signature(SECRET, retryAt, body), "X-Slack-Retry-Num", "1",
                "X-Slack-Retry-Reason", "http_timeout");

        assertAcceptedThenDuplicate(first, retry);
        assertThat(Http.json(retry).getString("inbox_id")).isEqualTo(Http.json(first).getString("inbox_id"));
        assertStoredOnceThenProcessed(db, "slack", ENDPOINT, eventId, CONVERGENCE);
        assertThat(new AdminClient(ArquillianServer.baseUri()).objectState("slack", "account", team)
                .getString("state")).isEqualTo("app_mention");
    }

    @Test
    void storesASlashCommandByItsTriggerIdAndRefusesOneSignedTooLongAgo() {
        String trigger = Math.abs(UUID.randomUUID().getMostSignificantBits()) + ".47445629121.803a0bc887";
        byte[] body = utf8("token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&user_id=U2CERLKJA&command=%2Fdeploy"
                + "&text=" + URLEncoder.encode("prod caf\u00e9", StandardCharsets.UTF_8) + "&trigger_id=" + trigger);

        assertProblem(send(body, "application/x-www-form-urlencoded", Instant.now().minusSeconds(301)), 401,
                "timestamp_stale");
        assertThat(db.inboxRows("slack", ENDPOINT, trigger)).isZero();
        HttpResponse<String> accepted = send(body, "application/x-www-form-urlencoded", Instant.now());

        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        assertThat(db.rows("SELECT event_type FROM webhook_inbox WHERE provider = 'slack' AND endpoint_id = ? "
                + "AND provider_event_id = ?", ENDPOINT, trigger).get(0).get("event_type")).isEqualTo("slash_command");
    }

    private static HttpResponse<String> send(byte[] body, String contentType, Instant signedAt) {
        return Http.post(uri(), body, "Content-Type", contentType,
                "X-Slack-Request-Timestamp", Long.toString(signedAt.getEpochSecond()),
                "X-Slack-Signature", SlackSigner.signature(SECRET, signedAt.getEpochSecond(), body));
    }

    /** The requests counted as {@code answered}: verified protocol steps, which store nothing. */
    private static double answeredCount() {
        String metrics = Http.send(Http.request(ArquillianServer.baseUri().resolve("metrics")).GET().build()).body();
        return metrics.lines()
                .filter(line -> line.startsWith("tambat_webhook_requests_total{"))
                .filter(line -> line.contains("outcome=\"answered\""))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
    }

    private long slackRows() {
        return db.count("SELECT count(*) FROM webhook_inbox WHERE provider = 'slack'");
    }

    private static URI uri() {
        return ArquillianServer.baseUri().resolve("webhooks/slack/" + ENDPOINT);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
