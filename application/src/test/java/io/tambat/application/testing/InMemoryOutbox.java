package io.tambat.application.testing;

import io.tambat.domain.model.processing.OutboxMessage;
import io.tambat.domain.port.out.OutboxPort;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** The inbox's outbox in memory: notifications in the order appended, each published at most once marked. */
public final class InMemoryOutbox implements OutboxPort, RollsBack {

    private final Map<Long, Notification> notifications = new LinkedHashMap<>();
    private final List<PurgeRequest> purges = new ArrayList<>();
    private long lastId;

    /** A notification and, once marked, when it was published. */
    public record Notification(OutboxMessage message, Optional<Instant> publishedAt) {
    }

    public List<Notification> notifications() {
        return List.copyOf(notifications.values());
    }

    /** The topics appended about one inbox row, in order. */
    public List<String> topicsFor(UUID inboxId) {
        return notifications.values().stream()
                .filter(notification -> notification.message().inboxId().equals(inboxId))
                .map(notification -> notification.message().topic())
                .toList();
    }

    @Override
    public void appendAll(List<UUID> inboxIds, String topic, Instant now) {
        for (UUID inboxId : inboxIds) {
            lastId++;
            notifications.put(lastId, new Notification(new OutboxMessage(lastId, inboxId, topic, now),
                    Optional.empty()));
        }
    }

    @Override
    public List<OutboxMessage> claimUnpublished(int max) {
        return unpublished().stream().limit(max).toList();
    }

    @Override
    public void markPublished(List<Long> outboxIds, Instant now) {
        outboxIds.forEach(id -> notifications.computeIfPresent(id,
                (key, notification) -> new Notification(notification.message(), Optional.of(now))));
    }

    @Override
    public int purgePublished(Instant publishedBefore, int batch) {
        PurgeRequest request = new PurgeRequest(publishedBefore, batch);
        purges.add(request);
        return request.removeFrom(notifications, notification -> notification.publishedAt().orElse(Instant.MAX));
    }

    public List<PurgeRequest> purges() {
        return List.copyOf(purges);
    }

    @Override
    public Backlog backlog() {
        List<OutboxMessage> waiting = unpublished();
        return new Backlog(waiting.size(), waiting.stream().findFirst().map(OutboxMessage::createdAt));
    }

    @Override
    public Runnable snapshot() {
        Runnable notificationsBefore = RollsBack.snapshotOf(notifications);
        long lastIdBefore = lastId;
        return () -> {
            notificationsBefore.run();
            lastId = lastIdBefore;
        };
    }

    private List<OutboxMessage> unpublished() {
        return notifications.values().stream()
                .filter(notification -> notification.publishedAt().isEmpty())
                .map(Notification::message)
                .toList();
    }
}
