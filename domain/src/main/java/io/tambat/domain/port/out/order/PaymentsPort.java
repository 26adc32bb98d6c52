package io.tambat.domain.port.out.order;

import java.util.UUID;

/**
 * The payment service. Every call carries a stable idempotency key, so a retry after a timeout (when the
 * charge may have been applied) is deduplicated by the service, never charged twice.
 */
public interface PaymentsPort {

    /** Whether the service is configured; until it is, nothing may be charged and the work waits. */
    boolean configured();

    /**
     * @throws io.tambat.provider.spi.TransientProcessingException on a timeout, a 5xx, 408, 409 or 429: retry
     *         later with the same key
     * @throws io.tambat.domain.error.DownstreamRefusedException on any other refusal
     */
    void charge(UUID orderId, long amountMinor, String currency, String idempotencyKey);
}
