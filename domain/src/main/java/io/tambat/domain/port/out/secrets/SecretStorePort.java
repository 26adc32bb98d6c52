package io.tambat.domain.port.out.secrets;

import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SecretReadability;
import io.tambat.domain.model.webhook.SecretVersionInfo;
import io.tambat.domain.model.webhook.TrustedVersions;
import io.tambat.provider.spi.SecretVersion;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Trusted signing-secret versions per endpoint. Secret material is encrypted at rest. Every method may
 * throw {@link io.tambat.domain.error.StoreUnavailableException} when the store cannot answer; callers then
 * fail closed.
 */
public interface SecretStorePort {

    /**
     * Every version not retired: those that open with the configured payload keys, newest first, and the names
     * of those that do not (sealed under a key no longer configured here). Both empty when the endpoint has none.
     */
    TrustedVersions trustedVersions(EndpointId endpoint);

    /**
     * Every trusted version of every endpoint, ordered by endpoint and version, with the payload key that seals it
     * and whether it opens with the configured keys: names only, never material. Reads what is committed; a
     * version trusted or re-sealed after the read shows at the next.
     */
    List<SecretReadability> secretReadability();

    /**
     * Adds the configured versions that the store has never seen. A version the store knows (trusted or
     * retired) is left as it is, so a retirement survives a restart with the old configuration.
     * Safe to run concurrently from several instances.
     */
    void seed(EndpointId endpoint, List<SecretVersion> configured, Instant now);

    /**
     * Trusts a new version, raising the endpoint's revision in the same transaction.
     *
     * @return false when the version exists already (trusted or retired); nothing is changed then
     */
    boolean add(EndpointId endpoint, SecretVersion version, Instant now);

    /**
     * Retires a version at once, raising the endpoint's revision in the same transaction.
     *
     * @return false when no trusted version of that name exists
     */
    boolean retire(EndpointId endpoint, String version, Instant now);

    /** Every version ever stored for the endpoint, with its life cycle and last match, oldest first. */
    List<SecretVersionInfo> describe(EndpointId endpoint);

    /**
     * The committed revision of every endpoint whose secrets were ever changed at run time. A revision only
     * grows; a caller that saw another value for an endpoint knows its secrets changed since.
     */
    Map<EndpointId, Long> revisions();
}
