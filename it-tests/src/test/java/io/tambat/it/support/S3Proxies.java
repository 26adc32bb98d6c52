package io.tambat.it.support;

import java.net.URI;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.blobstore.BlobStore;

/** s3proxy in the tests' JVM: an S3 API over a jclouds blob store, checking AWS signatures of one identity. */
public final class S3Proxies {

    private S3Proxies() {
    }

    /** Serving {@code store} on {@code endpoint} (a loopback URL), once Jetty listens. */
    public static S3Proxy started(BlobStore store, URI endpoint, String accessKey, String secretKey) {
        S3Proxy s3proxy = S3Proxy.builder()
                .blobStore(store)
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, accessKey, secretKey)
                .endpoint(endpoint)
                .build();
        try {
            s3proxy.start();
        } catch (Exception e) {
            throw new IllegalStateException("s3proxy does not start on " + endpoint, e);
        }
        return s3proxy;
    }
}
