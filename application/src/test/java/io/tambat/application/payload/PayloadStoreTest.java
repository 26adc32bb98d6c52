package io.tambat.application.payload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.testing.InMemoryObjectStore;
import io.tambat.application.testing.SealingCipher;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.inbox.StoredPayload;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PayloadStoreTest {

    private static final Instant RECEIVED = Instant.parse("2026-12-07T09:15:00Z");
    private static final byte[] BODY = "{\"id\":\"evt_1\"}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] AAD = "inbox|row".getBytes(StandardCharsets.UTF_8);

    private final SealingCipher cipher = new SealingCipher();
    private final InMemoryObjectStore objects = new InMemoryObjectStore();
    private final UUID inboxId = UUID.randomUUID();

    @Test
    void keepsTheSealedPayloadInTheRowWhileNewPayloadsGoThere() {
        StoredPayload stored = PayloadStores.store(cipher, objects, new PayloadStoreSettings(false, true))
                .keep(inboxId, RECEIVED, BODY, AAD);

        assertThat(stored).isInstanceOf(StoredPayload.InRow.class);
        assertThat(cipher.open(((StoredPayload.InRow) stored).sealed(), AAD)).isEqualTo(BODY);
        assertThat(objects.objects()).isEmpty();
    }

    @Test
    void putsTheSealedPayloadUnderTheRowsKeyAndNamesIt() {
        StoredPayload stored = PayloadStores.inObjectStore(cipher, objects).keep(inboxId, RECEIVED, BODY, AAD);

        PayloadObjectKey key = PayloadObjectKey.of(RECEIVED, inboxId);
        assertThat(stored).isEqualTo(new StoredPayload.InObjectStore(key, SealingCipher.KEY_ID));
        assertThat(objects.objects()).containsOnlyKeys(key.value());
        assertThat(cipher.open(objects.objects().get(key.value()), AAD)).as("only ciphertext leaves").isEqualTo(BODY);
    }

    @Test
    void aPutThatFailsLeavesNothingToName() {
        objects.available(false);

        assertThatThrownBy(() -> PayloadStores.inObjectStore(cipher, objects).keep(inboxId, RECEIVED, BODY, AAD))
                .isInstanceOf(StoreUnavailableException.class);
    }

    @Test
    void opensAPayloadFromWhereverItsRowSaysItIs() {
        PayloadStore store = PayloadStores.inObjectStore(cipher, objects);
        StoredPayload inObjectStore = store.keep(inboxId, RECEIVED, BODY, AAD);
        StoredPayload inRow = new StoredPayload.InRow(cipher.seal(BODY, AAD));

        assertThat(store.open(inObjectStore, AAD)).contains(BODY);
        assertThat(store.open(inRow, AAD)).contains(BODY);
    }

    @Test
    void readsAMissingObjectAsPurged() {
        PayloadStore store = PayloadStores.inObjectStore(cipher, objects);
        StoredPayload stored = store.keep(inboxId, RECEIVED, BODY, AAD);
        objects.delete(List.of(PayloadObjectKey.of(RECEIVED, inboxId)));

        assertThat(store.open(stored, AAD)).isEmpty();
    }

    @Test
    void deletesReleasedObjectsAndLeavesThemBehindWhenTheStoreIsDown() {
        PayloadStore store = PayloadStores.inObjectStore(cipher, objects);
        store.keep(inboxId, RECEIVED, BODY, AAD);
        PayloadObjectKey key = PayloadObjectKey.of(RECEIVED, inboxId);

        objects.available(false);
        store.released(new PayloadObjectsReleased(List.of(key)));
        objects.available(true);
        assertThat(objects.objects()).as("not deleted, no exception").containsOnlyKeys(key.value());

        store.released(new PayloadObjectsReleased(List.of(key)));
        assertThat(objects.objects()).isEmpty();
    }
}
