package io.tambat.domain.model.inbox;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where an inbox row's sealed payload sits in an object store, relative to the configured prefix:
 * {@code yyyy/MM/dd/HH/<inbox id>}, the UTC hour the row was received in, then its id. Time comes first so that
 * a listing, which object stores answer in key order, walks the objects oldest first, and a sweeper knows an
 * object's age from its key alone.
 */
public record PayloadObjectKey(String value) {

    /** The inbox id as {@link UUID#toString()} writes it, lowercase: one row has one key, never two spellings. */
    private static final Pattern SHAPE = Pattern.compile(
            "(\\d{4})/(\\d{2})/(\\d{2})/(\\d{2})/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Duration HOUR = Duration.ofHours(1);

    public PayloadObjectKey {
        Objects.requireNonNull(value);
        if (hourOf(value).isEmpty()) {
            throw new IllegalArgumentException("not a payload object key (yyyy/MM/dd/HH/<inbox id>): " + value);
        }
    }

    /** The key of the row {@code inboxId}, received at {@code receivedAt}. */
    public static PayloadObjectKey of(Instant receivedAt, UUID inboxId) {
        LocalDateTime received = LocalDateTime.ofInstant(receivedAt, ZoneOffset.UTC);
        return new PayloadObjectKey(String.format(Locale.ROOT, "%04d/%02d/%02d/%02d/%s", received.getYear(),
                received.getMonthValue(), received.getDayOfMonth(), received.getHour(), inboxId));
    }

    /**
     * A key read back from a listing of the store; empty for an object that is not a payload object (another
     * application's, or an operator's, under the same prefix).
     */
    public static Optional<PayloadObjectKey> parse(String candidate) {
        return hourOf(candidate).map(hour -> new PayloadObjectKey(candidate));
    }

    /** The row whose payload this is: a sweeper looks it up to tell a payload from an orphan. */
    public UUID inboxId() {
        return UUID.fromString(value.substring(value.lastIndexOf('/') + 1));
    }

    /**
     * Whether the hour this key names ended at or before {@code instant}: then every row it can belong to was
     * received before {@code instant}.
     */
    public boolean hourEndedBy(Instant instant) {
        Instant hourStart = hourOf(value).orElseThrow().toInstant(ZoneOffset.UTC);
        return !hourStart.plus(HOUR).isAfter(instant);
    }

    private static Optional<LocalDateTime> hourOf(String candidate) {
        Matcher key = SHAPE.matcher(candidate);
        if (!key.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDateTime.of(Integer.parseInt(key.group(1)), Integer.parseInt(key.group(2)),
                    Integer.parseInt(key.group(3)), Integer.parseInt(key.group(4)), 0));
        } catch (DateTimeException notADate) {
            return Optional.empty();
        }
    }
}
