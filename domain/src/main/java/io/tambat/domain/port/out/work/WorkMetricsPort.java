package io.tambat.domain.port.out.work;

/** Measurements every work queue shares. Labels never carry content. */
public interface WorkMetricsPort {

    /**
     * A work item ended without another attempt because its last allowed attempt was lost with its worker;
     * {@code queue} is {@code inbox}, {@code order_outbox} or {@code operations}.
     */
    void lost(String queue);

    /** The share of its time background work may now take, between 0 and 1, having yielded to the requests. */
    void backgroundShare(double share);
}
