package io.tambat.adapter.out.persistence;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One connection to a store, as one server thread has it: the port's methods join the caller's transaction, so
 * each call here runs its work in a transaction of its own and commits it (or rolls it back on an exception).
 * Two sessions are two concurrent callers.
 *
 * @param <P> the port, or the ports, the session offers
 */
public interface StoreSession<P> extends AutoCloseable {

    /** Runs the work in one transaction and returns its result. */
    public <T> T call(Function<P, T> work);

    /** Runs the work in one transaction. */
    default void run(Consumer<P> work) {
        call(port -> {
            work.accept(port);
            return null;
        });
    }

    @Override
    public void close();
}
