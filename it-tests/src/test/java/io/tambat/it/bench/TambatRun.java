package io.tambat.it.bench;

/**
 * One measured run against Tambat: what the load saw, the server CPU time it cost and the server's resident
 * memory at its end.
 */
record TambatRun(LoadResult load, double serverCpuMillis, long residentMebibytes) {

    /** Server CPU per request answered, whatever the answer. */
    double cpuMillisPerRequest() {
        return load.answered() == 0 ? Double.NaN : serverCpuMillis / load.answered();
    }
}
