package io.tambat.it.bench;

import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * What precedes every measured run: a {@code CHECKPOINT}, so no run pays for the dirty pages of the one before,
 * then a quiet pause. A database user without the right to checkpoint (superuser or {@code pg_checkpoint}) gets
 * the pause alone, and the report says so.
 */
final class QuietStart {

    private final Duration pause;
    private String checkpointRefused;

    QuietStart(Duration pause) {
        this.pause = pause;
    }

    void settle() {
        if (checkpointRefused == null) {
            try (Connection connection = new TestDatabase("public").connect();
                    Statement statement = connection.createStatement()) {
                statement.execute("CHECKPOINT");
            } catch (SQLException e) {
                checkpointRefused = e.getMessage();
            }
        }
        TambatServerProcess.sleep(pause);
    }

    String describe() {
        return checkpointRefused == null ? "CHECKPOINT and " + pause.toSeconds() + " s quiet"
                : pause.toSeconds() + " s quiet, no CHECKPOINT (" + checkpointRefused + ")";
    }
}
