package io.tambat.provider.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProviderStatePortTest {

    private static final ObjectKey PAYMENT = new ObjectKey("acme", ObjectType.PAYMENT, "pay_1");

    /** A port written before connected accounts: it knows only its own account's objects. */
    private static final class OwnAccountOnly implements ProviderStatePort {

        final List<ObjectKey> fetched = new ArrayList<>();

        @Override
        public boolean supports(String provider) {
            return "acme".equals(provider);
        }

        @Override
        public Optional<ProviderObject> fetch(ObjectKey key) {
            fetched.add(key);
            return Optional.of(new ProviderObject("paid", Optional.empty()));
        }
    }

    @Test
    void aPortThatCannotActForAnotherAccountFetchesItsOwnObjectsAsBefore() {
        OwnAccountOnly port = new OwnAccountOnly();

        assertThat(port.fetch(PAYMENT, Optional.empty())).contains(new ProviderObject("paid", Optional.empty()));
        assertThat(port.fetched).containsExactly(PAYMENT);
    }

    @Test
    void aPortThatCannotActForAnotherAccountRefusesAConnectedAccountWithoutFetching() {
        OwnAccountOnly port = new OwnAccountOnly();

        assertThatThrownBy(() -> port.fetch(PAYMENT, Optional.of("acct_1")))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessage("the acme state client cannot fetch on behalf of a connected account");
        assertThat(port.fetched).isEmpty();
    }
}
