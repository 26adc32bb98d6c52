package io.tambat.application.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tambat.application.identity.TimeOrderedIds;
import io.tambat.application.payload.PayloadStores;
import io.tambat.application.testing.BodyDigests;
import io.tambat.application.testing.EndpointBuilder;
import io.tambat.application.testing.FakeTransactions;
import io.tambat.application.testing.FiredEvents;
import io.tambat.application.testing.FixedEndpoints;
import io.tambat.application.testing.InMemoryForwarding;
import io.tambat.application.testing.InMemoryInbox;
import io.tambat.application.testing.InMemoryObjectStore;
import io.tambat.application.testing.MutableClock;
import io.tambat.application.testing.RecordingIngressMetrics;
import io.tambat.application.testing.RecordingTracing;
import io.tambat.application.testing.SealingCipher;
import io.tambat.application.testing.TestDestinations;
import io.tambat.application.testing.TestWork;
import io.tambat.application.transaction.GroupCommitSettings;
import io.tambat.application.work.BackgroundYield;
import io.tambat.application.work.StorageStatus;
import io.tambat.application.work.YieldSettings;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.forwarding.DeliveriesRecorded;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.forwarding.RetrySchedule;
import io.tambat.domain.model.inbox.InboxStatus;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.model.webhook.ReceiptStatus;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.model.webhook.WebhookReceipt;
import io.tambat.domain.port.out.webhook.InboxPort;
import io.tambat.provider.spi.ProviderAdapter;
import io.tambat.provider.spi.ProviderReply;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SecretVersion;
import io.tambat.provider.spi.WebhookRejectedException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ReceiveWebhookServiceTest {

    private static final String V1 = "secret-one";
    private static final String V2 = "secret-two";
    private static final String BODY = "evt_1 payment.succeeded";
    private static final Duration RETRY_AFTER = Duration.ofSeconds(7);

    private final MutableClock clock = MutableClock.start();
    private final InMemoryInbox inbox = new InMemoryInbox();
    private final InMemorySecretStore secretStore = new InMemorySecretStore();
    private final RecordingIngressMetrics metrics = new RecordingIngressMetrics();
    private final ReadySwitch storage = new ReadySwitch();
    private final WebhookEndpoint shop = EndpointBuilder.endpoint("shop").build();
    private final WebhookEndpoint guarded = EndpointBuilder.endpoint("guarded").unverifiedRateLimit(2).build();
    private final WebhookEndpoint limited = EndpointBuilder.endpoint("limited").rateLimit(1).build();
    private final WebhookEndpoint paymentsOnly = EndpointBuilder.endpoint("payments-only")
            .eventTypes("payment.succeeded").build();
    private final WebhookEndpoint locked = EndpointBuilder.endpoint("locked").build();
    private final TrustedSecrets secrets = new TrustedSecrets();
    private final TestProviderAdapter adapter = new TestProviderAdapter();
    private final InMemoryForwarding forwarding = new InMemoryForwarding();
    private final FiredEvents<DeliveriesRecorded> recorded = new FiredEvents<>();
    private final Destinations destinations = new Destinations(List.of(destination("every-endpoint", Optional.empty()),
            destination("payments-hooks", Optional.of(Set.of("payments-only")))));
    private final RecordingTracing tracing = new RecordingTracing();
    private final ReceiveWebhookService service = service();

    ReceiveWebhookServiceTest() {
        for (WebhookEndpoint endpoint : List.of(shop, guarded, limited, paymentsOnly, locked)) {
            secretStore.add(endpoint.id(), new SecretVersion("v1", V1), clock.instant());
        }
        storage.ready = true;
    }

    @Test
    void acceptsAnAuthenticDeliveryAndStoresItOnce() {
        WebhookReceipt receipt = receive(shop, valid(BODY).build());

        assertThat(receipt.status()).isEqualTo(ReceiptStatus.ACCEPTED);
        assertThat(inbox.rows()).singleElement().satisfies(row -> {
            assertThat(row.entry().inboxId()).isEqualTo(receipt.inboxIds().get(0));
            // time-ordered: a version 7 id that starts with the clock's millisecond
            assertThat(row.entry().inboxId().version()).isEqualTo(7);
            assertThat(row.entry().inboxId().getMostSignificantBits() >>> 16).isEqualTo(clock.millis());
            assertThat(row.entry().event().providerEventId()).isEqualTo("evt_1");
            assertThat(row.entry().matchedSecretVersion()).isEqualTo("v1");
            assertThat(row.entry().receivedAt()).isEqualTo(clock.instant());
            assertThat(row.status()).isEqualTo(InboxStatus.RECEIVED);
            assertThat(storedBody(row.entry())).isEqualTo(BODY);
        });
        assertThat(metrics.recorded).containsExactly("matched shop v1", "committed");
    }

    @Test
    void timesEachDeliveryFromItsReadBodyToItsAnswerSoThatBackgroundWorkYieldsWhileDeliveriesAreSlow() {
        long[] now = {0};
        // Every reading of the clock is 40 ms after the one before: the delivery takes 40 ms, over the 25 allowed.
        service.backgroundYield = new BackgroundYield(new YieldSettings(Duration.ofMillis(25), 32, 0.05), share -> {
        }, () -> now[0] += Duration.ofMillis(40).toNanos());

        assertThat(receive(shop, valid(BODY).build()).status()).isEqualTo(ReceiptStatus.ACCEPTED);

        assertThat(service.backgroundYield.share()).isEqualTo(0.5);
    }

    @Test
    void recordsOneForwardPerDestinationThatTakesAStoredEventInItsTransaction() {
        WebhookReceipt receipt = receive(shop, valid(BODY).withHeader("Content-Type", "application/json")
                .build());

        UUID inboxId = receipt.inboxIds().get(0);
        assertThat(forwarding.rows()).singleElement().satisfies(row -> {
            assertThat(row.forward().destinationId()).isEqualTo("every-endpoint");
            assertThat(row.forward().type()).isEqualTo(MessageType.EVENT);
            assertThat(row.forward().messageId()).isEqualTo(inboxId.toString());
            assertThat(row.forward().inboxId()).isEqualTo(inboxId);
            assertThat(row.forward().orderingKey()).as("an event naming no object").isEqualTo(inboxId.toString());
            assertThat(row.forward().createdAt()).isEqualTo(clock.instant());
        });
        assertThat(inbox.rows()).singleElement()
                .satisfies(row -> assertThat(row.entry().contentType()).contains("application/json"));
        assertThat(recorded.fired()).as("senders are woken once it commits").hasSize(1);
    }

    @Test
    void recordsNoForwardForADuplicateNorForADeliveryTheStoreRefused() {
        receive(shop, valid(BODY).build());
        receive(shop, valid(BODY).build());
        assertThat(forwarding.rows()).hasSize(1);
        assertThat(recorded.fired()).as("nothing new to send for the duplicate").hasSize(1);

        inbox.becomeUnavailable();
        rejection(() -> receive(shop, valid(BODY + "\nevt_2 payment.refunded").build()));

        assertThat(forwarding.rows()).hasSize(1);
    }

    @Test
    void storesTheTraceContextOfTheRequestThatAcceptedTheEvent() {
        tracing.withCurrent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");

        receive(shop, valid(BODY).build());

        assertThat(inbox.rows()).singleElement().satisfies(row -> assertThat(row.entry().traceContext())
                .contains("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"));
    }

    @Test
    void reportsARedeliveredEventAsDuplicateWithoutStoringItAgain() {
        WebhookReceipt first = receive(shop, valid(BODY).build());
        clock.advance(Duration.ofMinutes(1));

        WebhookReceipt redelivered = receive(shop, valid(BODY).build());

        assertThat(redelivered.status()).isEqualTo(ReceiptStatus.DUPLICATE);
        assertThat(redelivered.inboxIds()).isEqualTo(first.inboxIds());
        assertThat(inbox.rows()).hasSize(1);
    }

    @Test
    void acceptsABatchWhenAnyOfItsEventsIsNew() {
        receive(shop, valid(BODY).build());

        WebhookReceipt batch = receive(shop, valid(BODY + "\nevt_2 payment.refunded").build());

        assertThat(batch.status()).isEqualTo(ReceiptStatus.ACCEPTED);
        assertThat(inbox.rows()).extracting(row -> row.entry().event().providerEventId())
                .containsExactly("evt_1", "evt_2");
    }

    @Test
    void acknowledgesButStoresNothingOfAnEventTypeTheEndpointDoesNotTake() {
        WebhookReceipt receipt = receive(paymentsOnly, valid("evt_1 dispute.created").build());

        assertThat(receipt.status()).isEqualTo(ReceiptStatus.IGNORED);
        assertNothingStored();
    }

    @Test
    void answersAProtocolStepAsTheProviderWantsAndStoresNothing() {
        WebhookReceipt receipt = receive(shop, valid("challenge 3eZbrw1aBm2r").build());

        assertThat(receipt.status()).isEqualTo(ReceiptStatus.ANSWERED);
        assertThat(receipt.reply()).contains(new ProviderReply("text/plain", "3eZbrw1aBm2r"));
        assertThat(receipt.inboxIds()).isEmpty();
        assertNothingStored();
    }

    @Test
    void answersNoProtocolStepThatFailsVerification() {
        rejection(() -> receive(shop, valid("challenge 3eZbrw1aBm2r").signedWith("forged").build()));
        assertNothingStored();
    }

    @Test
    void acknowledgesEveryOutcomeWithTheProvidersOwnBodyWhenItWantsOne() {
        ProviderReply accepted = new ProviderReply("text/plain", "[accepted]");
        adapter.acknowledgeWith(accepted);

        WebhookReceipt first = receive(shop, valid(BODY).build());
        WebhookReceipt again = receive(shop, valid(BODY).build());
        WebhookReceipt ignored = receive(paymentsOnly, valid("evt_9 dispute.created").build());

        assertThat(List.of(first, again, ignored)).extracting(WebhookReceipt::status)
                .containsExactly(ReceiptStatus.ACCEPTED, ReceiptStatus.DUPLICATE, ReceiptStatus.IGNORED);
        assertThat(List.of(first, again, ignored)).extracting(WebhookReceipt::reply)
                .containsOnly(Optional.of(accepted));
        assertThat(again.inboxIds()).isEqualTo(first.inboxIds());
    }

    @Test
    void answersWithItsOwnReceiptWhenTheProviderWantsNoParticularBody() {
        assertThat(receive(shop, valid(BODY).build()).reply()).isEmpty();
    }

    @Test
    void rejectsAnInvalidSignatureAndStoresNothing() {
        WebhookRejectedException rejected = rejection(() ->
                receive(shop, valid(BODY).signedWith("not-a-trusted-secret").build()));

        assertThat(rejected.rejection()).isEqualTo(Rejection.SIGNATURE_INVALID);
        assertNothingStored();
    }

    @Test
    void rejectsAMissingSignatureAndStoresNothing() {
        WebhookRejectedException rejected = rejection(() ->
                receive(shop, valid(BODY).withoutSignature().build()));

        assertThat(rejected.rejection()).isEqualTo(Rejection.SIGNATURE_MISSING);
        assertNothingStored();
    }

    @Test
    void rejectsADuplicatedSignatureHeaderAsMissing() {
        WebhookRejectedException rejected = rejection(() ->
                receive(shop, valid(BODY).withHeader("test-signature", "00").build()));

        assertThat(rejected.rejection()).isEqualTo(Rejection.SIGNATURE_MISSING);
        assertNothingStored();
    }

    @ParameterizedTest
    @ValueSource(longs = {-301, 301})
    void rejectsASignedTimestampOutsideTheToleranceInEitherDirection(long offsetSeconds) {
        Instant signedAt = clock.instant().plusSeconds(offsetSeconds);

        WebhookRejectedException rejected = rejection(() ->
                receive(shop, valid(BODY).signedAt(signedAt).build()));

        assertThat(rejected.rejection()).isEqualTo(Rejection.TIMESTAMP_STALE);
        assertNothingStored();
    }

    @Test
    void acceptsEitherTrustedVersionWhileASecretIsRotated() {
        secretStore.add(shop.id(), new SecretVersion("v2", V2), clock.instant());

        receive(shop, valid("evt_1 payment.succeeded").build());
        receive(shop, valid("evt_2 payment.succeeded").signedWith(V2).build());

        assertThat(inbox.rows()).extracting(row -> row.entry().matchedSecretVersion()).containsExactly("v1", "v2");
    }

    @Test
    void refusesARetiredSecretVersion() {
        secretStore.add(shop.id(), new SecretVersion("v2", V2), clock.instant());
        receive(shop, valid("evt_1 payment.succeeded").build());

        secretStore.retire(shop.id(), "v1", clock.instant());
        secrets.changed(new SecretsChanged(shop.id()));

        WebhookRejectedException rejected = rejection(() ->
                receive(shop, valid("evt_2 payment.succeeded").build()));
        assertThat(rejected.rejection()).isEqualTo(Rejection.SIGNATURE_INVALID);
        receive(shop, valid("evt_3 payment.succeeded").signedWith(V2).build());
        assertThat(inbox.rows()).extracting(row -> row.entry().event().providerEventId())
                .containsExactly("evt_1", "evt_3");
    }

    @Test
    void saysOnceThatTheDeliveryVerifiedBeforeAnythingIsStored() {
        List<Integer> rowsWhenVerified = new ArrayList<>();

        service.receive(shop, valid(BODY).build(), () -> rowsWhenVerified.add(inbox.rows().size()));

        assertThat(rowsWhenVerified).containsExactly(0);
        assertThat(inbox.rows()).hasSize(1);
    }

    @Test
    void neverSaysThatARefusedDeliveryVerified() {
        List<String> verified = new ArrayList<>();

        rejection(() -> service.receive(shop, valid(BODY).signedWith("forged").build(),
                () -> verified.add("forged")));
        rejection(() -> service.receive(shop, valid(BODY).withoutSignature().build(),
                () -> verified.add("unsigned")));
        rejection(() -> service.receive(shop, valid(BODY).signedAt(clock.instant().minusSeconds(301)).build(),
                () -> verified.add("stale")));

        assertThat(verified).isEmpty();
    }

    @Test
    void throttlesRequestsFailingVerificationOnceTheirAllowanceIsSpent() {
        List<Rejection> answers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            answers.add(rejection(() -> receive(guarded, valid(BODY).signedWith("forged").build()))
                    .rejection());
        }

        assertThat(answers).containsExactly(Rejection.SIGNATURE_INVALID, Rejection.SIGNATURE_INVALID,
                Rejection.RATE_LIMITED);
        assertNothingStored();
    }

    @Test
    void tellsAThrottledSenderWhenItsNextFailureWouldBeAllowed() {
        for (int i = 0; i < 2; i++) {
            rejection(() -> receive(guarded, valid(BODY).withoutSignature().build()));
        }

        WebhookRejectedException throttled = rejection(() ->
                receive(guarded, valid(BODY).withoutSignature().build()));
        clock.advance(Duration.ofMillis(500));
        WebhookRejectedException afterTheWait = rejection(() ->
                receive(guarded, valid(BODY).withoutSignature().build()));

        assertThat(throttled.rejection()).isEqualTo(Rejection.RATE_LIMITED);
        assertThat(throttled.retryAfter()).contains(Duration.ofMillis(500));
        assertThat(afterTheWait.rejection()).isEqualTo(Rejection.SIGNATURE_MISSING);
    }

    @Test
    void keepsAcceptingAuthenticDeliveriesWhileForgeriesAreThrottled() {
        for (int i = 0; i < 3; i++) {
            rejection(() -> receive(guarded, valid(BODY).signedWith("forged").build()));
        }

        WebhookReceipt authentic = receive(guarded, valid(BODY).build());

        assertThat(authentic.status()).isEqualTo(ReceiptStatus.ACCEPTED);
        assertThat(inbox.rows()).hasSize(1);
    }

    @Test
    void throttlesAuthenticDeliveriesBeyondTheEndpointsRateLimit() {
        receive(limited, valid("evt_1 payment.succeeded").build());

        WebhookRejectedException rejected = rejection(() ->
                receive(limited, valid("evt_2 payment.succeeded").build()));

        assertThat(rejected.rejection()).isEqualTo(Rejection.RATE_LIMITED);
        assertThat(inbox.rows()).extracting(row -> row.entry().event().providerEventId()).containsExactly("evt_1");
    }

    @Test
    void putsTheSealedBodyInTheObjectStoreBeforeTheRowThatNamesItCommits() {
        InMemoryObjectStore objects = new InMemoryObjectStore();
        service.payloads = PayloadStores.inObjectStore(new SealingCipher(), objects, metrics);

        WebhookReceipt receipt = receive(shop, valid(BODY).build());

        UUID inboxId = receipt.inboxIds().get(0);
        PayloadObjectKey key = PayloadObjectKey.of(clock.instant(), inboxId);
        assertThat(inbox.rows()).singleElement().satisfies(row -> assertThat(row.entry().payload())
                .isEqualTo(new StoredPayload.InObjectStore(key, SealingCipher.KEY_ID)));
        assertThat(objects.objects()).containsOnlyKeys(key.value());
        byte[] aad = NewInboxEvent.payloadAssociatedData(inboxId, "test", shop.id(), "evt_1");
        assertThat(new String(new SealingCipher().open(objects.objects().get(key.value()), aad),
                StandardCharsets.UTF_8)).isEqualTo(BODY);
        assertThat(metrics.recorded).containsExactly("matched shop v1", "payload put", "committed");
    }

    @Test
    void refusesAsStorageUnavailableAndStoresNoRowWhenTheObjectStoreDoesNotTakeThePayload() {
        InMemoryObjectStore objects = new InMemoryObjectStore();
        objects.available(false);
        service.payloads = PayloadStores.inObjectStore(new SealingCipher(), objects);

        WebhookRejectedException rejected = rejection(() -> receive(shop, valid(BODY).build()));

        assertThat(rejected.rejection()).isEqualTo(Rejection.STORAGE_UNAVAILABLE);
        assertThat(rejected.retryAfter()).contains(RETRY_AFTER);
        assertThat(rejected).hasCauseInstanceOf(StoreUnavailableException.class);
        assertThat(inbox.rows()).isEmpty();
        assertThat(forwarding.rows()).isEmpty();
        assertThat(metrics.recorded).doesNotContain("committed");
    }

    @Test
    void refusesAsStorageUnavailableAndAcknowledgesNothingWhenTheInboxCannotAnswer() {
        inbox.becomeUnavailable();

        WebhookRejectedException rejected = rejection(() -> receive(shop, valid(BODY).build()));

        assertThat(rejected.rejection()).isEqualTo(Rejection.STORAGE_UNAVAILABLE);
        assertThat(rejected.retryAfter()).contains(RETRY_AFTER);
        assertThat(rejected).hasCauseInstanceOf(StoreUnavailableException.class);
        assertThat(inbox.rows()).isEmpty();
        assertThat(metrics.recorded).doesNotContain("committed");
    }

    @Test
    void refusesAsSecretsUnavailableWhenTheSecretStoreCannotAnswer() {
        secretStore.becomeUnavailable();

        WebhookRejectedException rejected = rejection(() -> receive(shop, valid(BODY).build()));

        assertThat(rejected.rejection()).isEqualTo(Rejection.SECRETS_UNAVAILABLE);
        assertThat(rejected.retryAfter()).contains(RETRY_AFTER);
        assertNothingStored();
    }

    @Test
    void refusesAsSecretsUnavailableAnEndpointWhoseSecretDoesNotOpenWhileOtherEndpointsKeepAccepting() {
        secretStore.loseTheKeyOf(locked.id(), "v1");

        WebhookRejectedException refused = rejection(() ->
                receive(locked, valid("evt_1 payment.succeeded").build()));
        WebhookReceipt accepted = receive(shop, valid("evt_2 payment.succeeded").build());

        assertThat(refused.rejection()).isEqualTo(Rejection.SECRETS_UNAVAILABLE);
        assertThat(refused.retryAfter()).contains(RETRY_AFTER);
        assertThat(refused.getMessage()).doesNotContain(V1).doesNotContain("v1");
        assertThat(accepted.status()).isEqualTo(ReceiptStatus.ACCEPTED);
        assertThat(inbox.rows()).singleElement().satisfies(row -> {
            assertThat(row.entry().endpointId()).isEqualTo(shop.id());
            assertThat(row.entry().event().providerEventId()).isEqualTo("evt_2");
        });
    }

    @Test
    void acceptsWhatAnOpeningVersionVerifiesWhileAnotherVersionOfTheEndpointDoesNotOpen() {
        secretStore.add(shop.id(), new SecretVersion("v2", V2), clock.instant());
        secretStore.loseTheKeyOf(shop.id(), "v2");

        WebhookReceipt signedWithV1 = receive(shop, valid("evt_1 payment.succeeded").build());
        WebhookRejectedException signedWithV2 = rejection(() ->
                receive(shop, valid("evt_2 payment.succeeded").signedWith(V2).build()));

        assertThat(signedWithV1.status()).isEqualTo(ReceiptStatus.ACCEPTED);
        assertThat(signedWithV2.rejection()).isEqualTo(Rejection.SECRETS_UNAVAILABLE);
        assertThat(inbox.rows()).extracting(row -> row.entry().event().providerEventId()).containsExactly("evt_1");
    }

    @Test
    void cannotTellAForgeryFromAnAuthenticDeliveryWhileAVersionDoesNotOpen() {
        secretStore.loseTheKeyOf(locked.id(), "v1");

        WebhookRejectedException forged = rejection(() ->
                receive(locked, valid(BODY).signedWith("forged").build()));

        assertThat(forged.rejection()).as("retried by the provider, never stored")
                .isEqualTo(Rejection.SECRETS_UNAVAILABLE);
        assertNothingStored();
    }

    @Test
    void refusesDeliveriesUntilStorageIsReady() {
        storage.ready = false;

        WebhookRejectedException rejected = rejection(() -> service.admit("test", "shop", "text/plain"));

        assertThat(rejected.rejection()).isEqualTo(Rejection.STORAGE_UNAVAILABLE);
        assertThat(rejected.retryAfter()).contains(RETRY_AFTER);
    }

    @Test
    void admitsAKnownEndpointOfItsOwnProviderOnceStorageIsReady() {
        assertThat(service.admit("test", "shop", "text/plain; charset=utf-8")).isEqualTo(shop);
    }

    @Test
    void refusesAnEndpointAddressedUnderAnotherProvider() {
        WebhookRejectedException rejected = rejection(() -> service.admit("stripe", "shop", "text/plain"));

        assertThat(rejected.rejection()).isEqualTo(Rejection.UNKNOWN_ENDPOINT);
    }

    @Test
    void refusesAContentTypeTheProviderDoesNotSend() {
        WebhookRejectedException rejected = rejection(() -> service.admit("test", "shop", "application/xml"));

        assertThat(rejected.rejection()).isEqualTo(Rejection.UNSUPPORTED_MEDIA_TYPE);
    }

    /** Receives as the HTTP edge does, for tests that hold nothing until verification. */
    private WebhookReceipt receive(WebhookEndpoint endpoint, RawDelivery delivery) {
        return service.receive(endpoint, delivery, () -> { });
    }

    private TestProviderAdapter.Delivery valid(String body) {
        return TestProviderAdapter.delivery(body, V1, clock.instant());
    }

    private static WebhookRejectedException rejection(ThrowingCallable call) {
        WebhookRejectedException rejected = catchThrowableOfType(WebhookRejectedException.class, call);
        assertThat(rejected).as("a rejection").isNotNull();
        return rejected;
    }

    private void assertNothingStored() {
        assertThat(inbox.rows()).isEmpty();
        assertThat(forwarding.rows()).isEmpty();
    }

    private static Destination destination(String id, Optional<Set<String>> endpoints) {
        return TestDestinations.http(id, Set.of(MessageType.EVENT), endpoints, RetrySchedule.DEFAULT, 1);
    }

    private static String storedBody(NewInboxEvent entry) {
        byte[] aad = NewInboxEvent.payloadAssociatedData(entry.inboxId(), entry.provider(), entry.endpointId(),
                entry.event().providerEventId());
        return new String(new SealingCipher().open(((StoredPayload.InRow) entry.payload()).sealed(), aad),
                StandardCharsets.UTF_8);
    }

    private ReceiveWebhookService service() {
        IngressSettings settings = new IngressSettings(Duration.ofMinutes(1), RETRY_AFTER,
                new GroupCommitSettings(64, 2, Duration.ofSeconds(10)));
        secrets.store = secretStore;
        secrets.settings = settings;
        secrets.clock = clock;
        FakeTransactions transactions = new FakeTransactions(inbox, forwarding);
        InboxAcceptance acceptance = new InboxAcceptance() {
            @Override
            public List<InboxPort.Insertion> accept(List<NewInboxEvent> entries,
                    Optional<Duration> replayWindow, Instant now) {
                return transactions.inNew(() -> super.accept(entries, replayWindow, now));
            }
        };
        acceptance.inbox = inbox;
        acceptance.destinations = destinations;
        acceptance.forwarding = forwarding;
        acceptance.recorded = recorded;
        InboxGroupCommit groupCommit = new InboxGroupCommit();
        groupCommit.acceptance = acceptance;
        groupCommit.settings = settings;
        groupCommit.clock = clock;
        groupCommit.start();
        ReceiveWebhookService built = new ReceiveWebhookService();
        built.endpoints = new FixedEndpoints(shop, guarded, limited, paymentsOnly, locked);
        built.adapters = new OnlyTheTestProvider(adapter);
        built.rateLimits = new RateLimits();
        built.secrets = secrets;
        built.payloads = PayloadStores.inRows(new SealingCipher());
        built.digests = new BodyDigests();
        built.acceptance = acceptance;
        built.groupCommit = groupCommit;
        built.metrics = metrics;
        built.settings = settings;
        built.storage = storage;
        built.clock = clock;
        built.ids = new TimeOrderedIds(clock);
        built.tracing = tracing;
        built.backgroundYield = TestWork.neverYielding();
        return built;
    }

    /** The adapters on the class path, as far as these tests go: the test provider alone. */
    private static final class OnlyTheTestProvider extends ProviderAdapters {
        private final ProviderAdapter adapter;

        OnlyTheTestProvider(ProviderAdapter adapter) {
            this.adapter = adapter;
        }

        @Override
        public Optional<ProviderAdapter> find(String provider) {
            return Optional.of(adapter).filter(found -> found.provider().equals(provider));
        }
    }

    /** Storage readiness as a test sets it, instead of the start-up event. */
    private static final class ReadySwitch extends StorageStatus {
        private boolean ready;

        @Override
        public boolean ready() {
            return ready;
        }
    }
}
