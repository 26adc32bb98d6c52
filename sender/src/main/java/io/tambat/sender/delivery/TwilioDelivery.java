package io.tambat.sender.delivery;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.tambat.sender.signing.TwilioSigner;
import java.net.URI;
import java.net.URLEncoder;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Twilio: a message status callback, form-encoded, whose {@code MessageStatus} is {@code delivered} (or the status
 * asked for as the event type). The logical id is {@code I-Twilio-Idempotency-Token}. A given JSON body is sent
 * the way Twilio sends JSON: the target URL and the signed URL both gain its {@code bodySHA256}.
 */
final class TwilioDelivery {

    private static final String DEFAULT_STATUS = "delivered";
    private static final String MESSAGE_SID = "SM1f0e8ae6ade43cb3c0ce4525424e404f";

    static final ProviderDelivery DELIVERY = new ProviderDelivery("twilio", Set.of(Signed.URL, Signed.BODY),
            LogicalIds::uuid, TwilioDelivery::sample, TwilioDelivery::signed);

    private TwilioDelivery() {
    }

    private static WebhookRequest signed(Attempt attempt, Body body) {
        if (body.isJson()) {
            String signedUrl = TwilioSigner.withBodyHash(attempt.signedUrl().toString(), body.bytes());
            URI target = URI.create(TwilioSigner.withBodyHash(attempt.target().toString(), body.bytes()));
            return WebhookRequest.of(target, body,
                    TwilioSigner.headers(attempt.secret(), signedUrl, Map.of(), attempt.logicalId()));
        }
        Map<String, List<String>> parameters = TwilioSigner.formParameters(body.bytes());
        return WebhookRequest.of(attempt.target(), body, TwilioSigner.headers(attempt.secret(),
                attempt.signedUrl().toString(), parameters, attempt.logicalId()));
    }

    private static Body sample(Attempt attempt) {
        String status = attempt.eventType().orElse(DEFAULT_STATUS);
        List<Map.Entry<String, String>> parameters = List.of(
                Map.entry("ApiVersion", "2010-04-01"),
                Map.entry("AccountSid", "AC2a0747eba6abf96b7e3c3ff0b4530f6e"),
                Map.entry("MessageSid", MESSAGE_SID),
                Map.entry("SmsSid", MESSAGE_SID),
                Map.entry("MessageStatus", status),
                Map.entry("SmsStatus", status),
                Map.entry("From", "+15017122661"),
                Map.entry("To", "+15558675310"));
        return Body.form(parameters.stream()
                .map(p -> Stream.of(p.getKey(), p.getValue())
                        .map(text -> URLEncoder.encode(text, UTF_8))
                        .collect(Collectors.joining("=")))
                .collect(Collectors.joining("&")));
    }
}
