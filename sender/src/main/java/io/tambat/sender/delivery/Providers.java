package io.tambat.sender.delivery;

import java.util.List;
import java.util.Optional;

/** Every provider the sender can deliver for, by name. */
public final class Providers {

    private static final List<ProviderDelivery> ALL = List.of(StripeDelivery.DELIVERY, GitHubDelivery.DELIVERY,
            StandardDelivery.DELIVERY, ShopifyDelivery.DELIVERY, SlackDelivery.DELIVERY, TwilioDelivery.DELIVERY,
            PaddleDelivery.DELIVERY, GitLabDelivery.DELIVERY, AdyenDelivery.DELIVERY);

    private Providers() {
    }

    public static Optional<ProviderDelivery> named(String name) {
        return ALL.stream().filter(delivery -> delivery.provider().equals(name)).findFirst();
    }

    public static List<String> names() {
        return ALL.stream().map(ProviderDelivery::provider).toList();
    }
}
