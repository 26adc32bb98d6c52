package io.tambat.domain.port.out;

import io.tambat.domain.model.webhook.EndpointId;
import java.time.Duration;

/** Measurements of the ingress pipeline that only the application sees. Labels never carry secrets. */
public interface IngressMetricsPort {

    /** A delivery verified with this secret version. */
    void secretMatched(EndpointId endpoint, String version);

    /** How long the accepting transaction took, commit included. */
    void committed(Duration duration);
}
