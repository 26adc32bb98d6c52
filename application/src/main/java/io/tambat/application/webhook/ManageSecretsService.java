package io.tambat.application.webhook;

import io.tambat.application.operator.AuditTrail;
import io.tambat.application.port.in.secrets.ManageSecretsUseCase;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.model.webhook.SecretVersionInfo;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.port.out.secrets.SecretStorePort;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import io.tambat.provider.spi.SecretVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;

/** Adds, retires and lists secret versions, each change in its own transaction. */
@ApplicationScoped
public class ManageSecretsService implements ManageSecretsUseCase {

    @Inject
    WebhookEndpointsPort endpoints;

    @Inject
    ProviderAdapters adapters;

    @Inject
    SecretStorePort store;

    @Inject
    Event<SecretsChanged> changes;

    @Inject
    AuditTrail audit;

    @Inject
    Clock clock;

    @Override
    @Transactional(rollbackOn = Exception.class)
    public boolean addVersion(Operator operator, String endpointId, String version, String secret) {
        WebhookEndpoint endpoint = endpoint(endpointId);
        if (!SecretVersion.isValidName(version)) {
            throw new InvalidSecretException("version", SecretVersion.NAME_RULE);
        }
        try {
            adapters.require(endpoint.provider()).validateSecret(secret);
        } catch (IllegalArgumentException e) {
            // A decoder's message can quote characters of the secret, so only the rule is named.
            throw new InvalidSecretException("secret", "the secret is not in the " + endpoint.provider()
                    + " secret format");
        }
        SecretVersion candidate = new SecretVersion(version, secret);
        boolean added = store.add(endpoint.id(), candidate, clock.instant());
        audit.single(operator, OperatorAction.Kind.SECRET_ADD, endpoint.id().value() + "/" + version, added);
        changes.fire(new SecretsChanged(endpoint.id()));
        return added;
    }

    @Override
    @Transactional(rollbackOn = Exception.class)
    public boolean retireVersion(Operator operator, String endpointId, String version) {
        WebhookEndpoint endpoint = endpoint(endpointId);
        boolean retired = store.retire(endpoint.id(), version, clock.instant());
        audit.single(operator, OperatorAction.Kind.SECRET_RETIRE, endpoint.id().value() + "/" + version, retired);
        changes.fire(new SecretsChanged(endpoint.id()));
        return retired;
    }

    @Override
    @Transactional
    public List<SecretVersionInfo> versions(String endpointId) {
        return store.describe(endpoint(endpointId).id());
    }

    @Override
    @Transactional
    public List<EndpointSecrets> endpoints() {
        return endpoints.all().stream()
                .sorted(Comparator.comparing(endpoint -> endpoint.id().value()))
                .map(endpoint -> new EndpointSecrets(endpoint.id().value(), endpoint.provider(),
                        store.describe(endpoint.id())))
                .toList();
    }

    private WebhookEndpoint endpoint(String endpointId) {
        return endpoints.find(endpointId).orElseThrow(UnknownEndpointException::new);
    }
}
