package io.tambat.adapter.out.persistence;

import io.tambat.domain.error.StoreUnavailableException;
import java.util.function.Supplier;

/**
 * Translates whatever the JPA provider, the pool or the driver throws when the database cannot answer into
 * the domain's {@link StoreUnavailableException}, so callers decide on one exception type.
 */
final class StorageCalls {

    private StorageCalls() {
    }

    static <T> T call(String what, Supplier<T> work) {
        try {
            return work.get();
        } catch (StoreUnavailableException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new StoreUnavailableException(what + " failed: " + e.getClass().getName(), e);
        }
    }
}
