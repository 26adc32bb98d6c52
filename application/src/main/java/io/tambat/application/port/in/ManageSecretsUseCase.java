package io.tambat.application.port.in;

import io.tambat.domain.model.webhook.SecretVersionInfo;
import java.util.List;

/**
 * Operator management of an endpoint's trusted secret versions, for rotation without downtime. Throws
 * {@link UnknownEndpointException} for an endpoint that is not configured.
 */
public interface ManageSecretsUseCase {

    /**
     * Trusts a new version at once on this instance (other instances within the secret cache TTL).
     *
     * @return false when the version exists already
     * @throws IllegalArgumentException when the secret is not in the provider's format
     */
    boolean addVersion(String endpointId, String version, String secret);

    /** Retires a version at once on this instance; false when no trusted version has that name. */
    boolean retireVersion(String endpointId, String version);

    List<SecretVersionInfo> versions(String endpointId);

    /** The endpoint named by an operator call is not configured. */
    final class UnknownEndpointException extends io.tambat.domain.error.TambatException {
        public UnknownEndpointException() {
            super("no such endpoint");
        }
    }
}
