package io.tambat.provider.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SignedDeliveryTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private static final Duration TOLERANCE = Duration.ofMinutes(5);

    private final SecretVersion older = new SecretVersion("v1", "older");
    private final SecretVersion newer = new SecretVersion("v2", "newer");
    private final SecretVersion unrelated = new SecretVersion("v3", "unrelated");

    /** Signed by whichever secrets are listed; records every secret it was asked about. */
    private static SignedDelivery signedBy(List<String> signers, List<String> asked, Optional<Instant> at) {
        return SignedDelivery.of(secret -> asked.add(secret.version()) && signers.contains(secret.secret()), at);
    }

    @Test
    void reportsTheFirstTrustedVersionThatVerifiesAfterTryingEveryOne() {
        List<String> asked = new ArrayList<>();
        SignedDelivery rotating = signedBy(List.of("older", "newer"), asked, Optional.empty());

        assertThat(rotating.matchingVersion(List.of(newer, older, unrelated))).contains(newer);
        assertThat(asked).containsExactly("v2", "v1", "v3");
    }

    @Test
    void matchesNoVersionWhenNoTrustedSecretSigned() {
        assertThat(signedBy(List.of("retired"), new ArrayList<>(), Optional.empty())
                .matchingVersion(List.of(newer, older))).isEmpty();
    }

    @Test
    void requiresEverySignatureOfABatchToVerifyWithTheSameVersion() {
        SignedDelivery batch = new SignedDelivery(List.of(
                secret -> secret.secret().equals("older"), secret -> secret.secret().equals("newer")), Optional.empty());
        assertThat(batch.matchingVersion(List.of(newer, older))).isEmpty();
    }

    @Test
    void acceptsATimestampWithinTheToleranceEitherWay() {
        for (Instant at : List.of(NOW, NOW.minus(TOLERANCE), NOW.plus(TOLERANCE))) {
            assertThatCode(() -> signedBy(List.of(), new ArrayList<>(), Optional.of(at)).requireFresh(TOLERANCE, NOW))
                    .doesNotThrowAnyException();
        }
    }

    @Test
    void refusesAStaleOrFutureTimestampAsTimestampStale() {
        for (Instant at : List.of(NOW.minus(TOLERANCE).minusSeconds(1), NOW.plus(TOLERANCE).plusSeconds(1))) {
            assertThatThrownBy(() -> signedBy(List.of(), new ArrayList<>(), Optional.of(at))
                    .requireFresh(TOLERANCE, NOW))
                    .isInstanceOfSatisfying(WebhookRejectedException.class,
                            e -> assertThat(e.rejection()).isEqualTo(Rejection.TIMESTAMP_STALE));
        }
    }

    @Test
    void appliesNoToleranceWhenNothingIsSigned() {
        assertThatCode(() -> signedBy(List.of(), new ArrayList<>(), Optional.empty()).requireFresh(Duration.ZERO, NOW))
                .doesNotThrowAnyException();
    }
}
