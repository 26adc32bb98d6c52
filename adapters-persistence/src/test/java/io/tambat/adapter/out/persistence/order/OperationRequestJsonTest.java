package io.tambat.adapter.out.persistence.order;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.OrderRequest;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OperationRequestJsonTest {

    @Test
    void readsBackTheRequestItStoredWithTheSameFingerprint() {
        OrderRequest request = new OrderRequest(Optional.of("chk_1"), "EUR",
                List.of(new OrderLine("SKU-1", 2, 1250), new OrderLine("SKU-2", 1, Long.MAX_VALUE / 4)),
                Optional.of("SPRING"));

        OrderRequest stored = OperationRequestJson.read(OperationRequestJson.write(request));

        assertThat(stored).isEqualTo(request);
        assertThat(stored.fingerprint("v")).isEqualTo(request.fingerprint("v"));
    }

    @Test
    void keepsAbsentOptionalFieldsAbsent() {
        OrderRequest request = new OrderRequest(Optional.empty(), "USD", List.of(new OrderLine("A", 1, 0)),
                Optional.empty());

        assertThat(OperationRequestJson.read(OperationRequestJson.write(request))).isEqualTo(request);
    }
}
