package io.tambat.application.transaction;

/**
 * How requests that arrive together share a commit ({@link GroupCommit}), produced from configuration by the
 * composition root.
 *
 * @param maxWeight  most weight (inbox entries, orders) one transaction carries; 1 gives every request its own
 * @param committers most transactions committing groups at once on this instance
 */
public record GroupCommitSettings(int maxWeight, int committers) {

    public GroupCommitSettings {
        if (maxWeight < 1 || committers < 1) {
            throw new IllegalArgumentException("a group carries at least one request, and one committer is needed");
        }
    }
}
