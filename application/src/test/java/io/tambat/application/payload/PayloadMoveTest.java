package io.tambat.application.payload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.identity.TimeOrderedIds;
import io.tambat.application.operator.Actions;
import io.tambat.application.operator.AuditTrail;
import io.tambat.application.port.in.payload.MovePayloadsUseCase;
import io.tambat.application.testing.FiredEvents;
import io.tambat.application.testing.InMemoryAuditTrail;
import io.tambat.application.testing.InMemoryObjectStore;
import io.tambat.application.testing.MutableClock;
import io.tambat.domain.error.MissingPayloadObjectException;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.inbox.PayloadMovePort;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PayloadMoveTest {

    private static final Operator OPERATOR = new Operator("ops@shop.example");
    private static final Duration WAIT = Duration.ofSeconds(5);

    private final MutableClock clock = MutableClock.start();
    private final InMemoryObjectStore objects = new InMemoryObjectStore();
    private final InMemoryAuditTrail trail = new InMemoryAuditTrail();
    private final FiredEvents<PayloadObjectsReleased> released = new FiredEvents<>();
    private final Rows rows = new Rows();

    @Test
    void movesEveryPayloadInTheRowsToTheObjectStoreBatchByBatchAsSealed() {
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < PayloadMoveBatch.SIZE + 5; i++) {
            ids.add(rows.inRow(new SealedPayload("k1", new byte[] {(byte) i})));
        }

        MovePayloadsUseCase.Moved moved = Actions.result(move(new PayloadStoreSettings(true, true))
                .move(OPERATOR, WAIT));

        assertThat(moved.to()).isEqualTo("s3");
        assertThat(moved.moved()).isEqualTo(PayloadMoveBatch.SIZE + 5);
        assertThat(rows.stored.values()).allSatisfy(stored -> assertThat(stored)
                .isInstanceOf(StoredPayload.InObjectStore.class));
        UUID first = ids.get(0);
        PayloadObjectKey key = ((StoredPayload.InObjectStore) rows.stored.get(first)).key();
        assertThat(key).as("named after the hour it is put in").isEqualTo(PayloadObjectKey.of(clock.instant(), first));
        assertThat(objects.objects().get(key.value()).ciphertext()).containsExactly(0);
        assertThat(trail.recent(Optional.of(OperatorAction.Kind.PAYLOAD_MOVE), 1)).singleElement()
                .satisfies(action -> assertThat(action.count()).isEqualTo(PayloadMoveBatch.SIZE + 5));
    }

    @Test
    void movesPayloadsBackToTheRowsAndReleasesTheirObjects() {
        PayloadObjectKey key = PayloadObjectKey.of(clock.instant(), UUID.randomUUID());
        objects.put(key, new SealedPayload("k2", new byte[] {7}));
        UUID inboxId = rows.inObjectStore(key, "k1");

        MovePayloadsUseCase.Moved moved = Actions.result(move(new PayloadStoreSettings(false, true))
                .move(OPERATOR, WAIT));

        assertThat(moved.to()).isEqualTo("database");
        StoredPayload back = rows.stored.get(inboxId);
        assertThat(back).isInstanceOf(StoredPayload.InRow.class);
        assertThat(((StoredPayload.InRow) back).sealed().keyId()).as("as the object says it was sealed")
                .isEqualTo("k2");
        assertThat(released.fired()).singleElement()
                .satisfies(event -> assertThat(event.objects()).containsExactly(key));
    }

    @Test
    void aMissingObjectStopsTheMoveBackAndChangesNoRowForIt() {
        PayloadObjectKey missing = PayloadObjectKey.of(clock.instant(), UUID.randomUUID());
        UUID inboxId = rows.inObjectStore(missing, "k1");

        assertThatThrownBy(() -> move(new PayloadStoreSettings(false, true)).move(OPERATOR, WAIT))
                .isInstanceOf(MissingPayloadObjectException.class)
                .hasMessageContaining(inboxId.toString()).hasMessageContaining("bucket and prefix");

        assertThat(rows.stored.get(inboxId)).as("a wrong bucket must not unname every object")
                .isEqualTo(new StoredPayload.InObjectStore(missing, "k1"));
        assertThat(released.fired()).isEmpty();
    }

    @Test
    void aMoveCutShortByTheStoreLeavesEveryRowMovedOrNotAndGoesOnWhenStartedAgain() {
        for (int i = 0; i < 3; i++) {
            rows.inRow(new SealedPayload("k1", new byte[] {(byte) i}));
        }
        objects.available(false);
        PayloadMove move = move(new PayloadStoreSettings(true, true));

        assertThatThrownBy(() -> move.move(OPERATOR, WAIT)).isInstanceOf(StoreUnavailableException.class);
        assertThat(rows.stored.values()).allSatisfy(stored -> assertThat(stored)
                .isInstanceOf(StoredPayload.InRow.class));

        objects.available(true);
        assertThat(Actions.result(move.move(OPERATOR, WAIT)).moved()).isEqualTo(3);
        assertThat(move.placement()).isEqualTo(new MovePayloadsUseCase.Placement("s3",
                new PayloadMovePort.Places(0, 3)));
    }

    private PayloadMove move(PayloadStoreSettings settings) {
        AuditTrail audit = new AuditTrail(trail, new TimeOrderedIds(clock), clock);
        PayloadMoveBatch batches = new PayloadMoveBatch();
        batches.rows = rows;
        batches.objects = objects;
        batches.audit = audit;
        batches.released = released;
        batches.clock = clock;
        PayloadMove move = new PayloadMove();
        move.batches = batches;
        move.rows = rows;
        move.settings = settings;
        move.actions = Actions.atOnce(audit);
        return move;
    }

    /**
     * The rows' side in a map; a batch that throws keeps nothing it changed, as its transaction would (the store
     * fails before the row changes, so nothing here needs undoing).
     */
    private static final class Rows implements PayloadMovePort {

        private final Map<UUID, StoredPayload> stored = new LinkedHashMap<>();

        UUID inRow(SealedPayload sealed) {
            UUID inboxId = UUID.randomUUID();
            stored.put(inboxId, new StoredPayload.InRow(sealed));
            return inboxId;
        }

        UUID inObjectStore(PayloadObjectKey key, String keyId) {
            UUID inboxId = UUID.randomUUID();
            stored.put(inboxId, new StoredPayload.InObjectStore(key, keyId));
            return inboxId;
        }

        @Override
        public List<InRow> heldInRows(int max) {
            return stored.entrySet().stream().filter(row -> row.getValue() instanceof StoredPayload.InRow)
                    .limit(max)
                    .map(row -> new InRow(row.getKey(), ((StoredPayload.InRow) row.getValue()).sealed()))
                    .toList();
        }

        @Override
        public List<InObjectStore> heldInObjectStore(int max) {
            return stored.entrySet().stream().filter(row -> row.getValue() instanceof StoredPayload.InObjectStore)
                    .limit(max)
                    .map(row -> {
                        StoredPayload.InObjectStore object = (StoredPayload.InObjectStore) row.getValue();
                        return new InObjectStore(row.getKey(), object.key(), object.keyId());
                    })
                    .toList();
        }

        @Override
        public void movedToObjectStore(UUID inboxId, PayloadObjectKey key) {
            stored.put(inboxId, new StoredPayload.InObjectStore(key, stored.get(inboxId).keyId()));
        }

        @Override
        public void movedToRow(UUID inboxId, SealedPayload sealed) {
            stored.put(inboxId, new StoredPayload.InRow(sealed));
        }

        @Override
        public Places places() {
            return new Places(stored.values().stream().filter(StoredPayload.InRow.class::isInstance).count(),
                    stored.values().stream().filter(StoredPayload.InObjectStore.class::isInstance).count());
        }
    }
}
