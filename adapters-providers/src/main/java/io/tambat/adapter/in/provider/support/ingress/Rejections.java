package io.tambat.adapter.in.provider.support.ingress;

import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.WebhookRejectedException;

/**
 * The two rejections a provider adapter raises. Callers pass a detail that names the header or field at
 * fault and never its value, because the detail is shown to the sender and logged.
 */
public final class Rejections {

    private Rejections() {
    }

    /** Signature headers missing, duplicated or malformed: answered 400 {@code signature_missing}. */
    public static WebhookRejectedException signatureMissing(String detail) {
        return new WebhookRejectedException(Rejection.SIGNATURE_MISSING, detail);
    }

    /** An authentic delivery that is not a valid event envelope: answered 400 {@code malformed_envelope}. */
    public static WebhookRejectedException malformedEnvelope(String detail) {
        return new WebhookRejectedException(Rejection.MALFORMED_ENVELOPE, detail);
    }
}
