package io.tambat.it.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.TestDatabase;
import java.net.http.HttpResponse;
import java.time.Duration;

/** What every provider's tests assert of an event its provider sends again: one row, processed once. */
final class StoredOnceAssertions {

    private StoredOnceAssertions() {
    }

    /** The first delivery is answered 200 {@code accepted}, the one sent again {@code duplicate}. */
    static void assertAcceptedThenDuplicate(HttpResponse<String> first, HttpResponse<String> again) {
        assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
        assertThat(Http.json(first).getString("status")).isEqualTo("accepted");
        assertThat(Http.json(again).getString("status")).isEqualTo("duplicate");
    }

    /** The event has one inbox row, which processing brings to PROCESSED within {@code limit}. */
    static void assertStoredOnceThenProcessed(TestDatabase db, String provider, String endpoint, String eventId,
            Duration limit) {
        assertThat(db.inboxRows(provider, endpoint, eventId)).isEqualTo(1);
        Eventually.within(limit, () -> assertThat(db.inboxStatus(provider, endpoint, eventId)).isEqualTo("PROCESSED"));
    }
}
