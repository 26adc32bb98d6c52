package io.tambat.it.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.it.support.Eventually;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TcpProxy;
import io.tambat.it.support.TestDatabase;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A crash at each boundary of an event's life, then a restart: every case ends with the row PROCESSED, its
 * notifications published and exactly one business mutation. Crashes are real: the JVM halts (a failpoint)
 * or is killed with SIGKILL, and the assertions read PostgreSQL.
 */
class ProcessingCrashIT {

    private static final String SCHEMA = "tambat_processing_crash";
    private static final Duration CONVERGENCE = Duration.ofSeconds(60);

    private final TestDatabase db = new TestDatabase(SCHEMA);

    @BeforeEach
    void emptySchema() {
        db.dropSchema();
    }

    @Test
    void crashAfterInboxCommitBeforeTheAnswer() {
        String messageId = ProcessingServers.newMessageId();
        String objectId = ProcessingServers.newObjectId();
        byte[] body = ProcessingServers.paymentEvent(objectId, 1, "succeeded");
        try (TambatServerProcess first = ProcessingServers.server("crash-ingress", SCHEMA,
                Map.of("TAMBAT_PROCESSING_ENABLED", "false")).start().awaitReady(ProcessingServers.READY);
                TcpProxy provider = TcpProxy.to("127.0.0.1", first.httpPort())) {
            provider.beforeFirstResponseByte(first::kill);
            provider.up();
            URI throughProxy = URI.create("http://127.0.0.1:" + provider.port() + "/");
            assertThatThrownBy(() -> ProcessingServers.deliver(throughProxy, messageId, body))
                    .isInstanceOf(IllegalStateException.class);
        }
        assertThat(row(messageId)).containsEntry("status", "RECEIVED").containsEntry("leased", false);

        restartAndAssertProcessedOnce(messageId, objectId, base -> assertThat(
                ProcessingServers.deliver(base, messageId, body).body()).contains("\"duplicate\""));
    }

    @Test
    void crashAfterBusinessCommitBeforeTheWorkerGoesOn() {
        String messageId = ProcessingServers.newMessageId();
        String objectId = ProcessingServers.newObjectId();
        crashAt("worker.after-commit", messageId, objectId);

        assertThat(row(messageId)).containsEntry("status", "PROCESSED");
        assertThat(mutations(objectId)).isEqualTo(1);

        restartAndAssertProcessedOnce(messageId, objectId, base -> { });
    }

    @Test
    void workerKilledHoldingALease() {
        String messageId = ProcessingServers.newMessageId();
        String objectId = ProcessingServers.newObjectId();
        crashAt("worker.after-lease", messageId, objectId);

        // a leased row keeps its stored status; its lease end is what makes it PROCESSING
        assertThat(row(messageId)).containsEntry("status", "RECEIVED").containsEntry("leased", true)
                .containsEntry("attempt_count", 1);
        assertThat(mutations(objectId)).isZero();

        restartAndAssertProcessedOnce(messageId, objectId, base -> { });
        assertThat(row(messageId)).containsEntry("attempt_count", 2);
    }

    /** Delivers one event to a server armed with the failpoint and waits for the halt. */
    private void crashAt(String failpoint, String messageId, String objectId) {
        try (TambatServerProcess armed = ProcessingServers.server("crash-" + failpoint, SCHEMA,
                Map.of("TAMBAT_FAILPOINTS", failpoint)).start().awaitReady(ProcessingServers.READY)) {
            try {
                assertThat(ProcessingServers.deliver(armed.baseUri(), messageId,
                        ProcessingServers.paymentEvent(objectId, 1, "succeeded")).statusCode()).isEqualTo(200);
            } catch (IllegalStateException haltedBeforeTheAnswer) {
                // A worker can reach its failpoint between the commit and the answer: the same
                // situation as a crash after the inbox commit, covered below. The row is committed either way.
            }
            assertThat(armed.awaitExit(CONVERGENCE)).isEqualTo(TambatServerProcess.HALTED);
            assertThat(db.count("SELECT count(*) FROM webhook_inbox WHERE provider_event_id = ?", messageId))
                    .isEqualTo(1);
        }
    }

    /** Restarts without failpoints; {@code providerRetry} may send the provider's retry to the new server. */
    private void restartAndAssertProcessedOnce(String messageId, String objectId, Consumer<URI> providerRetry) {
        try (TambatServerProcess server = ProcessingServers.server("crash-restarted", SCHEMA, Map.of())
                .start().awaitReady(ProcessingServers.READY)) {
            providerRetry.accept(server.baseUri());
            Eventually.within(CONVERGENCE, () -> assertThat(row(messageId)).containsEntry("status", "PROCESSED"));
        }
        assertThat(mutations(objectId)).isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM processed_event WHERE provider_event_id = ?", messageId))
                .isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM webhook_inbox WHERE provider_event_id = ?", messageId))
                .isEqualTo(1);
    }

    private Map<String, Object> row(String messageId) {
        return db.rows("SELECT status, lease_until IS NOT NULL AS leased, attempt_count FROM webhook_inbox "
                + "WHERE provider_event_id = ?", messageId)
                .get(0);
    }

    private long mutations(String objectId) {
        return db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", objectId);
    }
}
