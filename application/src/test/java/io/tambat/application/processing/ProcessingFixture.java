package io.tambat.application.processing;

import io.tambat.application.payload.PayloadStore;
import io.tambat.application.payload.PayloadStoreSettings;
import io.tambat.application.payload.PayloadStores;
import io.tambat.application.testing.EndpointBuilder;
import io.tambat.application.testing.FakeTransactions;
import io.tambat.application.testing.FiredEvents;
import io.tambat.application.testing.FixedEndpoints;
import io.tambat.application.testing.InMemoryForwarding;
import io.tambat.application.testing.InMemoryInbox;
import io.tambat.application.testing.InMemoryObjectStore;
import io.tambat.application.testing.MutableClock;
import io.tambat.application.testing.RecordingMetrics;
import io.tambat.application.testing.RecordingTracing;
import io.tambat.application.testing.SealingCipher;
import io.tambat.application.testing.TestDestinations;
import io.tambat.application.testing.TestWork;
import io.tambat.application.work.Failpoints;
import io.tambat.domain.model.forwarding.DeliveriesRecorded;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.processing.FailedPayloadRetention;
import io.tambat.domain.model.processing.ObjectState;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.PayloadDigest;
import io.tambat.provider.spi.EventInterpreter;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.ProviderStatePort;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.TransientProcessingException;
import io.tambat.provider.spi.WebhookEvent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Event processing wired as the container wires it, over in-memory ports: the inbox, processed-event
 * records, business state and forward deliveries roll back together when a completing transaction throws. Events are stored as
 * ingress stores them and leased through {@link InboxWork}, so every attempt holds a real fencing token.
 */
final class ProcessingFixture {

    static final String PROVIDER = "test";
    static final EndpointId ENDPOINT = new EndpointId("shop");
    static final Duration SEQUENCE_GAP_WINDOW = Duration.ofMinutes(10);

    final MutableClock clock = MutableClock.start();
    final InMemoryInbox inbox = new InMemoryInbox();
    final InMemoryProcessedEvents processed = new InMemoryProcessedEvents();
    final InMemoryBusinessState state = new InMemoryBusinessState();
    /** Where state changes go: {@code shop-service} takes them, {@code events-only} does not. */
    final InMemoryForwarding forwarding = new InMemoryForwarding();
    final FiredEvents<DeliveriesRecorded> recorded = new FiredEvents<>();
    final RecordingMetrics metrics = new RecordingMetrics();
    final RecordingTracing tracing = new RecordingTracing();
    final ScriptedInterpreter interpreter = new ScriptedInterpreter();
    final FakeProviderApi providerApi = new FakeProviderApi();
    final FixedEndpoints endpoints = new FixedEndpoints(EndpointBuilder.endpoint(ENDPOINT.value()).build());
    ProcessingSettings settings = new ProcessingSettings(Duration.ofDays(7), Duration.ofDays(30),
            SEQUENCE_GAP_WINDOW, Duration.ofDays(90), new FailedPayloadRetention(Optional.empty()));
    final ProcessingCompletion completion = new TransactionalCompletion(
            new FakeTransactions(inbox, processed, state, forwarding));
    final SealingCipher cipher = new SealingCipher();
    final InMemoryObjectStore objects = new InMemoryObjectStore();
    /** Where received payloads are kept: in their rows until {@link #newPayloadsInObjectStore()}. */
    PayloadStore payloads = PayloadStores.store(cipher, objects, new PayloadStoreSettings(false, true));
    private final EventResolution resolution = new EventResolution();
    final EventProcessor processor = new EventProcessor();
    final InboxWork work = new InboxWork();
    /** The endpoints whose state client processing asked for, in order. */
    final List<EndpointId> clientsAskedFor = new ArrayList<>();
    private boolean providerApiConfigured;

    ProcessingFixture() {
        completion.inbox = inbox;
        completion.processed = processed;
        completion.state = state;
        completion.destinations = new Destinations(List.of(
                TestDestinations.http("shop-service", Set.of(MessageType.EVENT, MessageType.STATE_CHANGE)),
                TestDestinations.http("events-only", Set.of(MessageType.EVENT))));
        completion.forwarding = forwarding;
        completion.recorded = recorded;

        resolution.interpreters = new EventInterpreters() {
            @Override
            public Optional<EventInterpreter> find(String provider) {
                return Optional.<EventInterpreter>of(interpreter).filter(found -> found.provider().equals(provider));
            }
        };
        resolution.providerStates = new ProviderStates() {
            @Override
            public Optional<ProviderStatePort> forProvider(String provider) {
                return Optional.<ProviderStatePort>of(providerApi).filter(api -> providerApiConfigured);
            }

            @Override
            public Optional<ProviderStatePort> forEndpoint(String provider, EndpointId endpoint) {
                clientsAskedFor.add(endpoint);
                return forProvider(provider);
            }
        };
        resolution.endpoints = endpoints;
        resolution.payloads = payloads;
        resolution.clock = clock;

        AttemptFailures failures = new AttemptFailures();
        failures.completion = completion;
        failures.work = TestWork.settings();
        failures.metrics = metrics;
        failures.clock = clock;
        failures.jitter = () -> TestWork.JITTER;

        SequenceGapPolicy gaps = new SequenceGapPolicy();
        gaps.resolution = resolution;
        gaps.failures = failures;
        gaps.completion = completion;
        gaps.settings = settings;
        gaps.metrics = metrics;
        gaps.clock = clock;

        processor.resolution = resolution;
        processor.gaps = gaps;
        processor.failures = failures;
        processor.completion = completion;
        processor.metrics = metrics;
        processor.workMetrics = metrics;
        processor.failpoints = Failpoints.inert();
        processor.clock = clock;
        processor.tracing = tracing;

        work.inbox = inbox;
        work.processor = processor;
        work.settings = TestWork.settings();
        work.clock = clock;
    }

    /** Gives the test provider an API to fetch current state from. */
    void configureProviderApi() {
        providerApiConfigured = true;
    }

    static ObjectKey key(String objectId) {
        return new ObjectKey(PROVIDER, ObjectType.PAYMENT, objectId);
    }

    /** Keeps the payloads received from now on in the object store; those received before stay in their rows. */
    void newPayloadsInObjectStore() {
        payloads = PayloadStores.store(cipher, objects, new PayloadStoreSettings(true, true));
        resolution.payloads = payloads;
    }

    /** Makes every event a delta in its object's sequence (its object version), with its payload as the state. */
    void eventsAreSequenced() {
        interpreter.means(event -> Optional.of(new StateChange.Sequenced(ScriptedInterpreter.key(event),
                ScriptedInterpreter.state(event), event.objectVersion().orElseThrow(),
                StateChange.Sequenced.USUAL_FIRST)));
    }

    /** Stores an event about {@code objectId} as ingress would, received now; its payload is {@code state}. */
    /** The trace context an event received through this fixture was accepted in. */
    static String acceptedIn(String providerEventId) {
        return "traceparent-of-" + providerEventId;
    }

    UUID receive(String providerEventId, String objectId, long version, String state) {
        UUID inboxId = UUID.randomUUID();
        WebhookEvent event = new WebhookEvent(providerEventId, "payment.updated", Optional.of(objectId),
                Optional.of(version), Optional.empty());
        byte[] payload = state.getBytes(StandardCharsets.UTF_8);
        byte[] aad = NewInboxEvent.payloadAssociatedData(inboxId, PROVIDER, ENDPOINT, providerEventId);
        inbox.insertIfAbsent(new NewInboxEvent(inboxId, PROVIDER, ENDPOINT, event, clock.instant(),
                payloads.keep(inboxId, clock.instant(), payload, aad), new PayloadDigest(new byte[32], List.of()), "v1", Optional.of(acceptedIn(providerEventId)),
                Optional.of("application/json")));
        return inboxId;
    }

    /**
     * Stores an event without a version about {@code pay_1}, whose current state the provider's API fails to
     * return with a 503 on every attempt the retry policy allows.
     */
    UUID receiveAnEventWhoseFetchFailsTransiently() {
        configureProviderApi();
        for (int attempt = 1; attempt <= TestWork.MAX_ATTEMPTS; attempt++) {
            providerApi.failNextWith(new TransientProcessingException("provider answered 503", null));
        }
        interpreter.means(event -> Optional.of(new StateChange.FetchCurrent(ScriptedInterpreter.key(event))));
        return receive("evt_1", "pay_1", 1, "changed");
    }

    /** How many forward deliveries of the event's state change were written (one per destination taking them). */
    long stateChangesForwarded(UUID inboxId) {
        return forwarding.rows().stream().map(InMemoryForwarding.Row::forward)
                .filter(forward -> forward.type() == MessageType.STATE_CHANGE && forward.inboxId().equals(inboxId))
                .count();
    }

    /** Leases what is due now, as a worker turn does, and expects exactly one event. */
    LeasedInboxEvent leaseOne() {
        List<LeasedInboxEvent> leased = work.leaseBatch(TestWork.BATCH_SIZE);
        if (leased.size() != 1) {
            throw new AssertionError("expected one due event, leased " + leased.size());
        }
        return leased.get(0);
    }

    /** Leases what is due and processes it as a worker turn does: the batch shares its completing transaction. */
    List<LeasedInboxEvent> processBatch() {
        List<LeasedInboxEvent> leased = work.leaseBatch(TestWork.BATCH_SIZE);
        work.attemptAll(leased);
        return leased;
    }

    /** How many completing transactions served several events at once. */
    int groupTransactions() {
        return ((TransactionalCompletion) completion).groupTransactions;
    }

    /** Leases and processes the one due event. */
    LeasedInboxEvent processNext() {
        LeasedInboxEvent event = leaseOne();
        processor.process(event);
        return event;
    }

    /** Lets the lease of whatever is leased run out, as when its worker stopped or hung. */
    void outliveTheLease() {
        clock.advance(TestWork.LEASE.plusSeconds(1));
    }

    Optional<ObjectState> stateOf(String objectId) {
        return state.find(ENDPOINT, key(objectId));
    }

    Instant now() {
        return clock.instant();
    }

    /** The completing transactions with the rollback the container would give them. */
    private static final class TransactionalCompletion extends ProcessingCompletion {

        private final FakeTransactions transactions;
        int groupTransactions;

        TransactionalCompletion(FakeTransactions transactions) {
            this.transactions = transactions;
        }

        @Override
        public boolean complete(LeasedInboxEvent event, Resolution resolution, Instant now) {
            return transactions.inNew(() -> super.complete(event, resolution, now));
        }

        @Override
        public List<Boolean> completeAll(List<Resolved> events, Instant now) {
            groupTransactions++;
            return transactions.inNew(() -> super.completeAll(events, now));
        }

        @Override
        public boolean retryLater(LeasedInboxEvent event, Instant nextAttemptAt, String redactedError, Instant now) {
            return transactions.inNew(() -> super.retryLater(event, nextAttemptAt, redactedError, now));
        }

        @Override
        public boolean waitLater(LeasedInboxEvent event, Instant nextLookAt, String redactedReason) {
            return transactions.inNew(() -> super.waitLater(event, nextLookAt, redactedReason));
        }

        @Override
        public boolean fail(LeasedInboxEvent event, String redactedError, Instant now) {
            return transactions.inNew(() -> super.fail(event, redactedError, now));
        }
    }
}
