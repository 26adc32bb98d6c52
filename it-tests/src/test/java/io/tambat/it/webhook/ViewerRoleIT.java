package io.tambat.it.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.StandardDeliveries;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Group {@code viewer}, from raw HTTP: every operator view reads, no action runs (redrive, replay, payload
 * reveal, secrets, keys), and a look-up of another tenant's order or operation is on the audit trail under the
 * viewer's name, as an operator's is.
 */
class ViewerRoleIT extends DeployedTambatTest {

    private final AdminClient viewer = new AdminClient(ArquillianServer.baseUri(), OperatorTokens.withGroups("viewer"));

    @Test
    void aViewerReadsEveryOperatorView() {
        UUID inboxId = deliver();
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        List<String> views = List.of("admin/endpoints", "admin/endpoints/std-other/secrets", "admin/inbox",
                "admin/inbox/stats", "admin/inbox/" + inboxId, "admin/deliveries", "admin/audit",
                "admin/reconciliation?from=" + now.minusSeconds(3600) + "&to=" + now.plusSeconds(60),
                "admin/payload-keys", "admin/order-deliveries?status=FAILED", "admin/destinations");

        for (String view : views) {
            HttpResponse<String> read = viewer.get(view);
            assertThat(read.statusCode()).as(view + ": " + read.body()).isEqualTo(200);
        }
    }

    @Test
    void aViewerRunsNoActionAndChangesNothing() {
        UUID inboxId = deliver();
        // Once processed no worker holds it, so it can be made FAILED, for a redrive to refuse.
        Eventually.within(Duration.ofSeconds(30), () -> assertThat(db.count("SELECT count(*) FROM webhook_inbox "
                + "WHERE inbox_id = ? AND status = 'PROCESSED'", inboxId)).isEqualTo(1));
        db.update("UPDATE webhook_inbox SET status = 'FAILED' WHERE inbox_id = ?", inboxId);
        long audited = db.count("SELECT count(*) FROM operator_action");
        Map<String, HttpResponse<String>> refused = Map.of(
                "redrive", viewer.post("admin/inbox/" + inboxId + "/redrive", null),
                "bulk redrive", viewer.post("admin/inbox/redrive", "{\"endpoint\":\"std-other\"}"),
                "payload reveal", viewer.post("admin/inbox/" + inboxId + "/payload", null),
                "secret add", viewer.post("admin/endpoints/std-other/secrets",
                        "{\"version\":\"v-viewer\",\"secret\":\"whsec_dmlld2VyLXNlY3JldC12YWx1ZQ==\"}"),
                "secret retire", viewer.delete("admin/endpoints/std-other/secrets/v1"),
                "re-seal", viewer.post("admin/payload-keys/reseal", null));

        refused.forEach((action, answer) -> {
            assertThat(answer.statusCode()).as(action).isEqualTo(403);
            assertThat(answer.body()).as(action).doesNotContain("payment.updated");
        });
        assertThat(db.count("SELECT count(*) FROM webhook_inbox WHERE inbox_id = ? AND status = 'FAILED'", inboxId))
                .isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM webhook_secret WHERE endpoint_id = 'std-other' "
                + "AND (version = 'v-viewer' OR retired_at IS NOT NULL)")).isZero();
        assertThat(db.count("SELECT count(*) FROM operator_action")).isEqualTo(audited);
    }

    @Test
    void aViewersLookUpOfAnotherTenantsOrderAndOperationIsAudited() {
        HttpResponse<String> created = Http.send(Http.request(ArquillianServer.baseUri().resolve("orders"),
                "Authorization", "Bearer " + OperatorTokens.forTenant("tenant-" + UUID.randomUUID()),
                "Idempotency-Key", "key-" + UUID.randomUUID(), "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"checkout_id\":\"chk_" + UUID.randomUUID().toString()
                        .replace("-", "") + "\",\"currency\":\"EUR\",\"items\":[{\"sku\":\"SKU-1\",\"quantity\":1,"
                        + "\"unit_price_minor\":500}]}")).build());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String orderId = Http.json(created).getString("id");
        String unknownOperation = UUID.randomUUID().toString();

        assertThat(viewer.get("admin/orders/" + orderId).statusCode()).isEqualTo(200);
        assertThat(viewer.get("admin/order-operations/" + unknownOperation).statusCode()).isEqualTo(404);

        assertThat(db.count("SELECT count(*) FROM operator_action WHERE action = 'order.lookup' AND target = ? "
                + "AND actor = 'it-operator' AND item_count = 1", orderId)).isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM operator_action WHERE action = 'order_operation.lookup' "
                + "AND target = ? AND item_count = 0", unknownOperation)).isEqualTo(1);
        assertThat(viewer.get("admin/audit?action=order.lookup").body()).contains(orderId);
    }

    private UUID deliver() {
        byte[] body = ("{\"type\":\"payment.updated\",\"data\":{\"object\":\"payment\",\"id\":\"pay_"
                + UUID.randomUUID() + "\",\"version\":1,\"status\":\"succeeded\"}}").getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> accepted = StandardDeliveries.send(ArquillianServer.baseUri()
                .resolve("webhooks/standard/std-other"), StandardDeliveries.SECRET, StandardDeliveries.newMessageId(),
                body);
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        return UUID.fromString(Http.json(accepted).getString("inbox_id"));
    }
}
