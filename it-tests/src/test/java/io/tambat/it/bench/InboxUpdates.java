package io.tambat.it.bench;

import io.tambat.it.support.TestDatabase;
import java.util.Map;

/**
 * How the inbox's rows were updated since the schema was created, from the database's table statistics: how
 * many updates PostgreSQL made in place (heap-only: the new version on the same page, no index entry written)
 * and how many wrote an entry into every index. A lease should be the former; ending a row's processing is
 * the latter, since its status leaves the pending rows' index. The statistics reach this view a moment after
 * the server's connections go idle, so read them after the load.
 */
final class InboxUpdates {

    private static final String UPDATES = """
            SELECT n_tup_upd AS updates, n_tup_hot_upd AS in_place FROM pg_stat_user_tables
            WHERE schemaname = current_schema() AND relname = 'webhook_inbox'""";

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
