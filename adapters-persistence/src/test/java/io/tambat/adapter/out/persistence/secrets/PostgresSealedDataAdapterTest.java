package io.tambat.adapter.out.persistence.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.crypto.AesGcmPayloadCipher;
import io.tambat.adapter.out.crypto.PayloadKeyRing;
import io.tambat.adapter.out.crypto.SealedBeforeRowKeys;
import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.inbox.InboxAdapters;
import io.tambat.adapter.out.persistence.inbox.PostgresInboxAdapter;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import io.tambat.provider.spi.SecretVersion;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Re-sealing on PostgreSQL, through {@link PostgresSealedDataAdapter}: what it moves, and what it counts. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresSealedDataAdapterTest {

    private static final byte[] K1 = new byte[32];
    private static final PayloadCipherPort CIPHER = new AesGcmPayloadCipher(
            PayloadKeyRing.parse("k1:" + Base64.getEncoder().encodeToString(K1)), true);
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final EndpointId SHOP = new EndpointId("shop");
    private static final SecretVersion V1 = new SecretVersion("v1", "whsec_first-secret");
    private static final SecretVersion V2 = new SecretVersion("v2", "whsec_second-secret");

    private final ContractDatabase database;

    PostgresSealedDataAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Test
    void aResealMovesWhatWasSealedUnderThePayloadKeyItselfToKeysOfTheirOwn() {
        try (StoreSession<JpaSecretStoreAdapter> secrets = database.session(em -> {
            JpaSecretStoreAdapter store = new JpaSecretStoreAdapter();
            store.em = em;
            store.cipher = CIPHER;
            return store;
        })) {
            secrets.run(store -> store.seed(SHOP, List.of(V1, V2), NOW));
        }
        database.execute("UPDATE webhook_secret SET secret_key_id = 'k1', secret_ciphertext = ? WHERE version = 'v1'",
                SealedBeforeRowKeys.seal(K1, V1.secret().getBytes(StandardCharsets.UTF_8),
                        JpaSecretStoreAdapter.associatedData(SHOP.value(), V1.version())));
        NewInboxEvent entry = InboxEntryFixture.valid(NOW).build();
        byte[] body = "{\"id\":\"evt_1\"}".getBytes(StandardCharsets.UTF_8);
        byte[] rowBinding = NewInboxEvent.payloadAssociatedData(entry.inboxId(), entry.provider(), entry.endpointId(),
                entry.event().providerEventId());
        try (StoreSession<PostgresInboxAdapter> inbox = database.session(em -> {
            PostgresInboxAdapter adapter = InboxAdapters.inbox(em);
            return adapter;
        })) {
            inbox.run(adapter -> adapter.insertIfAbsent(entry));
        }
        database.execute("UPDATE webhook_inbox SET payload_key_id = 'k1', payload_ciphertext = ?",
                SealedBeforeRowKeys.seal(K1, body, rowBinding));

        try (StoreSession<PostgresSealedDataAdapter> sealed = database.session(em -> {
            PostgresSealedDataAdapter adapter = new PostgresSealedDataAdapter();
            adapter.em = em;
            adapter.cipher = CIPHER;
            return adapter;
        })) {
            assertThat(sealed.<Long>call(PostgresSealedDataAdapter::awaitingReseal)).isEqualTo(2);
            assertThat(sealed.<Map<String, Long>>call(PostgresSealedDataAdapter::sealedPerKey))
                    .as("counted by key, however each was sealed").containsExactly(Map.entry("k1", 3L));

            assertThat(sealed.<Integer>call(adapter -> adapter.resealBatch(10))).isEqualTo(2);

            assertThat(sealed.<Long>call(PostgresSealedDataAdapter::awaitingReseal)).isZero();
            assertThat(sealed.<Integer>call(adapter -> adapter.resealBatch(10))).isZero();
        }
        assertThat(database.column("SELECT secret_key_id FROM webhook_secret UNION ALL "
                + "SELECT payload_key_id FROM webhook_inbox", String.class)).containsOnly("k1/row");
        byte[] secret = database.value("SELECT secret_ciphertext FROM webhook_secret WHERE version = 'v1'",
                byte[].class);
        assertThat(new String(CIPHER.open(new SealedPayload("k1/row", secret),
                JpaSecretStoreAdapter.associatedData(SHOP.value(), V1.version())), StandardCharsets.UTF_8))
                .isEqualTo(V1.secret());
        byte[] payload = database.value("SELECT payload_ciphertext FROM webhook_inbox", byte[].class);
        assertThat(Arrays.equals(CIPHER.open(new SealedPayload("k1/row", payload), rowBinding), body)).isTrue();
    }
}
