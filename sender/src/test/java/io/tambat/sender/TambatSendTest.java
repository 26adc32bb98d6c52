package io.tambat.sender;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.sender.signing.GitHubSigner;
import io.tambat.sender.signing.StripeSigner;
import io.tambat.sender.signing.TwilioSigner;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TambatSendTest {

    private static final Instant NOW = Instant.parse("2024-11-05T09:51:00Z");
    private static final String STRIPE_SECRET = "whsec_test_secret";
    private static final String GITHUB_SECRET = "It's a Secret to Everybody";

    private Receiver receiver;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void startReceiver() throws IOException {
        receiver = Receiver.http(200, "{\"status\":\"accepted\",\"inbox_id\":\"inbox-1\"}");
    }

    @AfterEach
    void stopReceiver() {
        receiver.close();
    }

    @Test
    void deliversTheSignedSampleAndExitsZeroOnA2xx() {
        int status = send(NOW, "stripe", url("stripe"), "--secret", STRIPE_SECRET);

        assertThat(status).isZero();
        Receiver.Received request = receiver.last();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.uri().getPath()).isEqualTo("/webhooks/stripe/demo");
        assertThat(request.header("Content-Type")).isEqualTo("application/json");
        assertThat(request.header("Stripe-Signature"))
                .isEqualTo(StripeSigner.signatureHeader(STRIPE_SECRET, NOW.getEpochSecond(), request.body()));
        String logicalId = json(request.body()).getString("id");
        assertThat(output()).contains("> POST " + url("stripe"), "> Stripe-Signature: t=" + NOW.getEpochSecond(),
                "logical id " + logicalId + " (send it again with --retry-of " + logicalId + ")", "< 200",
                "\"inbox_id\":\"inbox-1\"", "(" + request.body().length + " bytes)");
    }

    @Test
    void exitsOneWhenTheAnswerIsNot2xx() throws IOException {
        try (Receiver refusing = Receiver.http(401, "{\"code\":\"signature_invalid\"}")) {
            int status = send(NOW, "github", refusing.url("/webhooks/github/demo").toString(), "--secret", "wrong");

            assertThat(status).isEqualTo(1);
            assertThat(output()).contains("< 401", "signature_invalid");
        }
    }

    @Test
    void exitsOneWhenNothingAnswers() throws IOException {
        String closed;
        try (Receiver gone = Receiver.http(200, "")) {
            closed = gone.url("/webhooks/github/demo").toString();
        }

        assertThat(send(NOW, "github", closed, "--secret", GITHUB_SECRET)).isEqualTo(1);
        assertThat(errors()).contains("could not deliver to " + closed);
    }

    @Test
    void exitsTwoWithTheUsageOnABadCommandLine() {
        assertThat(send(NOW, "stripe", url("stripe"))).isEqualTo(2);
        assertThat(errors()).contains("tambat-send: --secret is required", "usage: tambat-send");
        assertThat(receiver.received()).isEmpty();
    }

    @Test
    void exitsTwoOnASecretTheProviderRefuses() {
        assertThat(send(NOW, "standard", url("standard"), "--secret", "not-whsec")).isEqualTo(2);
        assertThat(errors()).contains("a Standard Webhooks secret is whsec_");
        assertThat(receiver.received()).isEmpty();
    }

    @Test
    void printsTheUsageOnHelp() {
        assertThat(send(NOW, "--help")).isZero();
        assertThat(output()).startsWith("usage: tambat-send");
    }

    @Test
    void eventTypeChoosesTheType() {
        send(NOW, "github", url("github"), "--secret", GITHUB_SECRET, "--event-type", "ping");

        assertThat(receiver.last().header("X-GitHub-Event")).isEqualTo("ping");
    }

    @Test
    void staleSignsWithATimestampTenMinutesOld() {
        send(NOW, "stripe", url("stripe"), "--secret", STRIPE_SECRET, "--stale");

        Receiver.Received request = receiver.last();
        assertThat(request.header("Stripe-Signature")).isEqualTo(StripeSigner.signatureHeader(STRIPE_SECRET,
                NOW.getEpochSecond() - 600, request.body()));
        assertThat(errors()).isEmpty();
    }

    @Test
    void staleSaysSoWhenTheProviderSignsNoTimestamp() {
        assertThat(send(NOW, "github", url("github"), "--secret", GITHUB_SECRET, "--stale")).isZero();
        assertThat(errors()).contains("github signs no timestamp: --stale changes nothing");
    }

    @Test
    void tamperChangesOneByteAfterSigning() {
        send(NOW, "stripe", url("stripe"), "--secret", STRIPE_SECRET, "--retry-of", "evt_same");
        send(NOW, "stripe", url("stripe"), "--secret", STRIPE_SECRET, "--retry-of", "evt_same", "--tamper");

        Receiver.Received honest = receiver.received().get(0);
        Receiver.Received tampered = receiver.received().get(1);
        assertThat(tampered.header("Stripe-Signature")).isEqualTo(honest.header("Stripe-Signature"));
        assertThat(differingBytes(honest.body(), tampered.body())).hasSize(1);
        assertThat(errors()).contains("--tamper: byte ").contains(" after signing");
    }

    @Test
    void tamperSaysSoWhenTheSignatureDoesNotCoverTheBody() {
        send(NOW, "gitlab", url("gitlab"), "--secret", "glpat-token", "--tamper");

        assertThat(errors()).contains("gitlab's signature does not cover every byte of the body");
    }

    @Test
    void retryOfResendsTheSameLogicalIdWithANewAttemptSignature() {
        send(NOW, "stripe", url("stripe"), "--secret", STRIPE_SECRET, "--retry-of", "evt_original");
        send(NOW.plusSeconds(5), "stripe", url("stripe"), "--secret", STRIPE_SECRET, "--retry-of", "evt_original");

        List<Receiver.Received> attempts = receiver.received();
        assertThat(attempts).extracting(attempt -> json(attempt.body()).getString("id"))
                .containsExactly("evt_original", "evt_original");
        assertThat(attempts.get(1).header("Stripe-Signature")).isNotEqualTo(attempts.get(0).header("Stripe-Signature"));
    }

    @Test
    void retryOfKeepsAHeaderIdAndMarksASlackRetry() {
        send(NOW, "github", url("github"), "--secret", GITHUB_SECRET, "--retry-of", "delivery-1");
        assertThat(receiver.last().header("X-GitHub-Delivery")).isEqualTo("delivery-1");

        send(NOW, "slack", url("slack"), "--secret", "slack-secret", "--retry-of", "Ev1");
        assertThat(receiver.last().header("X-Slack-Retry-Num")).isEqualTo("1");
        assertThat(json(receiver.last().body()).getString("event_id")).isEqualTo("Ev1");
    }

    @Test
    void bodySendsTheFileByteForByte(@TempDir Path directory) throws IOException {
        byte[] bytes = {'{', '"', 'a', '"', ':', '"', (byte) 0xff, '"', '}', '\n'};
        Path file = Files.write(directory.resolve("event.json"), bytes);

        send(NOW, "github", url("github"), "--secret", GITHUB_SECRET, "--body", file.toString());

        Receiver.Received request = receiver.last();
        assertThat(request.body()).isEqualTo(bytes);
        assertThat(request.header("Content-Type")).isEqualTo("application/json");
        assertThat(request.header("X-Hub-Signature-256")).isEqualTo(GitHubSigner.signatureHeader(GITHUB_SECRET, bytes));
    }

    @Test
    void bodyThatCannotBeReadIsAUsageError(@TempDir Path directory) {
        assertThat(send(NOW, "github", url("github"), "--secret", GITHUB_SECRET, "--body",
                directory.resolve("missing.json").toString())).isEqualTo(2);
        assertThat(errors()).contains("cannot read --body");
    }

    @Test
    void refusesABodyItCannotSendOrTamperWith(@TempDir Path directory) throws IOException {
        Path empty = Files.write(directory.resolve("empty"), new byte[0]);
        Path json = Files.writeString(directory.resolve("notification.json"), "{\"live\":\"false\"}");

        assertThat(send(NOW, "github", url("github"), "--secret", GITHUB_SECRET, "--body", empty.toString(),
                "--tamper")).isEqualTo(2);
        assertThat(send(NOW, "adyen", url("adyen"), "--secret", "44782DEF", "--body", json.toString())).isEqualTo(2);
        assertThat(errors()).contains("an empty body has no byte to change", "adyen signs inside its body");
        assertThat(receiver.received()).isEmpty();
    }

    @Test
    void publicUrlIsTheUrlTwilioSigns() {
        String publicUrl = "https://hooks.example.com/webhooks/twilio/demo";

        send(NOW, "twilio", url("twilio"), "--secret", "12345", "--public-url", publicUrl);

        Receiver.Received request = receiver.last();
        assertThat(request.uri().getPath()).isEqualTo("/webhooks/twilio/demo");
        assertThat(request.header("X-Twilio-Signature")).isEqualTo(TwilioSigner.signature("12345", publicUrl,
                TwilioSigner.formParameters(request.body())));
    }

    @Test
    void publicUrlSaysSoForAProviderThatSignsNoUrl() {
        send(NOW, "stripe", url("stripe"), "--secret", STRIPE_SECRET, "--public-url", "https://hooks.example.com/x");

        assertThat(errors()).contains("stripe signs no URL: --public-url changes nothing");
    }

    @Test
    void printsSignaturesCutShortAndNeverTheSecret() {
        send(NOW, "gitlab", url("gitlab"), "--secret", "glpat-a-token-of-the-endpoint");
        send(NOW, "stripe", url("stripe"), "--secret", STRIPE_SECRET);

        String signature = receiver.last().header("Stripe-Signature");
        assertThat(output())
                .contains("> X-Gitlab-Token: (the --secret)",
                        "> Stripe-Signature: " + signature.substring(0, 40) + "...")
                .doesNotContain("glpat-a-token-of-the-endpoint", signature);
    }

    @Test
    void insecureTrustsTheSelfSignedCertificateOfALocalServer(@TempDir Path directory) throws Exception {
        char[] password = "changeit".toCharArray();
        Path keyStore = selfSignedKeyStore(directory, password);
        try (Receiver tls = Receiver.https(keyStore, password)) {
            String url = tls.url("/webhooks/github/demo").toString();

            assertThat(send(NOW, "github", url, "--secret", GITHUB_SECRET)).isEqualTo(1);
            assertThat(errors()).contains("could not deliver to " + url);
            assertThat(send(NOW, "github", url, "--secret", GITHUB_SECRET, "--insecure")).isZero();
            assertThat(tls.received()).hasSize(1);
        }
    }

    private int send(Instant now, String... args) {
        return TambatSend.run(args, new PrintStream(out, true, UTF_8), new PrintStream(err, true, UTF_8),
                Clock.fixed(now, ZoneOffset.UTC));
    }

    private String url(String provider) {
        return receiver.url("/webhooks/" + provider + "/demo").toString();
    }

    private String output() {
        return out.toString(UTF_8);
    }

    private String errors() {
        return err.toString(UTF_8);
    }

    private static JsonObject json(byte[] body) {
        return Json.createReader(new ByteArrayInputStream(body)).readObject();
    }

    private static List<Integer> differingBytes(byte[] one, byte[] other) {
        assertThat(other).hasSameSizeAs(one);
        List<Integer> offsets = new ArrayList<>();
        for (int i = 0; i < one.length; i++) {
            if (one[i] != other[i]) {
                offsets.add(i);
            }
        }
        return offsets;
    }

    /** A key pair for CN=localhost, made by the JDK's keytool: the JDK has no API that issues a certificate. */
    private static Path selfSignedKeyStore(Path directory, char[] password) throws IOException, InterruptedException {
        Path keyStore = directory.resolve("self-signed.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "localhost", "-keyalg", "EC", "-groupname", "secp256r1",
                "-dname", "CN=localhost", "-validity", "2", "-storetype", "PKCS12",
                "-keystore", keyStore.toString(), "-storepass", new String(password))
                .redirectErrorStream(true)
                .start();
        keytool.getInputStream().transferTo(OutputStream.nullOutputStream());
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            throw new IllegalStateException("keytool could not make a key pair");
        }
        return keyStore;
    }
}
