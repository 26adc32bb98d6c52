package io.tambat.composition;

import static io.tambat.composition.Setting.PAYLOADS_S3_PUT_TIMEOUT;
import static io.tambat.composition.Setting.PAYLOAD_ROW_KEYS;
import static io.tambat.composition.Setting.SECRETS_CACHE_TTL;
import static io.tambat.composition.Setting.WEBHOOKS_GROUP_COMMIT_COMMITTERS;
import static io.tambat.composition.Setting.WEBHOOKS_GROUP_COMMIT_MAX_WAIT;
import static io.tambat.composition.Setting.WEBHOOKS_GROUP_COMMIT_MAX_WEIGHT;
import static io.tambat.composition.Setting.WEBHOOKS_RETRY_AFTER;
import static io.tambat.composition.Setting.WEBHOOKS_UNVERIFIED_BYTES;

import io.tambat.adapter.in.http.problem.RetryAdvice;
import io.tambat.adapter.in.http.webhook.UnverifiedBytesBudget;
import io.tambat.application.transaction.GroupCommitSettings;
import io.tambat.application.webhook.IngressSettings;
import io.tambat.application.webhook.RollingUpgrade;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;

/**
 * What webhook intake is built with, read and checked once: {@link IngressSettings} (the secrets cache, the
 * Retry-After and the inbox's group commit), the {@link RetryAdvice} the HTTP edge's 503s share with it, the
 * {@link UnverifiedBytesBudget} of bodies not yet verified, and the {@link RollingUpgrade} that row keys tell
 * intake about.
 */
@ApplicationScoped
public class IngressProducers {

    @Inject
    Config config;

    @Inject
    SettingsReader reader;

    @Inject
    WebhookEndpointsPort endpoints;

    @Inject
    PayloadStoreProducers payloadStore;

    /**
     * A delivery's put of its payload in the object store and its wait for a committer share the time a delivery
     * may wait before it is answered 503, which must leave the commit itself room within a provider's 2 s: by
     * default the wait for a committer is what the put leaves of it.
     */
    @Produces
    @Singleton
    IngressSettings ingressSettings() {
        Duration put = payloadStore.newPayloadPutTimeout();
        if (put.compareTo(SettingsReader.LONGEST_WAIT_BEFORE_ANSWER) >= 0) {
            throw new ConfigurationException(PAYLOADS_S3_PUT_TIMEOUT.key(), "must be below "
                    + SettingsReader.LONGEST_WAIT_BEFORE_ANSWER.toMillis() + " ms: a delivery's put and its wait for "
                    + "a committer share that time");
        }
        GroupCommitSettings groupCommit = reader.groupCommit(WEBHOOKS_GROUP_COMMIT_MAX_WEIGHT,
                WEBHOOKS_GROUP_COMMIT_COMMITTERS, WEBHOOKS_GROUP_COMMIT_MAX_WAIT, 64,
                SettingsReader.LONGEST_WAIT_BEFORE_ANSWER.minus(put));
        if (groupCommit.maxWait().plus(put).compareTo(SettingsReader.LONGEST_WAIT_BEFORE_ANSWER) > 0) {
            throw new ConfigurationException(WEBHOOKS_GROUP_COMMIT_MAX_WAIT.key(), "with the payload object store's "
                    + "put timeout (" + put.toMillis() + " ms) must not exceed "
                    + SettingsReader.LONGEST_WAIT_BEFORE_ANSWER.toMillis() + " ms, or a provider that gives up "
                    + "after 2 s hears nothing");
        }
        return new IngressSettings(reader.duration(SECRETS_CACHE_TTL.key(), "PT30S"),
                reader.duration(WEBHOOKS_RETRY_AFTER.key(), "PT5S"), groupCommit);
    }

    /** The webhook intake's Retry-After, which the HTTP edge's other 503s answer too. */
    @Produces
    @Singleton
    RetryAdvice retryAdvice(IngressSettings ingress) {
        return new RetryAdvice(ingress.retryAfter());
    }

    /**
     * What webhook bodies may hold before they verified, for the whole server ({@code
     * tambat.webhooks.unverified-bytes}): by default a quarter of the heap's maximum, which leaves the rest to the
     * copies verification makes, to verified deliveries on their way to the database and to everything else.
     * Every endpoint's {@code max-body-bytes} must fit in it, or a body of that size could never be read.
     */
    @Produces
    @Singleton
    UnverifiedBytesBudget unverifiedBytesBudget() {
        String key = WEBHOOKS_UNVERIFIED_BYTES.key();
        Optional<String> configured = config.getOptionalValue(key, String.class);
        long budget = configured.map(value -> SettingsReader.bytes(key, value))
                .orElseGet(() -> Runtime.getRuntime().maxMemory() / 4);
        for (WebhookEndpoint endpoint : endpoints.all()) {
            if (endpoint.maxBodyBytes() > budget) {
                throw new ConfigurationException(key, "is " + budget + " bytes"
                        + (configured.isPresent() ? "" : " (a quarter of the heap)")
                        + ", less than the max-body-bytes of endpoint " + endpoint.id().value() + " ("
                        + endpoint.maxBodyBytes() + "): raise it or the heap, or lower that limit");
            }
        }
        return new UnverifiedBytesBudget(budget);
    }

    /**
     * Row keys stay off ({@code tambat.payload.row-keys=false}) only while instances of the release before still
     * run: the same setting says that they may.
     */
    @Produces
    @Singleton
    RollingUpgrade rollingUpgrade() {
        return new RollingUpgrade(!config.getOptionalValue(PAYLOAD_ROW_KEYS.key(), Boolean.class).orElse(true));
    }
}
