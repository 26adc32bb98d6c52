package io.tambat.adapter.in.http.webhook;

import io.tambat.application.port.in.secrets.ReportUnreadableSecretsUseCase;
import io.tambat.domain.model.webhook.SecretReadability;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@code secrets}: the trusted secret versions this instance cannot open with its payload keys, as
 * {@code unreadable: endpoint/version (key id), ...} (names, never material), or {@code checked: false} before
 * the first look. Always UP. Such an endpoint answers its own deliveries 503 {@code secrets_unavailable} with
 * {@code Retry-After} (the provider retries, nothing is lost) and every other endpoint keeps accepting, whereas
 * DOWN would take every instance out of the load balancer, since instances share their payload keys, for one
 * endpoint's problem. Readiness stays with what stops the whole instance: the server and the database.
 *
 * <p>It is reported with readiness, where it always was and where an operator looks for what keeps deliveries
 * from being accepted, rather than with liveness, which says whether to restart the server: a restart opens
 * nothing. The gauge {@code tambat_webhook_secret_unreadable} and its alert are what call someone.
 */
@Readiness
@ApplicationScoped
public class SecretsReadableCheck implements HealthCheck {

    @Inject
    ReportUnreadableSecretsUseCase secrets;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder check = HealthCheckResponse.named("secrets").up();
        Optional<List<SecretReadability>> unreadable = secrets.unreadableSecrets();
        if (unreadable.isEmpty()) {
            return check.withData("checked", false).build();
        }
        if (!unreadable.get().isEmpty()) {
            check.withData("unreadable", unreadable.get().stream().map(SecretReadability::describe)
                    .collect(Collectors.joining(", ")));
        }
        return check.build();
    }
}
