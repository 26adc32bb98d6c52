package io.tambat.adapter.out.objectstore;

import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.S3Configuration;

/**
 * The S3 client a payload store talks through, built from its settings. Its deadlines are set for the calls that
 * run in background work (reads, listings, batch deletes); a put sets its own, shorter one
 * ({@link S3PayloadObjectStore}), since a provider waits for it.
 */
final class S3Clients {

    /** A DeleteObjects of 1,000 keys can take seconds, and nobody waits on these calls but a worker. */
    static final Duration BACKGROUND_CALL_TIMEOUT = Duration.ofSeconds(30);

    /**
     * One retry: a put refused at once (a connection reset, a 503) has time for a second attempt within its
     * deadline; a slow one does not, and the deadline ends it wherever it is.
     */
    private static final int MAX_ATTEMPTS = 2;

    private S3Clients() {
    }

    /** A client of its own, which owns its HTTP client: closing it releases both. */
    static S3Client forSettings(S3PayloadStoreSettings settings) {
        S3ClientBuilder client = S3Client.builder()
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        // A store that does not take the connection within a put's deadline is away for every call.
                        .connectionTimeout(settings.putTimeout())
                        .socketTimeout(BACKGROUND_CALL_TIMEOUT))
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .apiCallTimeout(BACKGROUND_CALL_TIMEOUT)
                        .retryStrategy(retry -> retry.maxAttempts(MAX_ATTEMPTS))
                        .build())
                // Without "Expect: 100-continue" a refusal (a missing bucket, a denied key) is read as the store's
                // answer: with it, a store that answers before the body is sent may close the connection while the
                // client still writes, and the refusal reads as a broken connection. A body is a few KiB: nothing
                // is gained by waiting for the store's go-ahead.
                .serviceConfiguration(S3Configuration.builder().expectContinueEnabled(false).build())
                .region(Region.of(settings.region()))
                .forcePathStyle(settings.pathStyle())
                // The ciphertext carries its own AES-GCM tag, checked when it is opened; and stores other than AWS
                // (Ceph, Google's interoperability API, older MinIO) refuse the checksums the SDK adds by default.
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        settings.endpoint().ifPresent(client::endpointOverride);
        // Without credentials given, the client resolves the SDK's default chain itself.
        if (settings.accessKey().isPresent()) {
            client.credentialsProvider(StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(settings.accessKey().get(), settings.secretKey().orElseThrow())));
        }
        return client.build();
    }
}
