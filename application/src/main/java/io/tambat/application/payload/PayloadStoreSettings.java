package io.tambat.application.payload;

/**
 * Where new payloads go and whether an object store is configured at all.
 *
 * @param newPayloadsInObjectStore new payloads are put in the object store, their rows naming them
 *                                 ({@code tambat.payloads.store=s3}); otherwise they stay in their rows
 * @param objectStoreConfigured    an object store is configured: payloads already there open, and its orphaned
 *                                 objects are swept, also while new payloads go to the rows (a deployment moving
 *                                 back to the database)
 */
public record PayloadStoreSettings(boolean newPayloadsInObjectStore, boolean objectStoreConfigured) {

    /** Payloads in their rows only, as without any object store. */
    public static final PayloadStoreSettings IN_ROWS = new PayloadStoreSettings(false, false);

    public PayloadStoreSettings {
        if (newPayloadsInObjectStore && !objectStoreConfigured) {
            throw new IllegalArgumentException("new payloads cannot go to an object store that is not configured");
        }
    }
}
