package io.tambat.domain.model.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TokenBucketTest {

    private final Instant start = Instant.parse("2026-11-29T10:00:00Z");

    @Test
    void allowsABurstEqualToTheRateThenRefusesWithTheWaitUntilTheNextToken() {
        TokenBucket bucket = new TokenBucket(4, start);

        for (int i = 0; i < 4; i++) {
            assertThat(bucket.tryAcquire(start)).isEmpty();
        }

        assertThat(bucket.tryAcquire(start)).contains(Duration.ofMillis(250));
    }

    @Test
    void refillsInProportionToElapsedTimeUpToTheBurst() {
        TokenBucket bucket = new TokenBucket(2, start);
        bucket.tryAcquire(start);
        bucket.tryAcquire(start);

        assertThat(bucket.tryAcquire(start.plusMillis(500))).isEmpty();
        assertThat(bucket.tryAcquire(start.plusMillis(500))).isPresent();
        Instant muchLater = start.plusSeconds(60);
        assertThat(bucket.tryAcquire(muchLater)).isEmpty();
        assertThat(bucket.tryAcquire(muchLater)).isEmpty();
        assertThat(bucket.tryAcquire(muchLater)).isPresent();
    }
}
