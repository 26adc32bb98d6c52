package io.tambat.domain.port.out.webhook;

import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SecretReadability;
import java.time.Duration;
import java.util.List;

/** Measurements of the ingress pipeline that only the application sees. Labels never carry secrets. */
public interface IngressMetricsPort {

    /** A delivery verified with this secret version. */
    void secretMatched(EndpointId endpoint, String version);

    /** How long the accepting transaction took, commit included. */
    void committed(Duration duration);

    /** How long a payload's put in the object store took, before its transaction (new payloads kept there only). */
    void payloadPut(Duration duration);

    /**
     * Every trusted secret version and whether it opens, as one look found them. A version measured before and
     * not listed now is no longer trusted.
     */
    void secretsLooked(List<SecretReadability> trusted);
}
