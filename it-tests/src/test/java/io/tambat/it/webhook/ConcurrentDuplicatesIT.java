package io.tambat.it.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AtOnce;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Http;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** One logical event delivered many times at once, or retried later: one row, one unit of work. */
class ConcurrentDuplicatesIT extends DeployedTambatTest {

    private static final int COPIES = 200;

    @Test
    void concurrentCopiesOfOneEventLeaveOneInboxRowAndOneOutboxRow() {
        String eventId = StripeDeliveries.newEventId();
        byte[] body = StripeDeliveries.event(eventId, "payment_intent.succeeded");
        long signedAt = Instant.now().getEpochSecond();

        List<HttpResponse<String>> answers = AtOnce.run(COPIES,
                () -> StripeDeliveries.send("stripe-main", StripeDeliveries.MAIN_SECRET, signedAt, body));

        List<String> statuses = new ArrayList<>();
        List<String> inboxIds = new ArrayList<>();
        for (HttpResponse<String> answer : answers) {
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            statuses.add(Http.json(answer).getString("status"));
            inboxIds.add(Http.json(answer).getString("inbox_id"));
        }
        Map<String, Long> byStatus = statuses.stream()
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        assertThat(byStatus).containsEntry("accepted", 1L).containsEntry("duplicate", (long) COPIES - 1);
        assertThat(inboxIds).containsOnly(inboxIds.get(0));
        assertThat(db.inboxRows("stripe", "stripe-main", eventId)).isEqualTo(1);
    }

    @Test
    void retryWithNewTimestampAndSignatureIsADuplicateNotARejection() {
        String eventId = StripeDeliveries.newEventId();
        byte[] body = StripeDeliveries.event(eventId, "payment_intent.succeeded");
        long firstAttempt = Instant.now().getEpochSecond() - 120;
        HttpResponse<String> first = StripeDeliveries.send("stripe-main", StripeDeliveries.MAIN_SECRET,
                firstAttempt, body);

        HttpResponse<String> retry = StripeDeliveries.send("stripe-main", StripeDeliveries.MAIN_SECRET,
                firstAttempt + 60, body);

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(retry.statusCode()).isEqualTo(200);
        assertThat(Http.json(retry).getString("status")).isEqualTo("duplicate");
        assertThat(Http.json(retry).getString("inbox_id")).isEqualTo(Http.json(first).getString("inbox_id"));
        assertThat(db.inboxRows("stripe", "stripe-main", eventId)).isEqualTo(1);
    }
}
