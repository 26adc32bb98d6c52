package io.tambat.it.webhook;

import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static io.tambat.it.webhook.StoredOnceAssertions.assertAcceptedThenDuplicate;
import static io.tambat.it.webhook.StoredOnceAssertions.assertStoredOnceThenProcessed;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Http;
import io.tambat.sender.signing.TwilioSigner;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Twilio deliveries through the deployed server, signed over the endpoint's configured public URL, which is not
 * the address the test reaches: a status callback stored once however its parameters are ordered, a URL rebuilt
 * from the request's own headers refused, and a JSON body checked against its {@code bodySHA256}.
 */
class TwilioDeliveriesIT extends DeployedTambatTest {

    private static final String ENDPOINT = "twilio-main";
    private static final String TOKEN = "12345";
    private static final String PUBLIC_URL = "https://hooks.example.com/webhooks/twilio/twilio-main";
    private static final Duration CONVERGENCE = Duration.ofSeconds(30);

    @Test
    void storesAStatusCallbackOnceInWhateverOrderItsParametersComeAndRecordsItForTheAccount() {
        String account = "AC" + hex32();
        String message = "SM" + hex32();
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("AccountSid", account);
        parameters.put("MessageSid", message);
        parameters.put("MessageStatus", "delivered");
        parameters.put("To", "+15558675310");
        parameters.put("Body", "Caf\u00e9 ready");
        String signature = sign(PUBLIC_URL, parameters);

        HttpResponse<String> first = post(form(parameters, false), signature, "");
        HttpResponse<String> reordered = post(form(parameters, true), signature, "");

        assertAcceptedThenDuplicate(first, reordered);
        assertStoredOnceThenProcessed(db, "twilio", ENDPOINT, message + ":delivered", CONVERGENCE);
        assertThat(new AdminClient(ArquillianServer.baseUri()).objectState("twilio", "account", account)
                .getString("state")).isEqualTo("message.delivered");
    }

    @Test
    void refusesASignatureOverAUrlTheRequestsOwnHeadersName() {
        Map<String, String> parameters = Map.of("AccountSid", "AC" + hex32(), "MessageSid", "SM" + hex32(),
                "MessageStatus", "sent");
        URI local = uri("");
        String forgedUrl = "https://attacker.example/webhooks/twilio/" + ENDPOINT;

        HttpResponse<String> overLocalAddress = post(form(parameters, false),
                sign(local.toString(), parameters), "");
        HttpResponse<String> overForwardedHost = Http.post(local, form(parameters, false),
                "Content-Type", "application/x-www-form-urlencoded", "X-Forwarded-Host", "attacker.example",
                "X-Forwarded-Proto", "https", "X-Twilio-Signature", sign(forgedUrl, parameters));

        assertProblem(overLocalAddress, 401, "signature_invalid");
        assertProblem(overForwardedHost, 401, "signature_invalid");
        assertThat(db.count("SELECT count(*) FROM webhook_inbox WHERE provider = 'twilio' AND provider_event_id = ?",
                parameters.get("MessageSid") + ":sent")).isZero();
    }

    @Test
    void acceptsAJsonBodyWhoseDigestTheSignedUrlCarriesAndRefusesItTampered() {
        String id = "EV" + hex32();
        byte[] body = ("{\"id\":\"" + id + "\",\"type\":\"com.twilio.messaging.message.delivered\","
                + "\"data\":{\"messageSid\":\"SM1\"}}").getBytes(StandardCharsets.UTF_8);
        String query = "?bodySHA256=" + sha256Hex(body);
        String signature = sign(PUBLIC_URL + query, Map.of());

        HttpResponse<String> tampered = Http.post(uri(query), new String(body, StandardCharsets.UTF_8)
                .replace("SM1", "SM2").getBytes(StandardCharsets.UTF_8), "Content-Type", "application/json",
                "X-Twilio-Signature", signature);
        HttpResponse<String> accepted = Http.post(uri(query), body, "Content-Type", "application/json",
                "X-Twilio-Signature", signature);

        assertProblem(tampered, 401, "signature_invalid");
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        assertThat(db.inboxRows("twilio", ENDPOINT, id)).isEqualTo(1);
    }

    @Test
    void refusesAQueryStringNoUrlCanHoldAsUnsignedRatherThanFailing() throws IOException {
        Map<String, String> parameters = Map.of("AccountSid", "AC" + hex32(), "MessageSid", "SM" + hex32());
        byte[] form = form(parameters, false);
        URI endpoint = uri("");
        String head = "POST " + endpoint.getRawPath() + "?tenant=a|b HTTP/1.1\r\nHost: " + endpoint.getHost() + "\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nX-Twilio-Signature: "
                + sign(PUBLIC_URL + "?tenant=a|b", parameters) + "\r\nContent-Length: " + form.length
                + "\r\nConnection: close\r\n\r\n";
        try (Socket socket = new Socket(endpoint.getHost(), endpoint.getPort())) {
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(form);
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(answer).startsWith("HTTP/1.1 401").contains("\"code\":\"signature_invalid\"");
        }
        assertThat(db.inboxRows("twilio", ENDPOINT, parameters.get("MessageSid"))).isZero();
    }

    private static String sign(String url, Map<String, String> parameters) {
        return TwilioSigner.signature(TOKEN, url, parameters.entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, entry -> List.of(entry.getValue()))));
    }

    private static HttpResponse<String> post(byte[] form, String signature, String query) {
        return Http.post(uri(query), form, "Content-Type", "application/x-www-form-urlencoded",
                "X-Twilio-Signature", signature);
    }

    private static byte[] form(Map<String, String> parameters, boolean reversed) {
        var entries = new java.util.ArrayList<>(parameters.entrySet());
        if (reversed) {
            java.util.Collections.reverse(entries);
        }
        return entries.stream()
                .map(entry -> URLEncoder.encode(entry.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(entry.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&")).getBytes(StandardCharsets.UTF_8);
    }

    private static URI uri(String query) {
        return ArquillianServer.baseUri().resolve("webhooks/twilio/" + ENDPOINT + query);
    }

    private static String hex32() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    private static String sha256Hex(byte[] body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
