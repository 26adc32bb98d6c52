package io.tambat.application.testing;

/** An in-memory store that a {@link FakeTransactions} can put back as it was when a transaction began. */
public interface RollsBack {

    /** @return what puts this store back to its contents as of now */
    Runnable snapshot();
}
