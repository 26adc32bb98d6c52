package io.tambat.application.transaction;

import java.time.Duration;

/**
 * How requests that arrive together share a commit ({@link GroupCommit}), produced from configuration by the
 * composition root.
 *
 * @param maxWeight  most weight (inbox entries, orders) one transaction carries; 1 gives every request its own
 * @param committers most transactions committing groups at once on this instance
 * @param maxWait    longest a request waits in the queue for a committer before it is refused as unavailable
 */
public record GroupCommitSettings(int maxWeight, int committers, Duration maxWait) {

    public GroupCommitSettings {
        if (maxWeight < 1 || committers < 1) {
            throw new IllegalArgumentException("a group carries at least one request, and one committer is needed");
        }
        if (maxWait.isNegative() || maxWait.isZero()) {
            throw new IllegalArgumentException("a request waits some time for a committer");
        }
    }
}
