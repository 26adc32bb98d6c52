package io.tambat.it.hostile;

import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.junit.jupiter.api.Test;

/**
 * 200 MB bodies, chunked and with a declared length, on the routes that authenticate first: without a token
 * they are refused 401, with one 413, each without the body being read into memory.
 */
@RunAsClient
class BodyCapIT extends DeployedTambatTest {

    private static final long HUGE = 200L * 1024 * 1024;
    // Far less than reading 200 MB would take, with room for a cold, loaded 2-core machine (1.3 s seen).
    private static final Duration WITHIN = Duration.ofSeconds(3);
    // Buffering the body would add 200 MiB; what remains is allocation in flight (0-12 MiB seen).
    private static final long HEAP_GROWTH_LIMIT = 32L * 1024 * 1024;
    private static final Pattern USED_HEAP = Pattern.compile("(?m)^memory_usedHeap_bytes\\{[^}]*} ([0-9.E]+)$");

    @Test
    void refusesAHugeOrderBodyUnauthenticatedThenOverTheCap() {
        URI orders = uri("orders");
        String[] anonymous = {"Idempotency-Key", "huge-order", "Content-Type", "application/json"};
        String[] client = {"Authorization", "Bearer " + OperatorTokens.forTenant("tenant-huge"),
                "Idempotency-Key", "huge-order", "Content-Type", "application/json"};
        for (boolean chunked : new boolean[] {true, false}) {
            assertThat(timedHuge(orders, chunked, anonymous).statusCode()).isEqualTo(401);
            assertProblem(timedHuge(orders, chunked, client), 413, "payload_too_large");
        }
        assertThat(db.rows("SELECT 1 FROM idempotency_requests WHERE idempotency_key = 'huge-order'")).isEmpty();
    }

    @Test
    void refusesAHugeOperatorBodyUnauthenticatedThenOverTheCap() {
        URI secrets = uri("admin/endpoints/stripe-main/secrets");
        String[] anonymous = {"Content-Type", "application/json"};
        String[] operator = {"Authorization", "Bearer " + OperatorTokens.operator(),
                "Content-Type", "application/json"};
        for (boolean chunked : new boolean[] {true, false}) {
            assertThat(timedHuge(secrets, chunked, anonymous).statusCode()).isEqualTo(401);
            assertProblem(timedHuge(secrets, chunked, operator), 413, "payload_too_large");
        }
        assertProblem(timedHuge(uri("admin/inbox/" + java.util.UUID.randomUUID() + "/redrive"), false, operator),
                413, "payload_too_large");
    }

    @Test
    void acceptsAnOrderBodyJustUnderTheCap() {
        String padding = " ".repeat(256 * 1024 - 200);
        String body = "{\"currency\":\"EUR\",\"items\":[{\"sku\":\"S\",\"quantity\":1,\"unit_price_minor\":1}]"
                + padding + "}";
        HttpResponse<String> created = Http.post(uri("orders"), body.getBytes(), "Authorization",
                "Bearer " + OperatorTokens.forTenant("tenant-huge"), "Idempotency-Key", "near-cap-" + System.nanoTime(),
                "Content-Type", "application/json");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    }

    /** Sends 200 MB of spaces and checks the answer came soon and the heap did not take it in. */
    private HttpResponse<String> timedHuge(URI uri, boolean chunked, String... headers) {
        double heapBefore = usedHeap();
        HttpRequest.BodyPublisher spaces = HttpRequest.BodyPublishers.ofInputStream(() -> new Spaces(HUGE));
        HttpRequest request = Http.request(uri, headers)
                .POST(chunked ? spaces : HttpRequest.BodyPublishers.fromPublisher(spaces, HUGE)).build();
        long started = System.nanoTime();
        HttpResponse<String> response = Http.send(request);
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        double growth = usedHeap() - heapBefore;
        System.out.printf("%s %s: %d in %d ms, used heap %+.1f MiB%n", uri.getPath(),
                chunked ? "chunked" : "declared", response.statusCode(), took.toMillis(), growth / (1024 * 1024));
        assertThat(took).as("answered within " + WITHIN.toSeconds() + " s").isLessThanOrEqualTo(WITHIN);
        assertThat(growth).as("heap growth in bytes").isLessThan(HEAP_GROWTH_LIMIT);
        return response;
    }

    private static double usedHeap() {
        String metrics = Http.send(Http.request(uri("metrics?scope=base")).GET().build()).body();
        Matcher matcher = USED_HEAP.matcher(metrics);
        assertThat(matcher.find()).as("memory_usedHeap_bytes in /metrics").isTrue();
        return Double.parseDouble(matcher.group(1));
    }

    private static URI uri(String path) {
        return ArquillianServer.baseUri().resolve(path);
    }

    /** A stream of spaces of a given length, made as it is read. */
    private static final class Spaces extends InputStream {
        private long remaining;

        Spaces(long length) {
            this.remaining = length;
        }

        @Override
        public int read() {
            if (remaining == 0) {
                return -1;
            }
            remaining--;
            return ' ';
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (remaining == 0) {
                return -1;
            }
            int n = (int) Math.min(length, remaining);
            Arrays.fill(buffer, offset, offset + n, (byte) ' ');
            remaining -= n;
            return n;
        }
    }
}
