package io.tambat.adapter.out.persistence;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A port contract that talks to the store under test through a session opened before each test and closed
 * after it. A test that needs concurrent callers opens more.
 *
 * @param <P> the port, or the ports, the contract is about
 */
public abstract class SessionContract<P> {

    protected StoreSession<P> session;

    /** A new connection to the store, which holds nothing when each test starts. */
    protected abstract StoreSession<P> openSession();

    @BeforeEach
    public void openFirstSession() {
        session = openSession();
    }

    @AfterEach
    public void closeSession() {
        session.close();
    }
}
