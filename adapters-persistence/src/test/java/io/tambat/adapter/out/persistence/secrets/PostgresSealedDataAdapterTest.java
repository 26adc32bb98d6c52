package io.tambat.adapter.out.persistence.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.adapter.out.crypto.AesGcmPayloadCipher;
import io.tambat.adapter.out.crypto.PayloadKeyRing;
import io.tambat.adapter.out.crypto.SealedBeforeRowKeys;
import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.inbox.InboxAdapters;
import io.tambat.adapter.out.persistence.inbox.PostgresInboxAdapter;
import io.tambat.domain.error.MissingPayloadObjectException;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.inbox.PayloadObjectStorePort;
import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import io.tambat.provider.spi.SecretVersion;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
        insert(entry);
        database.execute("UPDATE webhook_inbox SET payload_key_id = 'k1', payload_ciphertext = ?",
                SealedBeforeRowKeys.seal(K1, body, rowBinding));

        try (StoreSession<PostgresSealedDataAdapter> sealed = sealedData(new InMemoryPayloadObjects())) {
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

    @Test
    void aResealPutsAPayloadObjectBackSealedAsNowAndItsRowNamesThatSealing() {
        InboxEntryFixture entry = InboxEntryFixture.valid(NOW);
        byte[] body = entry.body().getBytes(StandardCharsets.UTF_8);
        InMemoryPayloadObjects objects = new InMemoryPayloadObjects();
        byte[] before = SealedBeforeRowKeys.seal(K1, body, rowBinding(entry));
        objects.put(entry.payloadObject(), new SealedPayload("k1", before));
        insert(entry.buildInObjectStore());

        try (StoreSession<PostgresSealedDataAdapter> sealed = sealedData(objects)) {
            assertThat(sealed.<Long>call(PostgresSealedDataAdapter::awaitingReseal)).isEqualTo(1);
            assertThat(sealed.<Map<String, Long>>call(PostgresSealedDataAdapter::sealedPerKey))
                    .containsExactly(Map.entry("k1", 1L));

            assertThat(sealed.<Integer>call(adapter -> adapter.resealBatch(10))).isEqualTo(1);

            assertThat(sealed.<Long>call(PostgresSealedDataAdapter::awaitingReseal)).isZero();
            assertThat(sealed.<Map<String, Long>>call(PostgresSealedDataAdapter::sealedPerKey))
                    .containsExactly(Map.entry("k1", 1L));
        }
        assertThat(database.value("SELECT payload_key_id FROM webhook_inbox", String.class)).isEqualTo("k1/row");
        assertThat(database.value("SELECT payload_object FROM webhook_inbox", String.class))
                .isEqualTo(entry.payloadObject().value());
        byte[] after = objects.ciphertext(entry.payloadObject());
        assertThat(after).isNotEqualTo(before);
        assertThat(CIPHER.open(new SealedPayload("k1/row", after), rowBinding(entry))).isEqualTo(body);
    }

    @Test
    void aPayloadObjectAlreadyPutBackByABatchThatRolledBackOnlyHasItsRowUpdated() {
        InboxEntryFixture entry = InboxEntryFixture.valid(NOW);
        InMemoryPayloadObjects objects = new InMemoryPayloadObjects();
        byte[] resealed = CIPHER.seal(entry.body().getBytes(StandardCharsets.UTF_8), rowBinding(entry)).ciphertext();
        objects.put(entry.payloadObject(), new SealedPayload("k1/row", resealed));
        insert(entry.buildInObjectStore());

        try (StoreSession<PostgresSealedDataAdapter> sealed = sealedData(objects)) {
            assertThat(sealed.<Integer>call(adapter -> adapter.resealBatch(10))).isEqualTo(1);
            assertThat(sealed.<Long>call(PostgresSealedDataAdapter::awaitingReseal)).isZero();
        }
        assertThat(database.value("SELECT payload_key_id FROM webhook_inbox", String.class)).isEqualTo("k1/row");
        assertThat(objects.ciphertext(entry.payloadObject())).isEqualTo(resealed);
    }

    @Test
    void aPayloadObjectGoneFromTheStoreStopsTheRotationAndChangesNoRowForIt() {
        InboxEntryFixture entry = InboxEntryFixture.valid(NOW);
        insert(entry.buildInObjectStore());
        String named = database.value("SELECT payload_object FROM webhook_inbox", String.class);

        try (StoreSession<PostgresSealedDataAdapter> sealed = sealedData(new InMemoryPayloadObjects())) {
            assertThatThrownBy(() -> sealed.call(adapter -> adapter.resealBatch(10)))
                    .isInstanceOf(MissingPayloadObjectException.class).hasMessageContaining("bucket and prefix");
            assertThat(sealed.<Long>call(PostgresSealedDataAdapter::awaitingReseal)).isEqualTo(1);
        }
        assertThat(database.value("SELECT payload_object FROM webhook_inbox", String.class))
                .as("a wrong bucket must not unname every object").isEqualTo(named);
    }

    private void insert(NewInboxEvent entry) {
        try (StoreSession<PostgresInboxAdapter> inbox = database.session(InboxAdapters::inbox)) {
            inbox.run(adapter -> adapter.insertIfAbsent(entry));
        }
    }

    private StoreSession<PostgresSealedDataAdapter> sealedData(PayloadObjectStorePort objects) {
        return database.session(em -> {
            PostgresSealedDataAdapter adapter = new PostgresSealedDataAdapter();
            adapter.em = em;
            adapter.cipher = CIPHER;
            adapter.objects = objects;
            return adapter;
        });
    }

    /** The identity a payload of this entry is sealed with. */
    private static byte[] rowBinding(InboxEntryFixture entry) {
        return NewInboxEvent.payloadAssociatedData(entry.inboxId(), InboxEntryFixture.PROVIDER, entry.endpoint(),
                entry.eventId());
    }

    /** The object store as a map, for what re-sealing does with it: read an object and put it back. */
    private static final class InMemoryPayloadObjects implements PayloadObjectStorePort {

        private final Map<PayloadObjectKey, byte[]> objects = new HashMap<>();

        /** How a test puts the objects its rows name. */
        @Override
        public void put(PayloadObjectKey key, SealedPayload payload) {
            objects.put(key, payload.ciphertext());
        }

        /** How a re-seal writes an object back: no provider waits for it. */
        @Override
        public void putInBackground(PayloadObjectKey key, SealedPayload payload) {
            objects.put(key, payload.ciphertext());
        }

        @Override
        public Optional<SealedPayload> get(PayloadObjectKey key, String sealingKeyId) {
            return Optional.ofNullable(objects.get(key)).map(ciphertext -> new SealedPayload(sealingKeyId, ciphertext));
        }

        @Override
        public void delete(Collection<PayloadObjectKey> keys) {
            throw new UnsupportedOperationException("re-sealing deletes no object");
        }

        @Override
        public List<PayloadObjectKey> writtenBefore(Instant before, Optional<PayloadObjectKey> after, int limit) {
            throw new UnsupportedOperationException("re-sealing lists no object");
        }

        byte[] ciphertext(PayloadObjectKey key) {
            return objects.get(key);
        }
    }
}
