package io.tambat.application.port.in.secrets;

import io.tambat.domain.model.webhook.SecretReadability;
import java.util.List;
import java.util.Optional;

/**
 * The trusted signing-secret versions this instance cannot open with its payload keys, for operators. Their
 * endpoints answer the deliveries no other version verifies 503 {@code secrets_unavailable}; every other endpoint
 * is unaffected.
 */
public interface ReportUnreadableSecretsUseCase {

    /**
     * As of this instance's last look (at start, then every few seconds), ordered by endpoint and version; empty
     * until a look has succeeded. A look that fails leaves the previous one standing. Names only, never material.
     */
    Optional<List<SecretReadability>> unreadableSecrets();
}
