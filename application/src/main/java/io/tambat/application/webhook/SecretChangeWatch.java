package io.tambat.application.webhook;

import io.tambat.application.work.InstanceTask;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;

/**
 * Follows secret changes made by any instance, on every instance (processing or not): a look at the store's
 * revisions every {@link #EVERY}. A failed look leaves the cache to its TTL until the store answers again.
 */
@ApplicationScoped
public class SecretChangeWatch extends InstanceTask {

    static final Duration EVERY = Duration.ofMillis(250);

    @Inject
    TrustedSecrets secrets;

    @Override
    protected void turn() {
        secrets.followChanges();
    }

    @Override
    protected Duration firstAfter() {
        return Duration.ZERO;
    }

    @Override
    protected Duration every() {
        return EVERY;
    }

    @Override
    protected String whileFailing() {
        return "secret changes cannot be followed ({0}); cached secrets live out their TTL";
    }

    @Override
    protected String onceRecovered() {
        return "secret changes are followed again";
    }
}
