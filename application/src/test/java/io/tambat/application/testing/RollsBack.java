package io.tambat.application.testing;

import java.util.LinkedHashMap;
import java.util.Map;

/** An in-memory store that a {@link FakeTransactions} can put back as it was when a transaction began. */
public interface RollsBack {

    /** @return what puts this store back to its contents as of now */
    Runnable snapshot();

    /** What puts {@code map} back to its entries as of now; enough for a store of immutable values. */
    static <K, V> Runnable snapshotOf(Map<K, V> map) {
        Map<K, V> before = new LinkedHashMap<>(map);
        return () -> {
            map.clear();
            map.putAll(before);
        };
    }
}
