package io.tambat.it.bench;

import io.tambat.it.support.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LongSummaryStatistics;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The database's own CPU time, so a report can show where the CPU goes: the server's or PostgreSQL's. It is the
 * sum over every process named {@code postgres} in {@code /proc} of utime, stime, cutime and cstime. PostgreSQL
 * runs each connection in a backend process the postmaster forks and waits for, so a backend that exits (as
 * pgbench's do after each run) hands its time to the postmaster's cutime and cstime, and the sum taken before
 * and after a run counts every backend that ran in between (one that exits while the sum is being taken may
 * count twice or not at all, a slip of one backend's time). It counts every PostgreSQL cluster on the machine
 * and the database's background work (checkpointer, WAL writer, autovacuum) alike.
 *
 * <p>Measured only where the database runs on this machine and its processes show in {@code /proc}; elsewhere
 * every figure is NaN and {@link #describe()} says why, so a report can say so once and go on.
 */
final class DatabaseCpu {

    private static final String COMMAND = "postgres";

    private final Path proc;
    private final Optional<String> unavailable;

    private DatabaseCpu(Path proc, Optional<String> unavailable) {
        this.proc = proc;
        this.unavailable = unavailable;
    }

    /** The CPU of the test database, from this machine's {@code /proc}. */
    static DatabaseCpu ofTestDatabase() {
        return of(TestDatabase.host(), Path.of("/proc"));
    }

    /** The CPU of the database on {@code host}, from the process tree under {@code proc}. */
    static DatabaseCpu of(String host, Path proc) {
        Optional<String> elsewhere = notOnThisMachine(host);
        if (elsewhere.isPresent()) {
            return new DatabaseCpu(proc, elsewhere);
        }
        DatabaseCpu local = new DatabaseCpu(proc, Optional.empty());
        return local.ticks().isPresent() ? local : new DatabaseCpu(proc,
                Optional.of("no process named " + COMMAND + " readable in " + proc));
    }

    /** The report's note on the database CPU figures: how they are taken, or why they are "n/a". */
    String describe() {
        return unavailable.map(why -> "DB CPU: n/a, " + why).orElse("DB CPU: utime+stime+cutime+cstime of every "
                + "process named " + COMMAND + " on this machine from /proc over each run (a backend that exits "
                + "counts through the postmaster's cutime/cstime), per request answered; for pgbench per "
                + "transaction, the start of its connections included");
    }

    /** The database's CPU time from now on. */
    Stopwatch stopwatch() {
        return new Stopwatch(ticks());
    }

    /** A Tambat run with the database's CPU time over it. */
    TambatRun measure(SideBySide.TambatSide run) throws InterruptedException {
        Stopwatch database = stopwatch();
        TambatRun measured = run.run();
        return measured.withDatabaseCpuMillis(database.elapsedMillis());
    }

    /** CPU ticks of every {@code postgres} process so far, or empty when there is none to read. */
    private OptionalLong ticks() {
        if (unavailable.isPresent()) {
            return OptionalLong.empty();
        }
        try (Stream<Path> entries = Files.list(proc)) {
            LongSummaryStatistics postgres = entries
                    .filter(entry -> entry.getFileName().toString().chars().allMatch(Character::isDigit))
                    .map(DatabaseCpu::stat).flatMap(Optional::stream)
                    .filter(stat -> stat.command().equals(COMMAND))
                    .mapToLong(ProcessStat::cpuTicksWithWaitedForChildren).summaryStatistics();
            return postgres.getCount() == 0 ? OptionalLong.empty() : OptionalLong.of(postgres.getSum());
        } catch (IOException | UncheckedIOException e) {
            return OptionalLong.empty();
        }
    }

    /** A process's stat, or empty if it exited meanwhile or cannot be read. */
    private static Optional<ProcessStat> stat(Path process) {
        try {
            return Optional.of(ProcessStat.parse(Files.readString(process.resolve("stat"),
                    StandardCharsets.US_ASCII)));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * Why {@code host} is not this machine, or empty when it is: a loopback address, or an address of one of
     * this machine's interfaces.
     */
    private static Optional<String> notOnThisMachine(String host) {
        try {
            InetAddress address = InetAddress.getByName(host);
            boolean local = address.isLoopbackAddress() || address.isAnyLocalAddress()
                    || NetworkInterface.getByInetAddress(address) != null;
            return local ? Optional.empty()
                    : Optional.of("PostgreSQL runs on " + host + ", not on this machine");
        } catch (UnknownHostException | SocketException e) {
            return Optional.of("cannot tell whether PostgreSQL's host " + host + " is this machine: " + e);
        }
    }

    /** The database's CPU time since it was started; NaN where it is not measured. */
    final class Stopwatch {

        private final OptionalLong start;

        private Stopwatch(OptionalLong start) {
            this.start = start;
        }

        double elapsedMillis() {
            OptionalLong now = ticks();
            return start.isPresent() && now.isPresent() ? ProcessStat.millis(now.getAsLong() - start.getAsLong())
                    : Double.NaN;
        }
    }
}
