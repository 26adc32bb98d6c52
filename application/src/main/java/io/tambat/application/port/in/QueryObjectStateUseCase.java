package io.tambat.application.port.in;

import io.tambat.domain.model.processing.ObjectKey;
import io.tambat.domain.model.processing.ObjectState;
import java.util.Optional;

/** The business state processing derived for one provider object. */
public interface QueryObjectStateUseCase {

    Optional<ObjectState> find(ObjectKey key);
}
