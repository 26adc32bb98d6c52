package io.tambat.adapter.out.persistence.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.Race;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SecretReadability;
import io.tambat.domain.model.webhook.SecretVersionInfo;
import io.tambat.domain.model.webhook.TrustedVersions;
import io.tambat.domain.port.out.secrets.SecretStorePort;
import io.tambat.provider.spi.SecretVersion;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What {@link SecretStorePort} promises, for any store: trusted versions newest first; seeding adds only what
 * the store never saw, also from concurrent instances; add and retire change trust and raise the endpoint's
 * revision; every version is described with its life cycle and last match; secrets rest only as ciphertext.
 */
abstract class SecretStorePortContract extends SessionContract<SecretStorePort> {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final EndpointId SHOP = new EndpointId("shop");
    private static final SecretVersion V1 = new SecretVersion("v1", "whsec_first-secret");
    private static final SecretVersion V2 = new SecretVersion("v2", "whsec_second-secret");

    /** The id of the payload key that seals what the store stores. */
    protected static final String CURRENT_KEY = "k1";

    /** The bytes the store keeps for a version, read past the port. */
    protected abstract byte[] storedBytes(EndpointId endpoint, String version);

    /** Stores a webhook event on the endpoint that the version verified at {@code at}. */
    protected abstract void recordMatch(EndpointId endpoint, String version, Instant at);

    /**
     * Leaves the version as if sealed under a payload key that is no longer configured.
     *
     * @return that key's id
     */
    protected abstract String loseTheKeyOf(EndpointId endpoint, String version);

    @Test
    void anEndpointWithoutSecretsTrustsNothing() {
        assertThat(trusted(SHOP)).isEmpty();
        assertThat(described(SHOP)).isEmpty();
    }

    @Test
    void seedingAddsTheConfiguredVersionsAndTrustsTheNewestFirst() {
        session.run(store -> store.seed(SHOP, List.of(V1), NOW));
        session.run(store -> store.seed(SHOP, List.of(V1, V2), NOW.plusSeconds(60)));

        assertThat(trusted(SHOP)).containsExactly(V2, V1);
        assertThat(trusted(new EndpointId("other-shop"))).isEmpty();
    }

    @Test
    void seedingLeavesAKnownVersionAsItIs() {
        session.run(store -> store.seed(SHOP, List.of(V1), NOW));
        session.run(store -> store.seed(SHOP, List.of(new SecretVersion("v1", "whsec_changed")), NOW.plusSeconds(60)));

        assertThat(trusted(SHOP)).containsExactly(V1);
    }

    @Test
    void seedingDoesNotTrustARetiredVersionAgain() {
        session.run(store -> store.seed(SHOP, List.of(V1), NOW));
        session.run(store -> store.retire(SHOP, "v1", NOW.plusSeconds(60)));

        session.run(store -> store.seed(SHOP, List.of(V1), NOW.plusSeconds(120)));

        assertThat(trusted(SHOP)).isEmpty();
    }

    @Test
    void addTrustsANewVersionOnceAndRaisesTheRevision() {
        session.run(store -> store.seed(SHOP, List.of(V1), NOW));
        assertThat(revisions()).doesNotContainKey(SHOP);

        assertThat(session.<Boolean>call(store -> store.add(SHOP, V2, NOW.plusSeconds(60)))).isTrue();
        assertThat(session.<Boolean>call(store -> store.add(SHOP, V2, NOW.plusSeconds(120)))).isFalse();

        assertThat(trusted(SHOP)).containsExactly(V2, V1);
        assertThat(revisions()).containsEntry(SHOP, 1L);
    }

    @Test
    void retireEndsTrustAtOnceAndRaisesTheRevision() {
        session.run(store -> store.add(SHOP, V1, NOW));
        session.run(store -> store.add(SHOP, V2, NOW.plusSeconds(60)));

        assertThat(session.<Boolean>call(store -> store.retire(SHOP, "v1", NOW.plusSeconds(120)))).isTrue();
        assertThat(session.<Boolean>call(store -> store.retire(SHOP, "v1", NOW.plusSeconds(180)))).isFalse();
        assertThat(session.<Boolean>call(store -> store.retire(SHOP, "v9", NOW.plusSeconds(180)))).isFalse();

        assertThat(trusted(SHOP)).containsExactly(V2);
        assertThat(revisions()).containsEntry(SHOP, 3L);
    }

    @Test
    void describesEveryVersionOldestFirstWithItsLifeCycleAndLastMatch() {
        session.run(store -> store.add(SHOP, V1, NOW));
        session.run(store -> store.add(SHOP, V2, NOW.plusSeconds(60)));
        session.run(store -> store.retire(SHOP, "v1", NOW.plusSeconds(120)));
        recordMatch(SHOP, "v2", NOW.plusSeconds(180));
        recordMatch(SHOP, "v2", NOW.plusSeconds(240));

        assertThat(described(SHOP)).containsExactly(
                new SecretVersionInfo("v1", NOW, Optional.of(NOW.plusSeconds(120)), Optional.empty()),
                new SecretVersionInfo("v2", NOW.plusSeconds(60), Optional.empty(),
                        Optional.of(NOW.plusSeconds(240))));
    }

    @Test
    void namesAVersionWhosePayloadKeyIsGoneAndVerifiesWithTheOthers() {
        session.run(store -> store.add(SHOP, V1, NOW));
        session.run(store -> store.add(SHOP, V2, NOW.plusSeconds(60)));
        loseTheKeyOf(SHOP, "v1");

        TrustedVersions trusted = session.call(store -> store.trustedVersions(SHOP));

        assertThat(trusted.usable()).containsExactly(V2);
        assertThat(trusted.unopened()).containsExactly("v1");
        assertThat(trusted.complete()).isFalse();
    }

    @Test
    void tellsForEveryTrustedVersionWhetherItOpensByNameOnly() {
        session.run(store -> store.seed(new EndpointId("other-shop"), List.of(V1), NOW));
        session.run(store -> store.add(SHOP, V1, NOW));
        session.run(store -> store.add(SHOP, V2, NOW.plusSeconds(60)));
        session.run(store -> store.retire(SHOP, "v2", NOW.plusSeconds(120)));
        String removedKey = loseTheKeyOf(SHOP, "v1");

        List<SecretReadability> readability = session.call(SecretStorePort::secretReadability);

        assertThat(readability).extracting(secret -> secret.describe() + " opens " + secret.opens())
                .containsExactly("other-shop/v1 (key " + CURRENT_KEY + ") opens true",
                        "shop/v1 (key " + removedKey + ") opens false");
    }

    @Test
    void keepsASecretOnlyAsCiphertext() {
        session.run(store -> store.add(SHOP, V1, NOW));

        assertThat(new String(storedBytes(SHOP, "v1"), StandardCharsets.ISO_8859_1))
                .doesNotContain(V1.secret());
    }

    @Test
    void concurrentSeedingStoresEachVersionOnce() {
        List<StoreSession<SecretStorePort>> instances = IntStream.range(0, 3).mapToObj(i -> openSession()).toList();
        try {
            List<Callable<Boolean>> seeds = IntStream.range(0, instances.size())
                    .<Callable<Boolean>>mapToObj(i -> () -> instances.get(i).call(store -> {
                        store.seed(SHOP, List.of(new SecretVersion("v1", "whsec_instance-" + i), V2), NOW);
                        return true;
                    }))
                    .toList();

            Race.run(seeds);

            assertThat(trusted(SHOP)).extracting(SecretVersion::version).containsExactly("v2", "v1");
        } finally {
            instances.forEach(StoreSession::close);
        }
    }

    private List<SecretVersion> trusted(EndpointId endpoint) {
        return session.<TrustedVersions>call(store -> store.trustedVersions(endpoint)).usable();
    }

    private List<SecretVersionInfo> described(EndpointId endpoint) {
        return session.call(store -> store.describe(endpoint));
    }

    private Map<EndpointId, Long> revisions() {
        return session.call(SecretStorePort::revisions);
    }
}
