package io.tambat.application.webhook;

/**
 * How deliveries that arrive together share a commit ({@link InboxGroupCommit}), produced from configuration
 * by the composition root.
 *
 * @param maxEntries most inbox entries one transaction stores; 1 gives every delivery its own transaction
 * @param committers most transactions committing groups at once on this instance
 */
public record GroupCommitSettings(int maxEntries, int committers) {

    public GroupCommitSettings {
        if (maxEntries < 1 || committers < 1) {
            throw new IllegalArgumentException("a group holds at least one entry, and one committer is needed");
        }
    }
}
