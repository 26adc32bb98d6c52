package io.tambat.it.bench;

import io.tambat.it.support.FreePorts;
import io.tambat.it.support.S3Proxies;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.Properties;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.filesystem.reference.FilesystemConstants;

/**
 * The object store of the scenario with payloads in an object store: s3proxy in this JVM, on a loopback port, with
 * one bucket, checking AWS signatures made with a test identity. Servers reach it directly, with no proxy between.
 * Its objects are files under {@code target/} (jclouds' filesystem blob store), as a store writes them to disk: a
 * run puts an object of some 10 KiB for every delivery of its warm-up and runs, more than the in-memory store could
 * keep in this JVM's heap. The directory is emptied when the store starts and deleted when it closes.
 *
 * <p>The bucket's size is read from those files rather than listed through the S3 API: s3proxy's local stores read
 * the metadata of every object in the bucket for each page of 1,000 keys they list, so listing a hundred thousand
 * objects would read ten million.
 */
final class PayloadBucket implements AutoCloseable {

    static final String BUCKET = "tambat-bench-payloads";
    private static final String REGION = "us-east-1";
    private static final String ACCESS_KEY = "bench-access-key";
    private static final String SECRET_KEY = "bench-secret-key";

    private final Path directory = Path.of("target", "bench-payload-objects").toAbsolutePath();
    private final URI endpoint = URI.create("http://127.0.0.1:" + FreePorts.next());
    private BlobStoreContext blobStores;
    private S3Proxy s3proxy;

    /** Starts s3proxy over an empty directory, and creates the bucket. */
    PayloadBucket start() {
        delete();
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + directory, e);
        }
        Properties properties = new Properties();
        properties.setProperty(FilesystemConstants.PROPERTY_BASEDIR, directory.toString());
        blobStores = ContextBuilder.newBuilder("filesystem").overrides(properties).build(BlobStoreContext.class);
        blobStores.getBlobStore().createContainerInLocation(null, BUCKET);
        s3proxy = S3Proxies.started(blobStores.getBlobStore(), endpoint, ACCESS_KEY, SECRET_KEY);
        return this;
    }

    /** The settings (environment variables) of a runnable jar that keeps new payloads in this bucket. */
    Map<String, String> settings() {
        return Map.of(
                "TAMBAT_PAYLOADS_STORE", "s3",
                "TAMBAT_PAYLOADS_S3_ENDPOINT", endpoint.toString(),
                "TAMBAT_PAYLOADS_S3_REGION", REGION,
                "TAMBAT_PAYLOADS_S3_BUCKET", BUCKET,
                "TAMBAT_PAYLOADS_S3_PATH_STYLE", "true",
                "TAMBAT_PAYLOADS_S3_ACCESS_KEY", ACCESS_KEY,
                "TAMBAT_PAYLOADS_S3_SECRET_KEY", SECRET_KEY);
    }

    /** The bucket's objects now: how many, and their bytes, the sizes of the files the store keeps them in. */
    Contents contents() {
        LongSummaryStatistics sizes = new LongSummaryStatistics();
        try {
            Files.walkFileTree(directory.resolve(BUCKET), new SimpleFileVisitor<Path>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (attributes.isRegularFile()) {
                        sizes.accept(attributes.size());
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bucket under " + directory, e);
        }
        return new Contents(sizes.getCount(), sizes.getSum());
    }

    /** Stops whatever {@link #start()} started, also after a start that failed half-way, and deletes the objects. */
    @Override
    public void close() {
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
            delete();
        }
    }

    private void delete() {
        if (!Files.exists(directory)) {
            return;
        }
        try {
            Files.walkFileTree(directory, new SimpleFileVisitor<Path>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path visited, IOException failure) throws IOException {
                    if (failure != null) {
                        throw failure;
                    }
                    Files.delete(visited);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + directory, e);
        }
    }

    /** The objects of the bucket: how many, and their bytes together. */
    record Contents(long count, long bytes) {

        String describe() {
            return count == 0 ? "bucket: no objects" : String.format("bucket: %,d objects, %,d MiB: %,.0f bytes an "
                    + "object (the warm-up's included)", count, bytes / (1024 * 1024), (double) bytes / count);
        }
    }
}
