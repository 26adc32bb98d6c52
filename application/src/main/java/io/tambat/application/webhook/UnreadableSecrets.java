package io.tambat.application.webhook;

import io.tambat.application.port.in.secrets.ReportUnreadableSecretsUseCase;
import io.tambat.domain.model.webhook.SecretReadability;
import io.tambat.domain.port.out.secrets.SecretStorePort;
import io.tambat.domain.port.out.webhook.IngressMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Which trusted secret versions do not open with this instance's payload keys, as last looked at: for operators
 * (the {@code secrets} health check, a gauge per version, one log line per change), never for verification,
 * which learns it from the versions it reads itself ({@link TrustedSecrets}). Each instance looks for itself,
 * since each has its own {@code TAMBAT_PAYLOAD_KEYS}: one that lacks a key another seals with cannot open what
 * that one trusts.
 */
@ApplicationScoped
public class UnreadableSecrets implements ReportUnreadableSecretsUseCase {

    private static final Logger LOG = Logger.getLogger(UnreadableSecrets.class.getName());

    @Inject
    SecretStorePort store;

    @Inject
    IngressMetricsPort metrics;

    /** Null until the first look succeeded. */
    private volatile List<SecretReadability> unreadable;

    /**
     * Looks at every trusted version again, and says so in the log when the versions that do not open changed.
     *
     * @throws io.tambat.domain.error.StoreUnavailableException when the store cannot answer; the last look stands
     */
    public synchronized void look() {
        List<SecretReadability> trusted = store.secretReadability();
        metrics.secretsLooked(trusted);
        List<SecretReadability> found = trusted.stream().filter(secret -> !secret.opens()).toList();
        if (!found.equals(unreadable == null ? List.of() : unreadable)) {
            if (found.isEmpty()) {
                LOG.info("every trusted secret version opens with TAMBAT_PAYLOAD_KEYS again");
            } else {
                LOG.severe("trusted secret versions do not open with TAMBAT_PAYLOAD_KEYS: "
                        + found.stream().map(SecretReadability::describe).collect(Collectors.joining(", "))
                        + "; their endpoints answer 503 secrets_unavailable to deliveries no other version verifies. "
                        + "Configure the payload key they name again (after the current one), then re-seal "
                        + "(POST /admin/payload-keys/reseal), or retire the version");
            }
        }
        unreadable = found;
    }

    @Override
    public Optional<List<SecretReadability>> unreadableSecrets() {
        return Optional.ofNullable(unreadable);
    }
}
