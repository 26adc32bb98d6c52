package io.tambat.application.testing;

import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SecretReadability;
import io.tambat.domain.port.out.webhook.IngressMetricsPort;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** What the ingress measured, in order, and what the last look at the trusted secrets found. */
public final class RecordingIngressMetrics implements IngressMetricsPort {

    public final List<String> recorded = new ArrayList<>();
    public List<SecretReadability> lastLook = List.of();

    @Override
    public void secretMatched(EndpointId endpoint, String version) {
        recorded.add("matched " + endpoint + " " + version);
    }

    @Override
    public void committed(Duration duration) {
        recorded.add("committed");
    }

    @Override
    public void payloadPut(Duration duration) {
        recorded.add("payload put");
    }

    @Override
    public void secretsLooked(List<SecretReadability> trusted) {
        lastLook = List.copyOf(trusted);
    }
}
