package io.tambat.domain.model.reconciliation;

/** A way an accepted event can disagree with where its processing should have taken it. */
public enum Discrepancy {
    /**
     * Accepted, but neither waiting its turn nor processed: still pending by its status, yet due (or its lease
     * over) for longer than the lateness threshold, so no worker is taking it.
     */
    STALLED("stalled"),
    /**
     * PROCESSED, but without the processed-event record that commits with its mutation, while such records are
     * still kept: its processing did not commit what it says. A replay applies what is missing.
     */
    PROCESSED_WITHOUT_MUTATION("processed_without_mutation");

    private final String code;

    Discrepancy(String code) {
        this.code = code;
    }

    /** The name in reports and metric labels. */
    public String code() {
        return code;
    }
}
