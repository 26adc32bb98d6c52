package io.tambat.application.port.in.secrets;

import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.webhook.SecretVersionInfo;
import java.util.List;

/**
 * Operator management of an endpoint's trusted secret versions, for rotation without downtime. Throws
 * {@link UnknownEndpointException} for an endpoint that is not configured. Every change is audited, in its
 * transaction, naming the version and never the secret.
 */
public interface ManageSecretsUseCase {

    /**
     * Trusts a new version at once: on this instance when the change commits, on the others within the
     * secret change poll (a quarter of a second).
     *
     * @return false when the version exists already
     * @throws InvalidSecretException when the version name or the secret is not acceptable
     */
    boolean addVersion(Operator operator, String endpointId, String version, String secret);

    /** Retires a version at once, everywhere as {@link #addVersion} says; false when no such trusted version. */
    boolean retireVersion(Operator operator, String endpointId, String version);

    List<SecretVersionInfo> versions(String endpointId);

    /** Every configured endpoint with its versions, ordered by endpoint id. */
    List<EndpointSecrets> endpoints();

    /** A configured endpoint, its provider and what an operator may see of its secret versions. */
    record EndpointSecrets(String endpointId, String provider, List<SecretVersionInfo> versions) {
        public EndpointSecrets {
            versions = List.copyOf(versions);
        }
    }

    /**
     * The version name or the secret was refused. The message says which rule was broken and never quotes
     * either value: a decoder's own message can carry characters of the secret.
     */
    final class InvalidSecretException extends io.tambat.provider.spi.TambatException {
        private final String field;

        public InvalidSecretException(String field, String message) {
            super(message);
            this.field = field;
        }

        /** The request member refused: {@code version} or {@code secret}. */
        public String field() {
            return field;
        }
    }

    /** The endpoint named by an operator call is not configured. */
    final class UnknownEndpointException extends io.tambat.provider.spi.TambatException {
        public UnknownEndpointException() {
            super("no such endpoint");
        }
    }
}
