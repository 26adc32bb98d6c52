package io.tambat.domain.port.out.secrets;

/**
 * The payload digests stored before digests were keyed: the inbox rows and the replay window's records that hold
 * a body's plain SHA-256, which lets anyone with a backup confirm a guess about an encrypted payload. Each is
 * replaced by the digest the body would be stored with now ({@link PayloadDigestPort#storedForSha256}), in one
 * walk over the stored rows whose progress is stored too, so that it survives restarts. Methods join the
 * caller's transaction.
 */
public interface UnkeyedDigestsPort {

    /**
     * Walks on over up to {@code max} inbox rows, re-keying those that hold an unkeyed digest, and re-keys up to
     * {@code max} records of accepted bodies that do. A record whose body was recorded again since, under its
     * keyed digest, is dropped: the later record stands for both. Once the walk has passed every row and no
     * record is left, the walk is finished for good.
     *
     * <p>One caller at a time walks: while another transaction holds the walk, this returns 0 at once, without
     * waiting. A batch rolled back with the caller's transaction leaves the walk where it stood. Rows are re-keyed
     * under the current payload key. Not guaranteed: that a row stored unkeyed after the walk began is ever
     * re-keyed (call this only once every instance stores keyed digests), nor that a batch never waits for a row
     * that an ingest or a retention purge is writing (should they deadlock, the store rolls one of them back).
     *
     * @return how many rows the batch walked or re-keyed; 0 when another caller holds the walk or it is finished
     * @throws io.tambat.domain.error.StoreUnavailableException when the database cannot answer
     */
    int rekeyBatch(int max);

    /** Whether the walk is finished, by any caller: every digest stored unkeyed before it began is keyed now. */
    boolean finished();
}
