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
        } catch (RuntimeException e) {
            throw unavailable(what, e);
        }
    }

    static StoreUnavailableException unavailable(String what, RuntimeException failure) {
        return failure instanceof StoreUnavailableException unavailable ? unavailable
                : new StoreUnavailableException(what + " failed: " + failure.getClass().getName(), failure);
    }
}
