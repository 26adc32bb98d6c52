package io.tambat.application.payload;

import io.tambat.application.testing.RecordingIngressMetrics;
import io.tambat.domain.port.out.inbox.PayloadObjectStorePort;
import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import io.tambat.domain.port.out.webhook.IngressMetricsPort;

/** Payload stores for the services under test: rows only, or an object store for new payloads. */
public final class PayloadStores {

    private PayloadStores() {
    }

    public static PayloadStore inRows(PayloadCipherPort cipher) {
        return store(cipher, null, PayloadStoreSettings.IN_ROWS);
    }

    public static PayloadStore inObjectStore(PayloadCipherPort cipher, PayloadObjectStorePort objects) {
        return store(cipher, objects, new PayloadStoreSettings(true, true));
    }

    /** New payloads in the object store, each put measured in {@code metrics}. */
    public static PayloadStore inObjectStore(PayloadCipherPort cipher, PayloadObjectStorePort objects,
            IngressMetricsPort metrics) {
        PayloadStore store = inObjectStore(cipher, objects);
        store.metrics = metrics;
        return store;
    }

    public static PayloadStore store(PayloadCipherPort cipher, PayloadObjectStorePort objects,
            PayloadStoreSettings settings) {
        PayloadStore store = new PayloadStore();
        store.cipher = cipher;
        store.objects = objects;
        store.settings = settings;
        store.metrics = new RecordingIngressMetrics();
        return store;
    }
}
