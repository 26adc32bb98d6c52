package io.tambat.application.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.port.out.secrets.UnkeyedDigestsPort;
import org.junit.jupiter.api.Test;

class UnkeyedDigestRekeyTest {

    private final UnkeyedRows rows = new UnkeyedRows(2_500);
    private final UnkeyedDigestRekey rekey = new UnkeyedDigestRekey();

    UnkeyedDigestRekeyTest() {
        rekey.unkeyed = rows;
        rekey.upgrade = new RollingUpgrade(false);
    }

    @Test
    void rekeysABatchATurnUntilNoneIsLeft() {
        assertThat(rekey.runBatch()).isEqualTo(UnkeyedDigestRekey.BATCH);
        assertThat(rekey.runBatch()).isEqualTo(UnkeyedDigestRekey.BATCH);
        assertThat(rekey.runBatch()).isEqualTo(500);
        assertThat(rekey.runBatch()).isZero();

        assertThat(rows.left).isZero();
    }

    @Test
    void touchesNothingWhileInstancesOfTheReleaseBeforeMayStillRun() {
        rekey.upgrade = new RollingUpgrade(true);

        assertThat(rekey.runBatch()).isZero();
        assertThat(rows.batches).isZero();

        rekey.upgrade = new RollingUpgrade(false);
        assertThat(rekey.runBatch()).as("once the last of them has stopped").isEqualTo(UnkeyedDigestRekey.BATCH);
    }

    @Test
    void stopsAskingTheStoreOnceTheWalkIsFinished() {
        drain();
        int batches = rows.batches;
        int questions = rows.finishedQuestions;

        for (int turn = 0; turn < 5; turn++) {
            assertThat(rekey.runBatch()).isZero();
        }

        assertThat(rows.batches).isEqualTo(batches);
        assertThat(rows.finishedQuestions).isEqualTo(questions);
    }

    @Test
    void keepsAskingWhileAnotherInstanceWalks() {
        rows.heldElsewhere = true;

        assertThat(rekey.runBatch()).isZero();
        assertThat(rekey.runBatch()).isZero();
        rows.heldElsewhere = false;

        assertThat(rekey.runBatch()).isEqualTo(UnkeyedDigestRekey.BATCH);
        assertThat(rows.batches).isEqualTo(3);
    }

    @Test
    void learnsOfAWalkAnotherInstanceFinishedAndStopsAsking() {
        rows.left = 0;

        assertThat(rekey.runBatch()).isZero();
        assertThat(rekey.runBatch()).isZero();

        assertThat(rows.batches).isEqualTo(1);
    }

    private void drain() {
        while (rekey.runBatch() > 0) {
            assertThat(rows.batches).as("the walk ends").isLessThan(100);
        }
    }

    /** A store holding {@code left} unkeyed rows, re-keyed as many at a time as a batch asks for. */
    private static final class UnkeyedRows implements UnkeyedDigestsPort {

        int left;
        boolean heldElsewhere;
        int batches;
        int finishedQuestions;

        UnkeyedRows(int left) {
            this.left = left;
        }

        @Override
        public int rekeyBatch(int max) {
            batches++;
            if (heldElsewhere) {
                return 0;
            }
            int done = Math.min(max, left);
            left -= done;
            return done;
        }

        @Override
        public boolean finished() {
            finishedQuestions++;
            return left == 0;
        }
    }
}
