package io.tambat.adapter.out.persistence.secrets;

import io.tambat.adapter.out.crypto.AesGcmPayloadCipher;
import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.adapter.out.persistence.jdbc.KeyedNumber;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.model.webhook.SecretReadability;
import io.tambat.domain.model.webhook.SecretVersionInfo;
import io.tambat.domain.model.webhook.TrustedVersions;
import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import io.tambat.domain.port.out.secrets.SecretStorePort;
import io.tambat.provider.spi.SecretVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Secret versions on PostgreSQL, sealed with the payload keys and bound to their endpoint and version, so a
 * ciphertext copied to another row does not open. The last match is derived from the inbox rather than
 * written on every delivery, which would make one row the hottest in the database.
 */
@ApplicationScoped
class JpaSecretStoreAdapter implements SecretStorePort {

    private static final String INSERT_IF_ABSENT = """
            INSERT INTO webhook_secret (endpoint_id, version, secret_ciphertext, secret_key_id, created_at)
            VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (endpoint_id, version) DO NOTHING""";

    private static final String RETIRE = """
            UPDATE webhook_secret SET retired_at = ?1
            WHERE endpoint_id = ?2 AND version = ?3 AND retired_at IS NULL""";

    private static final String RAISE_REVISION = """
            INSERT INTO webhook_secret_revision (endpoint_id, revision) VALUES (?1, 1)
            ON CONFLICT (endpoint_id) DO UPDATE SET revision = webhook_secret_revision.revision + 1""";

    private static final String REVISIONS = "SELECT endpoint_id, revision FROM webhook_secret_revision";

    private static final String LAST_MATCH = """
            SELECT max(received_at) FROM webhook_inbox WHERE endpoint_id = ?1 AND matched_secret_version = ?2""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Inject
    PayloadCipherPort cipher;

    /**
     * A version sealed under a payload key that is not configured here is named rather than opened, and rather
     * than failing the whole endpoint: the versions that open still verify.
     */
    @Override
    public TrustedVersions trustedVersions(EndpointId endpoint) {
        return StorageCalls.call("secret lookup", () -> {
            List<SecretVersion> usable = new ArrayList<>();
            List<String> unopened = new ArrayList<>();
            for (WebhookSecretJpaEntity row : em.createQuery("""
                            SELECT s FROM WebhookSecretJpaEntity s
                            WHERE s.endpointId = :endpoint AND s.retiredAt IS NULL
                            ORDER BY s.createdAt DESC, s.version DESC""", WebhookSecretJpaEntity.class)
                    .setParameter("endpoint", endpoint.value())
                    .getResultList()) {
                open(row).ifPresentOrElse(usable::add, () -> unopened.add(row.version));
            }
            return new TrustedVersions(usable, unopened);
        });
    }

    @Override
    public List<SecretReadability> secretReadability() {
        return StorageCalls.call("secret readability", () -> em.createQuery("""
                        SELECT s FROM WebhookSecretJpaEntity s WHERE s.retiredAt IS NULL
                        ORDER BY s.endpointId, s.version""", WebhookSecretJpaEntity.class)
                .getResultList()
                .stream()
                .map(row -> new SecretReadability(new EndpointId(row.endpointId), row.version,
                        AesGcmPayloadCipher.keyIdOf(row.secretKeyId), open(row).isPresent()))
                .toList());
    }

    @Override
    public void seed(EndpointId endpoint, List<SecretVersion> configured, Instant now) {
        configured.forEach(version -> insertIfAbsent(endpoint, version, now));
    }

    @Override
    public boolean add(EndpointId endpoint, SecretVersion version, Instant now) {
        boolean added = insertIfAbsent(endpoint, version, now);
        if (added) {
            raiseRevision(endpoint);
        }
        return added;
    }

    @Override
    public boolean retire(EndpointId endpoint, String version, Instant now) {
        boolean retired = StorageCalls.call("secret retirement", () -> em.createNativeQuery(RETIRE)
                .setParameter(1, Timestamp.from(now))
                .setParameter(2, endpoint.value())
                .setParameter(3, version)
                .executeUpdate()) == 1;
        if (retired) {
            raiseRevision(endpoint);
        }
        return retired;
    }

    @Override
    public Map<EndpointId, Long> revisions() {
        return StorageCalls.call("secret revisions", () -> NativeResults.rows(em.createNativeQuery(REVISIONS),
                        KeyedNumber::of).stream()
                .collect(Collectors.toMap(revision -> new EndpointId(revision.key()), KeyedNumber::number)));
    }

    private void raiseRevision(EndpointId endpoint) {
        StorageCalls.call("secret revision", () -> em.createNativeQuery(RAISE_REVISION)
                .setParameter(1, endpoint.value())
                .executeUpdate());
    }

    @Override
    public List<SecretVersionInfo> describe(EndpointId endpoint) {
        return StorageCalls.call("secret listing", () -> em.createQuery("""
                        SELECT s FROM WebhookSecretJpaEntity s WHERE s.endpointId = :endpoint
                        ORDER BY s.createdAt, s.version""", WebhookSecretJpaEntity.class)
                .setParameter("endpoint", endpoint.value())
                .getResultList()
                .stream()
                .map(row -> new SecretVersionInfo(row.version, row.createdAt, Optional.ofNullable(row.retiredAt),
                        lastMatch(endpoint, row.version)))
                .toList());
    }

    private boolean insertIfAbsent(EndpointId endpoint, SecretVersion version, Instant now) {
        SealedPayload sealed = cipher.seal(version.secret().getBytes(StandardCharsets.UTF_8),
                associatedData(endpoint.value(), version.version()));
        return StorageCalls.call("secret insert", () -> em.createNativeQuery(INSERT_IF_ABSENT)
                .setParameter(1, endpoint.value())
                .setParameter(2, version.version())
                .setParameter(3, sealed.ciphertext())
                .setParameter(4, sealed.keyId())
                .setParameter(5, Timestamp.from(now))
                .executeUpdate()) == 1;
    }

    private Optional<Instant> lastMatch(EndpointId endpoint, String version) {
        return NativeResults.value(em.createNativeQuery(LAST_MATCH)
                .setParameter(1, endpoint.value())
                .setParameter(2, version), ColumnValues::optionalInstant);
    }

    /** Empty when the version does not open with the configured payload keys. */
    private Optional<SecretVersion> open(WebhookSecretJpaEntity row) {
        try {
            byte[] secret = cipher.open(new SealedPayload(row.secretKeyId, row.secretCiphertext),
                    associatedData(row.endpointId, row.version));
            return Optional.of(new SecretVersion(row.version, new String(secret, StandardCharsets.UTF_8)));
        } catch (IllegalStateException e) {
            return Optional.empty();
        }
    }

    /** Binds a sealed secret to its endpoint and version. */
    static byte[] associatedData(String endpointId, String version) {
        return ("secret|" + endpointId + "|" + version).getBytes(StandardCharsets.UTF_8);
    }
}
