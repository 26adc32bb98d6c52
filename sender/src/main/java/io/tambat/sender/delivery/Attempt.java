package io.tambat.sender.delivery;

import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * One delivery attempt, apart from what each provider's format fixes.
 *
 * @param secret the endpoint's secret in the provider's own format
 * @param logicalId the provider's id of the event, the same on every attempt to deliver it
 * @param eventType the event type asked for; without it, the sample's own
 * @param signedAt when the attempt is signed; a sample's event happens at that time too
 * @param redelivery whether the provider sent this event before and now sends it again
 * @param target where the request goes
 * @param signedUrl the URL signed by a provider that signs URLs (Twilio): the target, unless the receiver is
 *     reached through another public URL
 * @param givenBody a body to send instead of the sample's
 */
public record Attempt(
        String secret,
        String logicalId,
        Optional<String> eventType,
        Instant signedAt,
        boolean redelivery,
        URI target,
        URI signedUrl,
        Optional<Body> givenBody) {

    public long unixSeconds() {
        return signedAt.getEpochSecond();
    }

    /** When the attempt is signed, in ISO-8601 to the second: the precision most providers write times in. */
    public String isoSeconds() {
        return signedAt.truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
