package io.tambat.adapter.in.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.provider.spi.EventInterpreter;
import io.tambat.provider.spi.ProviderAdapter;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class EventInterpreterRegistrationTest {

    @Test
    void registersOneInterpreterForEveryProviderAdapter() {
        var adapters = ServiceLoader.load(ProviderAdapter.class).stream()
                .map(provider -> provider.get().provider())
                .toList();
        var interpreters = ServiceLoader.load(EventInterpreter.class).stream()
                .map(provider -> provider.get().provider())
                .toList();

        assertThat(interpreters).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(adapters);
        assertThat(interpreters)
                .containsExactlyInAnyOrder("stripe", "github", "standard", "shopify", "slack", "twilio", "paddle",
                        "gitlab", "adyen");
    }
}
