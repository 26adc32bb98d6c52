package io.tambat.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseCpuTest {

    @TempDir
    Path proc;

    /**
     * A backend (101) had used 5 + 5 ticks when the stopwatch started, then exited having used 5 + 15, which its
     * postmaster (100) now holds in cutime and cstime; another backend (103) started meanwhile.
     */
    @Test
    void sumsEveryPostgresProcessWithTheChildrenItWaitedFor() throws IOException {
        process("100", "postgres", 10, 20, 300, 400);
        process("101", "postgres", 5, 5, 0, 0);
        process("102", "java", 1000, 1000, 0, 0);
        Files.createDirectories(proc.resolve("self"));
        DatabaseCpu database = DatabaseCpu.of("127.0.0.1", proc);
        DatabaseCpu.Stopwatch stopwatch = database.stopwatch();

        Files.delete(proc.resolve("101/stat"));
        process("100", "postgres", 10, 20, 300 + 5, 400 + 15);
        process("103", "postgres", 2, 3, 0, 0);

        assertThat(database.describe()).startsWith("DB CPU: utime+stime+cutime+cstime");
        assertThat(stopwatch.elapsedMillis())
                .isEqualTo(ProcessStat.millis((10 + 20 + 305 + 415 + 2 + 3) - (10 + 20 + 300 + 400 + 5 + 5)));
    }

    @Test
    void isNotMeasuredForADatabaseOnAnotherMachine() throws IOException {
        process("100", "postgres", 10, 20, 300, 400);
        DatabaseCpu database = DatabaseCpu.of("192.0.2.1", proc);

        assertThat(database.describe()).isEqualTo("DB CPU: n/a, PostgreSQL runs on 192.0.2.1, not on this machine");
        assertThat(database.stopwatch().elapsedMillis()).isNaN();
    }

    @Test
    void isNotMeasuredWithoutAPostgresProcessToRead() throws IOException {
        process("102", "java", 1000, 1000, 0, 0);

        assertThat(DatabaseCpu.of("localhost", proc).describe()).startsWith("DB CPU: n/a, no process named postgres");
        assertThat(DatabaseCpu.of("localhost", proc.resolve("missing")).stopwatch().elapsedMillis()).isNaN();
    }

    private void process(String pid, String command, long utime, long stime, long cutime, long cstime)
            throws IOException {
        Files.createDirectories(proc.resolve(pid));
        Files.writeString(proc.resolve(pid).resolve("stat"), pid + " (" + command + ") S 1 1 1 0 -1 4194304 0 0 0 0 "
                + utime + " " + stime + " " + cutime + " " + cstime + " 20 0 1 0 4518 0 0\n");
    }
}
