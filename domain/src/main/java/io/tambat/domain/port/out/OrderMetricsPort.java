package io.tambat.domain.port.out;

/** Measurements of order placement that only the application sees. */
public interface OrderMetricsPort {

    /** A placement rolled back because the store could not answer or its commit failed; the key stays free. */
    void placementRolledBack();
}
