package io.tambat.adapter.in.http.problem;

import io.tambat.provider.spi.Rejection;
import java.util.Locale;

/**
 * Every problem {@code code} the server answers, on any of its APIs, with its status: the one catalog of the
 * contract's codes. A webhook refused for a {@link Rejection} (the reasons ingress and provider adapters give,
 * which know no HTTP) is answered with the code of the same name ({@link #of(Rejection)}). The code is the
 * constant's name in lower case; the title is derived from it.
 */
public enum ProblemCode {
    INVALID_REQUEST(400),
    BODY_UNREADABLE(400),
    SIGNATURE_MISSING(400),
    MALFORMED_ENVELOPE(400),
    IDEMPOTENCY_KEY_MISSING(400),
    IDEMPOTENCY_KEY_INVALID(400),
    UNAUTHORIZED(401),
    SIGNATURE_INVALID(401),
    TIMESTAMP_STALE(401),
    FORBIDDEN(403),
    NOT_FOUND(404),
    UNKNOWN_ENDPOINT(404),
    UNKNOWN_ORDER(404),
    UNKNOWN_OPERATION(404),
    UNKNOWN_INBOX_ROW(404),
    UNKNOWN_OBJECT(404),
    UNKNOWN_SECRET_VERSION(404),
    UNKNOWN_ORDER_DELIVERY(404),
    UNKNOWN_DESTINATION(404),
    UNKNOWN_FORWARD_DELIVERY(404),
    UNKNOWN_ACTION(404),
    METHOD_NOT_ALLOWED(405),
    NOT_ACCEPTABLE(406),
    IDEMPOTENCY_KEY_REUSED(409),
    IDEMPOTENCY_IN_PROGRESS(409),
    NOT_FAILED(409),
    DESTINATION_CONFIGURED(409),
    AMBIGUOUS_OBJECT(409),
    SECRET_VERSION_EXISTS(409),
    PAYLOAD_KEY_MISSING(409),
    PAYLOAD_OBJECT_MISSING(409),
    CHECKOUT_ALREADY_ORDERED(409),
    PAYLOAD_PURGED(410),
    PAYLOAD_TOO_LARGE(413),
    UNSUPPORTED_MEDIA_TYPE(415),
    AMOUNT_OUT_OF_RANGE(422),
    COUPON_INVALID(422),
    RATE_LIMITED(429),
    INTERNAL_ERROR(500),
    OPERATION_FAILED(500),
    SECRETS_UNAVAILABLE(503),
    STORAGE_UNAVAILABLE(503);

    private final int status;

    ProblemCode(int status) {
        this.status = status;
    }

    public int status() {
        return status;
    }

    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The code a webhook refused for this reason is answered with. */
    public static ProblemCode of(Rejection rejection) {
        return valueOf(rejection.name());
    }
}
