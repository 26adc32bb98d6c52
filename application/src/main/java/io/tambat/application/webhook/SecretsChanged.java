package io.tambat.application.webhook;

import io.tambat.domain.model.webhook.EndpointId;

/** An endpoint's trusted secret versions changed in the current transaction (a version added or retired). */
public record SecretsChanged(EndpointId endpoint) {
}
