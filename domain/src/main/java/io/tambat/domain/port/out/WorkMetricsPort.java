package io.tambat.domain.port.out;

/** Measurements every work queue shares. Labels never carry content. */
public interface WorkMetricsPort {

    /**
     * A work item ended without another attempt because its last allowed attempt was lost with its worker;
     * {@code queue} is {@code inbox}, {@code order_outbox} or {@code operations}.
     */
    void lost(String queue);
}
