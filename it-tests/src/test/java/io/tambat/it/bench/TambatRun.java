package io.tambat.it.bench;

/**
 * One measured run against Tambat: what the load saw, the server CPU time it cost, the database CPU time it
 * cost and the server's resident memory at its end.
 *
 * @param databaseCpuMillis the database's CPU time over the run; NaN where it is not measured, or where the
 *     database served more than this run at once (two instances)
 */
record TambatRun(LoadResult load, double serverCpuMillis, double databaseCpuMillis, long residentMebibytes) {

    /** Server CPU per request answered, whatever the answer. */
    double cpuMillisPerRequest() {
        return perRequestAnswered(serverCpuMillis);
    }

    /** Database CPU per request answered, whatever the answer; NaN where it is not measured. */
    double databaseCpuMillisPerRequest() {
        return perRequestAnswered(databaseCpuMillis);
    }

    TambatRun withDatabaseCpuMillis(double millis) {
        return new TambatRun(load, serverCpuMillis, millis, residentMebibytes);
    }

    private double perRequestAnswered(double millis) {
        return load.answered() == 0 ? Double.NaN : millis / load.answered();
    }
}
