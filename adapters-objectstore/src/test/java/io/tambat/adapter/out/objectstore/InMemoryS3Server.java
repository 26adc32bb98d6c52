package io.tambat.adapter.out.objectstore;

import java.net.URI;
import java.util.Optional;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real S3 API server for each test: s3proxy in this JVM, on an ephemeral port of 127.0.0.1, over jclouds'
 * in-memory ("transient") blob store, checking AWS V2 or V4 signatures made with a test identity. Each test gets
 * a server of its own with one empty bucket, {@link #BUCKET}, so no test sees another's objects; a test may stop
 * it to play a store that is away, and reads the stored objects straight from the blob store ({@link #blobs()}),
 * not through the adapter under test.
 */
final class InMemoryS3Server implements BeforeEachCallback, AfterEachCallback {

    static final String BUCKET = "tambat-payloads";
    static final String ACCESS_KEY = "test-access-key";
    static final String SECRET_KEY = "test-secret-key";
    static final String REGION = "us-east-1";

    private BlobStoreContext blobStores;
    private S3Proxy proxy;

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        blobStores = ContextBuilder.newBuilder("transient").build(BlobStoreContext.class);
        blobStores.getBlobStore().createContainerInLocation(null, BUCKET);
        proxy = S3Proxy.builder()
                .blobStore(blobStores.getBlobStore())
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .endpoint(URI.create("http://127.0.0.1:0"))
                .build();
        // Returns once Jetty is listening.
        proxy.start();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        proxy.stop();
        blobStores.close();
    }

    /** Where the server listens while it runs. */
    URI endpoint() {
        return URI.create("http://127.0.0.1:" + proxy.getPort());
    }

    /** The store is away: connections to {@link #endpoint()} are refused from now on. */
    void stop() throws Exception {
        proxy.stop();
    }

    /** The objects as the server holds them. */
    BlobStore blobs() {
        return blobStores.getBlobStore();
    }

    /** Settings of a payload store on this server's bucket, under {@code prefix}. */
    S3PayloadStoreSettings settings(String prefix) {
        return settings(endpoint(), BUCKET, prefix, SECRET_KEY);
    }

    /** Settings of a payload store anywhere, signing with this server's identity and {@code secretKey}. */
    static S3PayloadStoreSettings settings(URI endpoint, String bucket, String prefix, String secretKey) {
        return new S3PayloadStoreSettings(Optional.of(endpoint), REGION, bucket, prefix, true,
                Optional.of(ACCESS_KEY), Optional.of(secretKey), S3PayloadStoreSettings.DEFAULT_PUT_TIMEOUT);
    }
}
