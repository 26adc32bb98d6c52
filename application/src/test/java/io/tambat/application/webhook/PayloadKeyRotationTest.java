package io.tambat.application.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.identity.TimeOrderedIds;
import io.tambat.application.operator.Actions;
import io.tambat.application.operator.AuditTrail;
import io.tambat.application.port.in.secrets.RotatePayloadKeysUseCase;
import io.tambat.application.testing.InMemoryAuditTrail;
import io.tambat.application.testing.MutableClock;
import io.tambat.application.testing.SealingCipher;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.port.out.secrets.SealedDataPort;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PayloadKeyRotationTest {

    private static final Operator OPERATOR = new Operator("ops@shop.example");

    private final MutableClock clock = MutableClock.start();
    private final InMemoryAuditTrail trail = new InMemoryAuditTrail();
    private final Ciphertexts ciphertexts = new Ciphertexts(PayloadResealBatch.SIZE * 2 + 7);

    @Test
    void resealsUpToTheLimitBatchByBatchAndAuditsHowManyAsOneAction() {
        RotatePayloadKeysUseCase.Resealed resealed = Actions.result(rotation()
                .reseal(OPERATOR, PayloadResealBatch.SIZE + 1, Duration.ofSeconds(5)));

        assertThat(resealed.resealed()).isEqualTo(PayloadResealBatch.SIZE + 1);
        assertThat(resealed.keyUse().awaitingReseal()).isEqualTo(PayloadResealBatch.SIZE + 6);
        OperatorAction audited = trail.get(resealed.actionId());
        assertThat(audited.kind()).isEqualTo(OperatorAction.Kind.PAYLOAD_RESEAL);
        assertThat(audited.count()).isEqualTo(PayloadResealBatch.SIZE + 1);
        assertThat(audited.filter()).isEqualTo(Map.of("limit", String.valueOf(PayloadResealBatch.SIZE + 1)));
    }

    @Test
    void stopsOnceNothingIsLeftUnderAnotherKey() {
        RotatePayloadKeysUseCase.Resealed resealed = Actions.result(rotation()
                .reseal(OPERATOR, RotatePayloadKeysUseCase.MAX_ROWS_PER_CALL, Duration.ofSeconds(5)));

        assertThat(resealed.resealed()).isEqualTo(PayloadResealBatch.SIZE * 2 + 7);
        assertThat(resealed.keyUse().awaitingReseal()).isZero();
    }

    private PayloadKeyRotation rotation() {
        AuditTrail audit = new AuditTrail(trail, new TimeOrderedIds(clock), clock);
        PayloadResealBatch batches = new PayloadResealBatch();
        batches.sealed = ciphertexts;
        batches.audit = audit;
        PayloadKeyRotation rotation = new PayloadKeyRotation();
        rotation.batches = batches;
        rotation.sealed = ciphertexts;
        rotation.cipher = new SealingCipher();
        rotation.actions = Actions.atOnce(audit);
        return rotation;
    }

    /** Ciphertexts under an old key, counted down as batches re-seal them. */
    private static final class Ciphertexts implements SealedDataPort {

        private long underOldKey;
        private long underCurrentKey;

        Ciphertexts(long underOldKey) {
            this.underOldKey = underOldKey;
        }

        @Override
        public int resealBatch(int max) {
            int resealed = (int) Math.min(max, underOldKey);
            underOldKey -= resealed;
            underCurrentKey += resealed;
            return resealed;
        }

        @Override
        public Map<String, Long> sealedPerKey() {
            return Map.of("old", underOldKey, SealingCipher.KEY_ID, underCurrentKey);
        }

        @Override
        public long awaitingReseal() {
            return underOldKey;
        }
    }
}
