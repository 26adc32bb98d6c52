package io.tambat.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.model.forwarding.DeliveryQuery;
import io.tambat.domain.model.forwarding.DeliveryRecord;
import io.tambat.domain.model.forwarding.DeliveryStatus;
import io.tambat.domain.model.forwarding.DestinationBacklog;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.forwarding.NewForward;
import io.tambat.domain.model.forwarding.StateChangeNotice;
import io.tambat.domain.model.webhook.NewInboxEntry;
import io.tambat.domain.port.out.ForwardingPort;
import io.tambat.domain.port.out.InboxPort;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The lease contract and the operators' reads of forward deliveries, through {@link PostgresForwardingAdapter}. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresForwardingAdapterTest
        extends WorkLeaseContract<PostgresForwardingAdapterTest.ForwardingPorts, Long> {

    private static final String DESTINATION = "shop-orders";
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private final ContractDatabase database;

    PostgresForwardingAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<ForwardingPorts> openSession() {
        return database.session(em -> {
            PostgresInboxAdapter inbox = new PostgresInboxAdapter();
            inbox.em = em;
            PostgresForwardingAdapter forwarding = new PostgresForwardingAdapter();
            forwarding.em = em;
            return new ForwardingPorts(inbox, forwarding);
        });
    }

    @Override
    protected Long enqueue(Instant dueAt) {
        return forwardOf(stored(InboxEntryFixture.valid(dueAt)), DESTINATION, dueAt);
    }

    @Override
    protected List<LeasedItem<Long>> leaseDue(ForwardingPorts ports, int max, Instant now, Instant leaseUntil) {
        return ports.forwarding().leaseDue(DESTINATION, max, now, leaseUntil).stream()
                .map(delivery -> new LeasedItem<>(delivery.deliveryId(), delivery.lease()))
                .toList();
    }

    @Override
    protected boolean complete(ForwardingPorts ports, Long deliveryId, int attempt, Instant now) {
        return ports.forwarding().delivered(deliveryId, attempt, Optional.of(200), now);
    }

    @Override
    protected int storedAttemptCount(Long deliveryId) {
        return database.value("SELECT attempt_count FROM forward_delivery WHERE delivery_id = ?", Integer.class,
                deliveryId);
    }

    @Test
    void leasesWithWhatTheSendNeedsOfItsEventAndOnlyForItsDestination() {
        NewInboxEntry entry = stored(InboxEntryFixture.valid(NOW));
        forwardOf(entry, DESTINATION, NOW);
        forwardOf(entry, "audit-log", NOW);

        List<ForwardDelivery> leased = session.call(ports -> ports.forwarding().leaseDue(DESTINATION, 10, NOW,
                NOW.plusSeconds(30)));

        assertThat(leased).singleElement().satisfies(delivery -> {
            assertThat(delivery.destinationId()).isEqualTo(DESTINATION);
            assertThat(delivery.messageId()).isEqualTo(entry.inboxId().toString());
            assertThat(delivery.type()).isEqualTo(MessageType.EVENT);
            assertThat(delivery.provider()).isEqualTo(InboxEntryFixture.PROVIDER);
            assertThat(delivery.endpointId()).isEqualTo(entry.endpointId());
            assertThat(delivery.eventType()).isEqualTo(InboxEntryFixture.EVENT_TYPE);
            assertThat(delivery.providerEventId()).isEqualTo(entry.event().providerEventId());
            assertThat(delivery.contentType()).contains("application/json");
            assertThat(delivery.payload()).hasValueSatisfying(payload ->
                    assertThat(payload.ciphertext()).isEqualTo(entry.payload().ciphertext()));
        });
    }

    @Test
    void leasesAStateChangeWithTheMutationItSaysAndWithoutItsEventsPayload() {
        NewInboxEntry entry = stored(InboxEntryFixture.valid(NOW));
        Instant appliedAt = NOW.plusMillis(1_250);
        database.execute("INSERT INTO object_mutation (provider, endpoint_id, object_type, object_id, inbox_id, state, "
                + "version, applied_at) VALUES (?, ?, 'payment_intent', 'pi_1', ?, 'succeeded', 7, ?)",
                InboxEntryFixture.PROVIDER, entry.endpointId().value(), entry.inboxId(), Timestamp.from(appliedAt));
        session.run(ports -> ports.forwarding().enqueue(List.of(new NewForward(DESTINATION, MessageType.STATE_CHANGE,
                NewForward.stateChangeMessageId(entry.inboxId()), entry.inboxId(), "stripe:shop:pi_1", appliedAt))));

        assertThat(leaseAt(appliedAt)).singleElement().satisfies(delivery -> {
            assertThat(delivery.type()).isEqualTo(MessageType.STATE_CHANGE);
            assertThat(delivery.messageId()).isEqualTo(NewForward.stateChangeMessageId(entry.inboxId()));
            assertThat(delivery.orderingKey()).isEqualTo("stripe:shop:pi_1");
            assertThat(delivery.payload()).isEmpty();
            assertThat(delivery.purged()).isFalse();
            assertThat(delivery.stateChange()).contains(new StateChangeNotice(entry.inboxId(),
                    InboxEntryFixture.PROVIDER, entry.endpointId().value(), "payment_intent", "pi_1", "succeeded",
                    Optional.of(7L), appliedAt));
        });
    }

    @Test
    void aStateChangeWhoseMutationLeftTheTrailLeasesAsPurged() {
        NewInboxEntry entry = stored(InboxEntryFixture.valid(NOW));
        session.run(ports -> ports.forwarding().enqueue(List.of(new NewForward(DESTINATION, MessageType.STATE_CHANGE,
                NewForward.stateChangeMessageId(entry.inboxId()), entry.inboxId(), entry.inboxId().toString(), NOW))));

        assertThat(leaseAt(NOW)).singleElement().satisfies(delivery -> {
            assertThat(delivery.stateChange()).isEmpty();
            assertThat(delivery.purged()).isTrue();
        });
    }

    @Test
    void recordsOneDeliveryPerMessageAndDestinationHoweverOftenItIsEnqueued() {
        NewInboxEntry entry = stored(InboxEntryFixture.valid(NOW));
        forwardOf(entry, DESTINATION, NOW);
        forwardOf(entry, DESTINATION, NOW.plusSeconds(5));

        assertThat(database.value("SELECT count(*) FROM forward_delivery WHERE inbox_id = ?", Long.class,
                entry.inboxId())).isEqualTo(1L);
    }

    @Test
    void aRetryKeepsTheMessageDueLaterAndAFailureWaitsForARedrive() {
        long id = enqueue(NOW);
        int first = lease().lease().attempt();
        assertThat(written(ports -> ports.retryLater(id, first, NOW.plusSeconds(5), Optional.of(503), "answered 503")))
                .isTrue();
        assertThat(leaseAt(NOW.plusSeconds(4))).isEmpty();

        int second = leaseAt(NOW.plusSeconds(5)).get(0).lease().attempt();
        assertThat(written(ports -> ports.fail(id, second, Optional.empty(), "timeout: no answer within PT15S",
                NOW.plusSeconds(6)))).isTrue();
        assertThat(leaseAt(NOW.plusSeconds(60))).isEmpty();
        assertThat(written(ports -> ports.status(DESTINATION, id).equals(Optional.of(DeliveryStatus.FAILED))))
                .isTrue();

        assertThat(written(ports -> ports.redrive("another", id, NOW.plusSeconds(70)))).isFalse();
        assertThat(written(ports -> ports.redrive(DESTINATION, id, NOW.plusSeconds(70)))).isTrue();
        assertThat(written(ports -> ports.redrive(DESTINATION, id, NOW.plusSeconds(70)))).isFalse();
        ForwardDelivery again = leaseAt(NOW.plusSeconds(70)).get(0);
        assertThat(again.deliveryId()).isEqualTo(id);
        assertThat(again.lease().attempt()).isEqualTo(3);
    }

    @Test
    void listsDeliveriesNewestFirstByStatusAndEventWithTheirLastAnswer() {
        long older = enqueue(NOW);
        long newer = enqueue(NOW.plusSeconds(1));
        int attempt = lease().lease().attempt();
        session.run(ports -> ports.forwarding().fail(older, attempt, Optional.of(500), "answered 500 (after 1 attempts)",
                NOW.plusSeconds(2)));

        List<DeliveryRecord> all = deliveries(new DeliveryQuery(Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), 10));
        List<DeliveryRecord> failed = deliveries(new DeliveryQuery(Optional.of(DeliveryStatus.FAILED), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), 10));
        List<DeliveryRecord> afterNewer = deliveries(new DeliveryQuery(Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.of(newer), 10));
        UUID newerEvent = all.get(0).inboxId();
        List<DeliveryRecord> ofEvent = deliveries(new DeliveryQuery(Optional.empty(), Optional.of(newerEvent),
                Optional.empty(), Optional.empty(), Optional.empty(), 10));
        List<DeliveryRecord> receivedLater = deliveries(new DeliveryQuery(Optional.empty(), Optional.empty(),
                Optional.of(NOW.plusSeconds(1)), Optional.of(NOW.plusSeconds(2)), Optional.empty(), 10));

        assertThat(all).extracting(DeliveryRecord::deliveryId).containsExactly(newer, older);
        assertThat(failed).singleElement().satisfies(delivery -> {
            assertThat(delivery.deliveryId()).isEqualTo(older);
            assertThat(delivery.lastStatus()).contains(500);
            assertThat(delivery.lastError()).contains("answered 500 (after 1 attempts)");
            assertThat(delivery.nextAttemptAt()).isEmpty();
            assertThat(delivery.attemptCount()).isEqualTo(1);
        });
        assertThat(afterNewer).extracting(DeliveryRecord::deliveryId).containsExactly(older);
        assertThat(ofEvent).extracting(DeliveryRecord::deliveryId).containsExactly(newer);
        assertThat(receivedLater).extracting(DeliveryRecord::deliveryId).containsExactly(newer);
    }

    @Test
    void countsTheBacklogOfOneDestination() {
        long delivered = enqueue(NOW.minusSeconds(120));
        enqueue(NOW.minusSeconds(60));
        forwardOf(stored(InboxEntryFixture.valid(NOW.minusSeconds(300))), "audit-log", NOW.minusSeconds(300));
        int attempt = lease().lease().attempt();
        session.run(ports -> ports.forwarding().delivered(delivered, attempt, Optional.of(204), NOW.minusSeconds(10)));

        DestinationBacklog backlog = session.call(ports -> ports.forwarding().backlog(DESTINATION, NOW));

        assertThat(backlog.pending()).isEqualTo(1);
        assertThat(backlog.failed()).isZero();
        assertThat(backlog.oldestPendingAgeSeconds()).isEqualTo(60);
        assertThat(backlog.lastDeliveredAt()).contains(NOW.minusSeconds(10));
    }

    @Test
    void sendsThePayloadBytesAsStored() {
        NewInboxEntry entry = stored(InboxEntryFixture.valid(NOW));
        forwardOf(entry, DESTINATION, NOW);

        ForwardDelivery leased = lease();

        assertThat(new String(leased.payload().orElseThrow().ciphertext(), StandardCharsets.UTF_8))
                .isEqualTo("{\"id\":\"" + entry.inboxId() + "\"}");
    }

    private boolean written(Predicate<ForwardingPort> write) {
        return session.call(ports -> write.test(ports.forwarding()));
    }

    private List<ForwardDelivery> leaseAt(Instant now) {
        return session.call(ports -> ports.forwarding().leaseDue(DESTINATION, 10, now, now.plusSeconds(30)));
    }

    private ForwardDelivery lease() {
        return session.call(ports -> ports.forwarding().leaseDue(DESTINATION, 1, NOW.plusSeconds(1),
                NOW.plusSeconds(30))).get(0);
    }

    private List<DeliveryRecord> deliveries(DeliveryQuery query) {
        return session.call(ports -> ports.forwarding().deliveries(DESTINATION, query));
    }

    private NewInboxEntry stored(InboxEntryFixture fixture) {
        NewInboxEntry entry = fixture.build();
        session.run(ports -> ports.inbox().insertAll(List.of(entry)));
        return entry;
    }

    private long forwardOf(NewInboxEntry entry, String destinationId, Instant at) {
        session.run(ports -> ports.forwarding().enqueue(List.of(new NewForward(destinationId, MessageType.EVENT,
                NewForward.eventMessageId(entry.inboxId()), entry.inboxId(), entry.inboxId().toString(), at))));
        database.execute("UPDATE forward_delivery SET next_attempt_at = ? WHERE inbox_id = ? AND destination_id = ?"
                + " AND attempt_count = 0", Timestamp.from(at), entry.inboxId(), destinationId);
        return database.value("SELECT delivery_id FROM forward_delivery WHERE inbox_id = ? AND destination_id = ?",
                Long.class, entry.inboxId(), destinationId);
    }

    /** The inbox, whose rows the deliveries belong to, and the deliveries, over one connection. */
    record ForwardingPorts(InboxPort inbox, ForwardingPort forwarding) {
    }
}
