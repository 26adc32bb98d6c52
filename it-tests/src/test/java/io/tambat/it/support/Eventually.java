package io.tambat.it.support;

import java.time.Duration;
import java.time.Instant;

/** Retries an assertion until it holds or the time is up, for effects that happen after an answer. */
public final class Eventually {

    private Eventually() {
    }

    public static void within(Duration limit, Runnable assertion) {
        Instant deadline = Instant.now().plus(limit);
        while (true) {
            try {
                assertion.run();
                return;
            } catch (AssertionError | RuntimeException e) {
                if (Instant.now().isAfter(deadline)) {
                    throw e;
                }
                TambatServerProcess.sleep(Duration.ofMillis(200));
            }
        }
    }
}
