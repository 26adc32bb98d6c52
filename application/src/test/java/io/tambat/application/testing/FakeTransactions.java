package io.tambat.application.testing;

import java.util.List;
import java.util.function.Supplier;

/**
 * Stands in for the container's {@code @Transactional(REQUIRES_NEW, rollbackOn = Exception.class)}: when the work
 * throws, every enlisted store gets back what it held before, as a rollback would leave the database. Without
 * it, a fake would keep the writes a real transaction discards (a processed-event record before a lost lease).
 */
public final class FakeTransactions {

    private final List<RollsBack> stores;

    public FakeTransactions(RollsBack... stores) {
        this.stores = List.of(stores);
    }

    public <T> T inNew(Supplier<T> work) {
        List<Runnable> rollbacks = stores.stream().map(RollsBack::snapshot).toList();
        try {
            return work.get();
        } catch (RuntimeException e) {
            rollbacks.forEach(Runnable::run);
            throw e;
        }
    }
}
