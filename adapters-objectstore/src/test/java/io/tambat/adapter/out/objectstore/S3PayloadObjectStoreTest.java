package io.tambat.adapter.out.objectstore;

import static io.tambat.adapter.out.objectstore.InMemoryS3Server.BUCKET;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.webhook.SealedPayload;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.stream.IntStream;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.domain.BlobMetadata;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class S3PayloadObjectStoreTest {

    private static final String PREFIX = "payloads";
    private static final String SEALING_KEY_ID = "k1/row";
    private static final Instant LONG_AFTER = Instant.parse("2030-01-01T00:00:00Z");

    @RegisterExtension
    final InMemoryS3Server server = new InMemoryS3Server();

    private final List<S3PayloadObjectStore> opened = new ArrayList<>();

    @AfterEach
    void closeStores() {
        opened.forEach(S3PayloadObjectStore::close);
    }

    @Test
    void getsBackTheCiphertextThatWasPut() {
        S3PayloadObjectStore store = open(server.settings(PREFIX));
        PayloadObjectKey key = keyAt("2025-03-04T05:06:07Z");
        byte[] ciphertext = randomBytes(64 * 1024);

        store.put(key, new SealedPayload(SEALING_KEY_ID, ciphertext));

        assertThat(store.get(key, SEALING_KEY_ID)).hasValueSatisfying(payload -> {
            assertThat(payload.keyId()).isEqualTo(SEALING_KEY_ID);
            assertThat(payload.ciphertext()).isEqualTo(ciphertext);
        });
    }

    @Test
    void readsAnObjectRewrittenInTheBackgroundAsSealedThenWhateverItsRowStillSays() {
        S3PayloadObjectStore store = open(server.settings(PREFIX));
        PayloadObjectKey key = keyAt("2025-03-04T05:06:07Z");
        byte[] resealed = randomBytes(2 * 1024 * 1024);
        store.put(key, new SealedPayload(SEALING_KEY_ID, randomBytes(64)));

        store.putInBackground(key, new SealedPayload("k2/row", resealed));

        assertThat(store.get(key, SEALING_KEY_ID)).as("a re-seal whose row update rolled back still opens")
                .hasValueSatisfying(payload -> {
                    assertThat(payload.keyId()).isEqualTo("k2/row");
                    assertThat(payload.ciphertext()).isEqualTo(resealed);
                });
    }

    @Test
    void storesAnOpaqueObjectThatNamesItsSealingKey() {
        S3PayloadObjectStore store = open(server.settings(PREFIX));
        PayloadObjectKey key = keyAt("2025-03-04T05:06:07Z");

        store.put(key, sealed());

        BlobMetadata object = server.blobs().blobMetadata(BUCKET, PREFIX + "/" + key.value());
        assertThat(object.getUserMetadata()).containsEntry(S3PayloadObjectStore.SEALING_KEY_ID, SEALING_KEY_ID);
        assertThat(object.getContentMetadata().getContentType()).isEqualTo("application/octet-stream");
    }

    @Test
    void getsNothingForAKeyWithNoObject() {
        S3PayloadObjectStore store = open(server.settings(PREFIX));

        assertThat(store.get(keyAt("2025-03-04T05:06:07Z"), SEALING_KEY_ID)).isEmpty();
    }

    @Test
    void deletesMoreKeysThanOneBatchTakes() {
        S3PayloadObjectStore store = open(server.settings(PREFIX));
        List<PayloadObjectKey> keys = IntStream.range(0, 1_001)
                .mapToObj(second -> PayloadObjectKey.of(Instant.parse("2025-03-04T05:00:00Z").plusSeconds(second),
                        UUID.randomUUID()))
                .toList();
        BlobStore blobs = server.blobs();
        keys.forEach(key -> blobs.putBlob(BUCKET,
                blobs.blobBuilder(PREFIX + "/" + key.value()).payload(new byte[] {1}).build()));

        store.delete(keys);

        assertThat(blobs.countBlobs(BUCKET)).isZero();
    }

    @Test
    void deletesKeysWithNoObjectWithoutComplaint() {
        S3PayloadObjectStore store = open(server.settings(PREFIX));
        PayloadObjectKey stored = keyAt("2025-03-04T05:06:07Z");
        store.put(stored, sealed());

        store.delete(List.of(keyAt("2025-03-04T05:06:08Z"), stored, keyAt("2025-03-04T05:06:09Z")));
        store.delete(List.of(stored));
        store.delete(List.of());

        assertThat(store.get(stored, SEALING_KEY_ID)).isEmpty();
    }

    @Test
    void listsKeysOldestHourFirstOnePageAfterAnother() {
        S3PayloadObjectStore store = open(server.settings(PREFIX));
        PayloadObjectKey first = keyAt("2025-03-04T07:00:00Z");
        PayloadObjectKey second = keyAt("2025-03-04T08:30:00Z");
        PayloadObjectKey third = keyAt("2025-03-05T01:00:00Z");
        putAll(store, third, first, second);

        assertThat(store.writtenBefore(LONG_AFTER, Optional.empty(), 2)).containsExactly(first, second);
        assertThat(store.writtenBefore(LONG_AFTER, Optional.of(second), 2)).containsExactly(third);
        assertThat(store.writtenBefore(LONG_AFTER, Optional.of(third), 2)).isEmpty();
    }

    @Test
    void stopsListingAtTheFirstHourNotEndedBeforeTheCutoff() {
        S3PayloadObjectStore store = open(server.settings(PREFIX));
        PayloadObjectKey early = keyAt("2025-03-04T09:10:00Z");
        PayloadObjectKey late = keyAt("2025-03-04T09:50:00Z");
        PayloadObjectKey nextHour = keyAt("2025-03-04T10:05:00Z");
        putAll(store, early, late, nextHour);

        assertThat(store.writtenBefore(Instant.parse("2025-03-04T09:30:00Z"), Optional.empty(), 10)).isEmpty();
        assertThat(store.writtenBefore(Instant.parse("2025-03-04T10:00:00Z"), Optional.empty(), 10))
                .containsExactlyInAnyOrder(early, late);
        assertThat(store.writtenBefore(Instant.parse("2025-03-04T10:30:00Z"), Optional.empty(), 10))
                .containsExactlyInAnyOrder(early, late);
        assertThat(store.writtenBefore(Instant.parse("2025-03-04T11:00:00Z"), Optional.empty(), 10))
                .containsExactlyInAnyOrder(early, late, nextHour);
    }

    @Test
    void listsPastObjectsThatAreNotPayloadObjects() {
        S3PayloadObjectStore store = open(server.settings(PREFIX));
        BlobStore blobs = server.blobs();
        // One sorts before the payload object, one after it.
        for (String foreign : List.of("2024-notes.txt", "2025/03/04/05/not-an-inbox-id")) {
            blobs.putBlob(BUCKET, blobs.blobBuilder(PREFIX + "/" + foreign).payload(new byte[] {1}).build());
        }
        PayloadObjectKey key = keyAt("2025-03-04T05:06:07Z");
        store.put(key, sealed());

        assertThat(store.writtenBefore(LONG_AFTER, Optional.empty(), 1)).containsExactly(key);
        assertThat(store.writtenBefore(LONG_AFTER, Optional.of(key), 1)).isEmpty();
    }

    @Test
    void keepsObjectsUnderItsPrefixOutOfReachOfAnother() {
        S3PayloadObjectStore tenantA = open(server.settings("tenant-a"));
        S3PayloadObjectStore tenantAB = open(server.settings("tenant-ab"));
        PayloadObjectKey keyOfA = keyAt("2025-03-04T05:06:07Z");
        PayloadObjectKey keyOfAB = keyAt("2025-03-04T05:06:08Z");

        tenantA.put(keyOfA, sealed());
        tenantAB.put(keyOfAB, sealed());

        assertThat(server.blobs().blobExists(BUCKET, "tenant-a/" + keyOfA.value())).isTrue();
        assertThat(tenantAB.get(keyOfA, SEALING_KEY_ID)).isEmpty();
        assertThat(tenantA.writtenBefore(LONG_AFTER, Optional.empty(), 10)).containsExactly(keyOfA);
        assertThat(tenantAB.writtenBefore(LONG_AFTER, Optional.empty(), 10)).containsExactly(keyOfAB);
    }

    @Test
    void putsKeysAtTheRootOfTheBucketWithAnEmptyPrefix() {
        S3PayloadObjectStore store = open(server.settings(""));
        PayloadObjectKey key = keyAt("2025-03-04T05:06:07Z");

        store.put(key, sealed());

        assertThat(server.blobs().blobExists(BUCKET, key.value())).isTrue();
        assertThat(store.writtenBefore(LONG_AFTER, Optional.empty(), 10)).containsExactly(key);
        assertThat(store.get(key, SEALING_KEY_ID)).isPresent();
    }

    @Test
    void failsAPutWithinAProvidersWaitWhenTheStoreIsAway() throws Exception {
        S3PayloadObjectStore store = open(server.settings(PREFIX));
        store.put(keyAt("2025-03-04T05:06:07Z"), sealed());
        server.stop();

        long start = System.nanoTime();
        assertThatThrownBy(() -> store.put(keyAt("2025-03-04T05:06:08Z"), sealed()))
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("the object store is unavailable");

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(S3PayloadStoreSettings.PROVIDER_WAIT);
    }

    @Test
    void givesUpOnAPutAtItsDeadlineWhenTheStoreNeverAnswers() throws Exception {
        // The SDK's first call in this JVM loads its classes; that is not what is timed here.
        open(server.settings(PREFIX)).put(keyAt("2025-03-04T05:06:07Z"), sealed());
        // Connections are taken into the backlog and never answered.
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            S3PayloadObjectStore store = open(InMemoryS3Server.settings(
                    URI.create("http://127.0.0.1:" + silent.getLocalPort()), BUCKET, PREFIX,
                    InMemoryS3Server.SECRET_KEY));

            long start = System.nanoTime();
            assertThatThrownBy(() -> store.put(keyAt("2025-03-04T05:06:08Z"), sealed()))
                    .isInstanceOf(StoreUnavailableException.class)
                    .hasMessageContaining("the object store is unavailable");

            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isBetween(S3PayloadStoreSettings.DEFAULT_PUT_TIMEOUT, S3PayloadStoreSettings.PROVIDER_WAIT);
        }
    }

    @Test
    void callsAMissingBucketAConfigurationProblem() {
        S3PayloadObjectStore store = open(InMemoryS3Server.settings(server.endpoint(), "no-such-bucket", PREFIX,
                InMemoryS3Server.SECRET_KEY));
        PayloadObjectKey key = keyAt("2025-03-04T05:06:07Z");

        assertThatThrownBy(() -> store.put(key, sealed()))
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("a configuration problem")
                .hasMessageContaining("no-such-bucket")
                .hasMessageContaining("NoSuchBucket");
        assertThatThrownBy(() -> store.get(key, SEALING_KEY_ID))
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("a configuration problem");
        assertThatThrownBy(() -> store.writtenBefore(LONG_AFTER, Optional.empty(), 10))
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("a configuration problem");
    }

    @Test
    void callsCredentialsTheStoreRefusesAConfigurationProblemWithoutShowingThem() {
        String wrongSecret = "not-the-secret-key";
        S3PayloadObjectStore store = open(InMemoryS3Server.settings(server.endpoint(), BUCKET, PREFIX, wrongSecret));

        assertThatThrownBy(() -> store.put(keyAt("2025-03-04T05:06:07Z"), sealed()))
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("a configuration problem")
                .hasMessageNotContaining(wrongSecret);
    }

    private static void putAll(S3PayloadObjectStore store, PayloadObjectKey... keys) {
        for (PayloadObjectKey key : keys) {
            store.put(key, sealed());
        }
    }

    private S3PayloadObjectStore open(S3PayloadStoreSettings settings) {
        S3PayloadObjectStore store = S3PayloadObjectStore.create(settings);
        opened.add(store);
        return store;
    }

    private static PayloadObjectKey keyAt(String receivedAt) {
        return PayloadObjectKey.of(Instant.parse(receivedAt), UUID.randomUUID());
    }

    private static SealedPayload sealed() {
        return new SealedPayload(SEALING_KEY_ID, randomBytes(128));
    }

    private static byte[] randomBytes(int size) {
        byte[] bytes = new byte[size];
        new Random().nextBytes(bytes);
        return bytes;
    }
}
