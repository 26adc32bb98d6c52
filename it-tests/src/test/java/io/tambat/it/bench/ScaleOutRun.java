package io.tambat.it.bench;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One measured run of two instances of Tambat at once on one database.
 *
 * @param first the first instance's run: its load, CPU and memory; the database's CPU is not its alone (NaN)
 * @param second the second instance's run, likewise
 * @param together both loads as one, both servers' CPU and resident memory summed, and the database's CPU over
 *     the run
 */
record ScaleOutRun(TambatRun first, TambatRun second, TambatRun together) {

    static ScaleOutRun of(TambatRun first, TambatRun second, double databaseCpuMillis) {
        return new ScaleOutRun(first, second, new TambatRun(LoadResult.together(List.of(first.load(),
                second.load())), first.serverCpuMillis() + second.serverCpuMillis(), databaseCpuMillis,
                first.residentMebibytes() + second.residentMebibytes()));
    }

    /** Delivery ids both instances answered 2xx: a delivery and its copy, each stored once or not at all. */
    Set<String> answeredByBoth() {
        Set<String> both = new HashSet<>(first.load().confirmedIds());
        both.retainAll(second.load().confirmedIds());
        return both;
    }
}
