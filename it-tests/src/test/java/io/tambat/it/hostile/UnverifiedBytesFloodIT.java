package io.tambat.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Http;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Three hundred forged deliveries of 1 MiB at once, against the runnable server with a 512 MiB heap and its
 * default budget of unverified bytes (a quarter of the heap): every one is answered with a problem of the
 * receiving contract (refused as forged, or 429 by the endpoint's bucket for failures or by the budget), none
 * with a reset or a 500; the server never runs out of heap; and signed deliveries sent while the flood is
 * answered, and right after it, are accepted and stored.
 */
class UnverifiedBytesFloodIT {

    private static final String SCHEMA = "tambat_unverified_flood";
    private static final String ENDPOINT = "std-flood";
    private static final Duration READY = Duration.ofSeconds(90);
    private static final int FORGERIES = 300;
    private static final byte[] MEBIBYTE = new byte[1024 * 1024];
    // Well formed, so every forgery is read and verified; produced by no trusted secret, so none verifies.
    private static final String FORGED_SIGNATURE = "v1," + Base64.getEncoder().encodeToString(new byte[32]);
    private static final Set<String> FORGERY_ANSWERS = Set.of("401 signature_invalid", "429 rate_limited",
            "413 payload_too_large", "503 storage_unavailable", "503 secrets_unavailable");
    private static final int SIGNED_AFTER = 5;
    // A provider retries a 429 or a 503; under the flood a signed delivery may need a few tries.
    private static final Duration ACCEPTED_WITHIN = Duration.ofSeconds(20);
    private static final Pattern USED_HEAP = Pattern.compile("(?m)^memory_usedHeap_bytes\\{[^}]*} ([0-9.E]+)$");

    static {
        Arrays.fill(MEBIBYTE, (byte) ' ');
    }

    @Test
    void aFloodOfForgedMebibyteBodiesLeavesTheServerAcceptingSignedDeliveries() {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("TAMBAT_WEBHOOKS_ENDPOINTS", ENDPOINT);
        environment.put("TAMBAT_WEBHOOKS_ENDPOINT_STD_FLOOD_PROVIDER", "standard");
        environment.put("TAMBAT_WEBHOOKS_ENDPOINT_STD_FLOOD_SECRETS", "v1:" + StandardDeliveries.SECRET);
        environment.put("TAMBAT_PROCESSING_ENABLED", "false");
        ExecutorService clientThreads = Executors.newFixedThreadPool(8);
        ScheduledExecutorService heapSampler = Executors.newSingleThreadScheduledExecutor();
        HttpClient flooder = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .executor(clientThreads)
                .build();
        try (TambatServerProcess server = TambatServerProcess.configured("unverified-flood", TestDatabase.port(),
                SCHEMA, environment).withJvmOptions("-Xmx512m").start().awaitReady(READY)) {
            URI endpoint = server.baseUri().resolve("webhooks/standard/" + ENDPOINT);
            AtomicLong peakUsedHeap = new AtomicLong();
            heapSampler.scheduleAtFixedRate(() -> peakUsedHeap.accumulateAndGet(usedHeap(server), Math::max),
                    0, 200, TimeUnit.MILLISECONDS);

            List<CompletableFuture<Answer>> flood = new ArrayList<>();
            for (int i = 0; i < FORGERIES; i++) {
                flood.add(flooder.sendAsync(forgery(endpoint), HttpResponse.BodyHandlers.ofString())
                        .handle(Answer::of));
            }
            CompletableFuture<Void> floodAnswered = CompletableFuture.allOf(flood.toArray(CompletableFuture[]::new));
            List<String> signed = new ArrayList<>();
            do {
                signed.add(deliverSigned(endpoint));
            } while (!floodAnswered.isDone());
            int signedDuringFlood = signed.size();
            List<Answer> answers = flood.stream().map(CompletableFuture::join).toList();
            for (int i = 0; i < SIGNED_AFTER; i++) {
                signed.add(deliverSigned(endpoint));
            }
            heapSampler.shutdownNow();

            Map<String, Long> tally = answers.stream()
                    .collect(Collectors.groupingBy(Answer::outcome, TreeMap::new, Collectors.counting()));
            System.out.printf("%d forgeries answered %s (%d refused by the budget before being read); %d signed "
                    + "deliveries during the flood, %d after; peak used heap %.1f MiB%n", FORGERIES, tally,
                    answers.stream().filter(Answer::overBudget).count(), signedDuringFlood, SIGNED_AFTER,
                    peakUsedHeap.get() / (1024.0 * 1024));
            assertThat(tally.keySet()).as("every forgery answered by the contract").isSubsetOf(FORGERY_ANSWERS);
            for (String messageId : signed) {
                assertThat(db.inboxRows("standard", ENDPOINT, messageId)).as(messageId).isEqualTo(1);
            }
            assertThat(server.console()).doesNotContain("OutOfMemoryError");
            server.awaitListening(Duration.ofSeconds(5));
        } finally {
            heapSampler.shutdownNow();
            clientThreads.shutdownNow();
        }
    }

    private static HttpRequest forgery(URI endpoint) {
        return Http.request(endpoint, "Content-Type", "application/json",
                        "webhook-id", StandardDeliveries.newMessageId(),
                        "webhook-timestamp", String.valueOf(Instant.now().getEpochSecond()),
                        "webhook-signature", FORGED_SIGNATURE)
                .POST(HttpRequest.BodyPublishers.ofByteArray(MEBIBYTE))
                .build();
    }

    /**
     * What a forgery was answered: its status and problem code, where a 429 or 503 without Retry-After, or no
     * answer at all, is an outcome of its own; and whether the budget refused it before reading it.
     */
    private record Answer(String outcome, boolean overBudget) {

        static Answer of(HttpResponse<String> response, Throwable failure) {
            if (failure != null) {
                return new Answer("no answer: " + failure, false);
            }
            String code;
            String detail;
            try {
                code = Http.json(response).getString("code");
                detail = Http.json(response).getString("detail", "");
            } catch (RuntimeException notAProblem) {
                code = "(no problem document)";
                detail = "";
            }
            String outcome = response.statusCode() + " " + code;
            boolean mustSayWhen = response.statusCode() == 429 || response.statusCode() == 503;
            return new Answer(mustSayWhen && response.headers().firstValue("Retry-After").isEmpty()
                    ? outcome + " without Retry-After" : outcome, detail.contains("unverified request bodies"));
        }
    }

    /**
     * One signed delivery, sent again after a 429 or a 503 as a provider would (sooner than it asks, to keep the
     * test short), until the server takes it; its message id.
     */
    private static String deliverSigned(URI endpoint) {
        String messageId = StandardDeliveries.newMessageId();
        byte[] body = ("{\"type\":\"payment.updated\",\"data\":{\"object\":\"payment\",\"id\":\"pay_flood\","
                + "\"version\":1,\"status\":\"succeeded\"}}").getBytes(StandardCharsets.UTF_8);
        Instant deadline = Instant.now().plus(ACCEPTED_WITHIN);
        while (true) {
            HttpResponse<String> response = StandardDeliveries.send(endpoint, StandardDeliveries.SECRET, messageId,
                    body);
            if (response.statusCode() == 200) {
                // A retry after a 503 may find the first attempt committed after all.
                assertThat(Http.json(response).getString("status")).isIn("accepted", "duplicate");
                return messageId;
            }
            assertThat(response.statusCode()).as(response.body()).isIn(429, 503);
            assertThat(Instant.now()).as("accepted within " + ACCEPTED_WITHIN).isBefore(deadline);
            TambatServerProcess.sleep(Duration.ofMillis(250));
        }
    }

    private static long usedHeap(TambatServerProcess server) {
        try {
            String metrics = Http.send(Http.request(server.baseUri().resolve("metrics?scope=base")).GET().build())
                    .body();
            Matcher matcher = USED_HEAP.matcher(metrics);
            return matcher.find() ? (long) Double.parseDouble(matcher.group(1)) : 0;
        } catch (RuntimeException unanswered) {
            // A sample the loaded server did not answer in time is a sample missed, not a failure.
            return 0;
        }
    }
}
