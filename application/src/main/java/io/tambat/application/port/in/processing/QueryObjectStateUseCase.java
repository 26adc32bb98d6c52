package io.tambat.application.port.in.processing;

import io.tambat.domain.model.processing.ObjectState;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.provider.spi.ObjectKey;
import java.util.List;
import java.util.Optional;

/** The business state processing derived for one provider object, per endpoint that received its events. */
public interface QueryObjectStateUseCase {

    /** On one endpoint, or, without one, on every endpoint that has the object (most recently updated first). */
    List<ObjectState> find(ObjectKey key, Optional<EndpointId> endpoint);
}
