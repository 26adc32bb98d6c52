package io.tambat.it.bench;

import io.tambat.it.support.TestDatabase;
import java.util.Map;

/**
 * How the inbox's rows were updated since the schema was created, from its partitions' statistics: how
 * many updates PostgreSQL made in place (heap-only: the new version on the same page, no index entry written)
 * and how many wrote an entry into every index. A lease should be the former; ending a row's processing is
 * the latter, since its status leaves the pending rows' index. The statistics reach this view a moment after
 * the server's connections go idle, so read them after the load.
 */
final class InboxUpdates {

    private static final String UPDATES = """
            SELECT coalesce(sum(n_tup_upd), 0) AS updates, coalesce(sum(n_tup_hot_upd), 0) AS in_place
            FROM pg_stat_user_tables
            WHERE relid IN (SELECT relid FROM pg_partition_tree('webhook_inbox') WHERE isleaf)""";

    private InboxUpdates() {
    }

    static String describe(TestDatabase db) {
        Map<String, Object> row = db.rows(UPDATES).get(0);
        long updates = ((Number) row.get("updates")).longValue();
        long inPlace = ((Number) row.get("in_place")).longValue();
        return String.format("inbox row updates: %,d, of which in place (heap-only) %,d (%.0f %%)", updates, inPlace,
                updates == 0 ? 0 : 100.0 * inPlace / updates);
    }
}
