package io.tambat.adapter.out.persistence.secrets;

import io.tambat.adapter.out.crypto.AesGcmPayloadCipher;
import io.tambat.adapter.out.crypto.PayloadKeyRing;
import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.inbox.InboxAdapters;
import io.tambat.adapter.out.persistence.inbox.PostgresInboxAdapter;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import io.tambat.domain.port.out.secrets.SecretStorePort;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.extension.ExtendWith;

/** The secret store contract on PostgreSQL, through {@link JpaSecretStoreAdapter} and AES-GCM at rest. */
@ExtendWith(ContractDatabaseExtension.class)
class JpaSecretStoreAdapterTest extends SecretStorePortContract {

    private static final PayloadCipherPort CIPHER = new AesGcmPayloadCipher(
            PayloadKeyRing.parse(CURRENT_KEY + ":" + Base64.getEncoder().encodeToString(new byte[32])), true);

    private final ContractDatabase database;

    JpaSecretStoreAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<SecretStorePort> openSession() {
        return database.session(em -> {
            JpaSecretStoreAdapter secrets = new JpaSecretStoreAdapter();
            secrets.em = em;
            secrets.cipher = CIPHER;
            return secrets;
        });
    }

    @Override
    protected byte[] storedBytes(EndpointId endpoint, String version) {
        return database.value("SELECT secret_ciphertext FROM webhook_secret WHERE endpoint_id = ? AND version = ?",
                byte[].class, endpoint.value(), version);
    }

    /** A key id the cipher does not know names the version's ciphertext: the key was removed. */
    @Override
    protected String loseTheKeyOf(EndpointId endpoint, String version) {
        database.execute("UPDATE webhook_secret SET secret_key_id = 'k0' WHERE endpoint_id = ? AND version = ?",
                endpoint.value(), version);
        return "k0";
    }

    /** The last match is derived from the inbox, so a match is an inbox row verified by that version. */
    @Override
    protected void recordMatch(EndpointId endpoint, String version, Instant at) {
        try (StoreSession<PostgresInboxAdapter> session = database.session(em -> {
            PostgresInboxAdapter inbox = InboxAdapters.inbox(em);
            return inbox;
        })) {
            session.run(inbox -> inbox.insertIfAbsent(InboxEntryFixture.valid(at).onEndpoint(endpoint.value())
                    .matchedBy(version).build()));
        }
    }
}
