package io.tambat.application.webhook;

/**
 * Whether instances of the release before this one may still share its database, while a deployment rolls: the
 * operator says so with {@code TAMBAT_PAYLOAD_ROW_KEYS=false} until the last of them has stopped. Produced from
 * configuration by the composition root.
 *
 * @param earlierReleaseMayRun whether they may still run, and so still store payload digests unkeyed: rewriting
 *                             such rows waits until they are gone, or it would never be done
 */
public record RollingUpgrade(boolean earlierReleaseMayRun) {
}
