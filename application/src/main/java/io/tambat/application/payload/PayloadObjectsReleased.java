package io.tambat.application.payload;

import io.tambat.domain.model.inbox.PayloadObjectKey;
import java.util.List;
import java.util.Objects;

/**
 * Payload objects that rows stopped naming in the transaction this event is fired in (retention dropped the
 * payloads or the rows): once it commits, nothing reads them any more and they are deleted.
 */
public record PayloadObjectsReleased(List<PayloadObjectKey> objects) {

    public PayloadObjectsReleased {
        objects = List.copyOf(Objects.requireNonNull(objects));
    }
}
