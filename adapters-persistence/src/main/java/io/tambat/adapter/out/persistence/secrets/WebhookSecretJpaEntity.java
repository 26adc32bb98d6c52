package io.tambat.adapter.out.persistence.secrets;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** One stored secret version; the secret itself only as ciphertext. */
@Entity
@Table(name = "webhook_secret")
@IdClass(WebhookSecretJpaEntity.Key.class)
public class WebhookSecretJpaEntity {

    @Id
    @Column(name = "endpoint_id")
    String endpointId;

    @Id
    @Column(name = "version")
    String version;

    @Column(name = "secret_ciphertext", nullable = false)
    byte[] secretCiphertext;

    @Column(name = "secret_key_id", nullable = false)
    String secretKeyId;

    @Column(name = "created_at", nullable = false)
    Instant createdAt;

    @Column(name = "retired_at")
    Instant retiredAt;

    /** Composite primary key. */
    public static class Key implements Serializable {

        private static final long serialVersionUID = 1L;

        String endpointId;
        String version;

        public Key() {
        }

        Key(String endpointId, String version) {
            this.endpointId = endpointId;
            this.version = version;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.endpointId.equals(endpointId) && key.version.equals(version);
        }

        @Override
        public int hashCode() {
            return Objects.hash(endpointId, version);
        }
    }
}
