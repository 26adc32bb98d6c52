package io.tambat.adapter.out.objectstore;

import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.inbox.PayloadObjectStorePort;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Error;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Payload objects in an S3 bucket, at {@code <prefix>/<key>} (at {@code <key>} when the prefix is empty). An
 * object's body is the ciphertext as sealed, typed {@code application/octet-stream}, with the id of the key that
 * sealed it in its user metadata ({@value #SEALING_KEY_ID}), so that an object can be told apart without its row.
 * Thread-safe, as its {@link S3Client} is; closing the store closes the client.
 */
public final class S3PayloadObjectStore implements PayloadObjectStorePort, AutoCloseable {

    /** The user metadata entry ({@code x-amz-meta-sealing-key-id}) that names what sealed an object. */
    static final String SEALING_KEY_ID = "sealing-key-id";

    /** S3 refuses a DeleteObjects of more keys. */
    private static final int DELETE_BATCH = 1000;

    /** S3 answers a ListObjectsV2 with at most this many keys. */
    private static final int LIST_PAGE = 1000;

    private static final String CONTENT_TYPE = "application/octet-stream";

    private final S3Client s3;
    private final String bucket;
    private final String keyPrefix;
    private final AwsRequestOverrideConfiguration putDeadline;
    private final S3Failures failures;

    S3PayloadObjectStore(S3Client s3, S3PayloadStoreSettings settings) {
        this.s3 = s3;
        this.bucket = settings.bucket();
        this.keyPrefix = settings.prefix().isEmpty() ? "" : settings.prefix() + "/";
        this.putDeadline = AwsRequestOverrideConfiguration.builder().apiCallTimeout(settings.putTimeout()).build();
        this.failures = new S3Failures(settings.bucket());
    }

    /** A store with an S3 client of its own, built from the settings. */
    public static S3PayloadObjectStore create(S3PayloadStoreSettings settings) {
        return new S3PayloadObjectStore(S3Clients.forSettings(settings), settings);
    }

    @Override
    public void put(PayloadObjectKey key, SealedPayload payload) {
        put(key, payload, Optional.of(putDeadline));
    }

    /** With the client's deadline for background calls ({@link S3Clients#BACKGROUND_CALL_TIMEOUT}). */
    @Override
    public void putInBackground(PayloadObjectKey key, SealedPayload payload) {
        put(key, payload, Optional.empty());
    }

    private void put(PayloadObjectKey key, SealedPayload payload, Optional<AwsRequestOverrideConfiguration> deadline) {
        byte[] ciphertext = payload.ciphertext();
        PutObjectRequest.Builder builder = PutObjectRequest.builder()
                .bucket(bucket)
                .key(objectKey(key))
                .contentType(CONTENT_TYPE)
                .metadata(Map.of(SEALING_KEY_ID, payload.keyId()));
        deadline.ifPresent(builder::overrideConfiguration);
        PutObjectRequest request = builder.build();
        try {
            // Read from the sealed array itself, never copied: a payload may be megabytes.
            s3.putObject(request, RequestBody.fromContentProvider(
                    ContentStreamProvider.fromByteArrayUnsafe(ciphertext), ciphertext.length, CONTENT_TYPE));
        } catch (SdkException e) {
            throw failures.of("put of payload object " + key.value(), e);
        }
    }

    @Override
    public Optional<SealedPayload> get(PayloadObjectKey key, String sealingKeyId) {
        GetObjectRequest request = GetObjectRequest.builder().bucket(bucket).key(objectKey(key)).build();
        try {
            ResponseBytes<GetObjectResponse> object = s3.getObjectAsBytes(request);
            String sealedWith = object.response().metadata().getOrDefault(SEALING_KEY_ID, sealingKeyId);
            return Optional.of(new SealedPayload(sealedWith, object.asByteArrayUnsafe()));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (SdkException e) {
            throw failures.of("get of payload object " + key.value(), e);
        }
    }

    @Override
    public void delete(Collection<PayloadObjectKey> keys) {
        List<ObjectIdentifier> objects = keys.stream()
                .map(key -> ObjectIdentifier.builder().key(objectKey(key)).build())
                .toList();
        for (int from = 0; from < objects.size(); from += DELETE_BATCH) {
            List<ObjectIdentifier> batch = objects.subList(from, Math.min(from + DELETE_BATCH, objects.size()));
            String call = "delete of " + batch.size() + " payload objects";
            DeleteObjectsResponse response;
            try {
                // Quiet: the answer lists only the keys that could not be deleted.
                response = s3.deleteObjects(request -> request.bucket(bucket)
                        .delete(Delete.builder().objects(batch).quiet(true).build()));
            } catch (SdkException e) {
                throw failures.of(call, e);
            }
            // S3 deletes a missing key without a word; a store that reports it has still nothing left to delete.
            List<S3Error> notDeleted = response.errors().stream()
                    .filter(error -> !"NoSuchKey".equals(error.code()))
                    .toList();
            if (!notDeleted.isEmpty()) {
                throw failures.notDeleted(call, notDeleted);
            }
        }
    }

    @Override
    public List<PayloadObjectKey> writtenBefore(Instant before, Optional<PayloadObjectKey> after, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be positive: " + limit);
        }
        List<PayloadObjectKey> keys = new ArrayList<>();
        Optional<String> startAfter = after.map(this::objectKey);
        while (true) {
            ListObjectsV2Response page = list(startAfter, Math.min(limit - keys.size(), LIST_PAGE));
            for (S3Object object : page.contents()) {
                Optional<PayloadObjectKey> key = PayloadObjectKey.parse(object.key().substring(keyPrefix.length()));
                if (key.isEmpty()) {
                    continue;
                }
                if (!key.get().hourEndedBy(before)) {
                    return keys;
                }
                keys.add(key.get());
                if (keys.size() == limit) {
                    return keys;
                }
            }
            if (!Boolean.TRUE.equals(page.isTruncated()) || page.contents().isEmpty()) {
                return keys;
            }
            startAfter = Optional.of(page.contents().get(page.contents().size() - 1).key());
        }
    }

    @Override
    public void close() {
        s3.close();
    }

    private ListObjectsV2Response list(Optional<String> startAfter, int maxKeys) {
        ListObjectsV2Request.Builder request = ListObjectsV2Request.builder().bucket(bucket).maxKeys(maxKeys);
        if (!keyPrefix.isEmpty()) {
            request.prefix(keyPrefix);
        }
        startAfter.ifPresent(request::startAfter);
        try {
            return s3.listObjectsV2(request.build());
        } catch (SdkException e) {
            throw failures.of("listing of payload objects", e);
        }
    }

    private String objectKey(PayloadObjectKey key) {
        return keyPrefix + key.value();
    }
}
