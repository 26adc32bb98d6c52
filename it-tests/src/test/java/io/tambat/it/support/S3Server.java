package io.tambat.it.support;

import java.net.URI;
import java.util.List;
import java.util.Map;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * An S3-compatible object store with one bucket: s3proxy in the tests' JVM, on a loopback port, over jclouds'
 * in-memory ("transient") blob store, checking AWS signatures made with a test identity. Servers reach it through a
 * {@link TcpProxy}, which {@link #down()} closes (new connections refused, open ones cut) and {@link #up()} opens
 * again on the same port, while s3proxy and every object it holds stay. The tests read the bucket with an S3
 * client of their own, straight from s3proxy, so they see it also while servers cannot.
 */
public final class S3Server implements AutoCloseable {

    public static final String REGION = "us-east-1";
    private static final String ACCESS_KEY = "it-access-key";
    private static final String SECRET_KEY = "it-secret-key";

    private final String bucket;
    private BlobStoreContext blobStores;
    private S3Proxy s3proxy;
    private TcpProxy front;
    private S3Client client;

    public S3Server(String bucket) {
        this.bucket = bucket;
    }

    /** Starts s3proxy and the proxy before it, and creates the bucket, empty. */
    public S3Server start() {
        blobStores = ContextBuilder.newBuilder("transient").build(BlobStoreContext.class);
        URI direct = URI.create("http://127.0.0.1:" + FreePorts.next());
        s3proxy = S3Proxies.started(blobStores.getBlobStore(), direct, ACCESS_KEY, SECRET_KEY);
        front = TcpProxy.to("127.0.0.1", s3proxy.getPort()).up();
        client = S3Client.builder()
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .region(Region.of(REGION))
                .endpointOverride(direct)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                .build();
        client.createBucket(request -> request.bucket(bucket));
        return this;
    }

    /** Where servers reach the store: the proxy. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + front.port());
    }

    /**
     * The settings (environment variables) of a runnable jar that keeps new payloads in this bucket, under
     * {@code prefix}, with the default put timeout.
     */
    public Map<String, String> settings(String prefix) {
        return Map.of(
                "TAMBAT_PAYLOADS_STORE", "s3",
                "TAMBAT_PAYLOADS_S3_ENDPOINT", endpoint().toString(),
                "TAMBAT_PAYLOADS_S3_REGION", REGION,
                "TAMBAT_PAYLOADS_S3_BUCKET", bucket,
                "TAMBAT_PAYLOADS_S3_PREFIX", prefix,
                "TAMBAT_PAYLOADS_S3_PATH_STYLE", "true",
                "TAMBAT_PAYLOADS_S3_ACCESS_KEY", ACCESS_KEY,
                "TAMBAT_PAYLOADS_S3_SECRET_KEY", SECRET_KEY);
    }

    /** The store is away for servers: connections to {@link #endpoint()} are refused, and open ones cut. */
    public void down() {
        front.down();
    }

    /** The store is back for servers, on the same endpoint, with everything it held. */
    public void up() {
        front.up();
    }

    /** The keys of the bucket's objects that start with {@code prefix}, in key order. */
    public List<String> keys(String prefix) {
        return client.listObjectsV2Paginator(request -> request.bucket(bucket).prefix(prefix)).contents().stream()
                .map(S3Object::key)
                .toList();
    }

    /** The bytes of the object {@code key}, which must exist. */
    public byte[] bytes(String key) {
        return client.getObjectAsBytes(request -> request.bucket(bucket).key(key)).asByteArray();
    }

    /** Stops whatever {@link #start()} started, also after a start that failed half-way. */
    @Override
    public void close() {
        if (client != null) {
            client.close();
        }
        if (front != null) {
            front.close();
        }
        try {
            if (s3proxy != null) {
                s3proxy.stop();
            }
        } catch (Exception e) {
            throw new IllegalStateException("s3proxy does not stop", e);
        } finally {
            if (blobStores != null) {
                blobStores.close();
            }
        }
    }
}
