package io.tambat.adapter.out.persistence.inbox;

import jakarta.persistence.EntityManager;

/**
 * The inbox adapters on a test's entity manager, for the tests of other capabilities that need rows in the
 * inbox (sealed data, forwarding) without reaching into the adapters' injected fields.
 */
public final class InboxAdapters {

    private InboxAdapters() {
    }

    public static PostgresInboxAdapter inbox(EntityManager em) {
        PostgresInboxAdapter inbox = new PostgresInboxAdapter();
        inbox.em = em;
        return inbox;
    }

    public static PostgresInboxRetentionAdapter retention(EntityManager em) {
        PostgresInboxRetentionAdapter retention = new PostgresInboxRetentionAdapter();
        retention.em = em;
        return retention;
    }
}
