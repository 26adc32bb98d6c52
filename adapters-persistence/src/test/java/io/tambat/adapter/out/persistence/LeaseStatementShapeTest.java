package io.tambat.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import java.lang.reflect.Field;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every work queue's lease statement is written whole where it runs, and has the one shape the queues share
 * ({@link io.tambat.adapter.out.persistence.jdbc.LeaseQueries}): this test holds them to it, so the shape is
 * shared without a string template. What each queue adds (its pending condition, further assignments, CTEs
 * after the lease, what it selects) is free; the lease itself is not. A row is named by its key, and, in a table
 * kept by day, by the time its day is of too ({@code leased_<column>}).
 */
class LeaseStatementShapeTest {

    private static final Pattern SHAPE = Pattern.compile("""
            WITH due AS \\(SELECT (?<key>\\w+) AS leased_key(?<timed>, (?<time>\\w+) AS leased_\\k<time>)?, \
            lease_until IS NOT NULL AS taken_over FROM (?<table>\\w+) \
            WHERE .+ AND next_attempt_at <= \\?1 AND \\(lease_until IS NULL OR lease_until <= \\?1\\) \
            ORDER BY next_attempt_at LIMIT \\?3 FOR UPDATE SKIP LOCKED\\), \
            leased AS \\(UPDATE (?<updated>\\w+) w SET lease_until = \\?2, attempt_count = w\\.attempt_count \\+ 1\
            (, [a-z_]+ = \\?\\d+)* FROM due WHERE w\\.(?<joined>\\w+) = due\\.leased_key\
            (?<timejoined> AND w\\.\\k<time> = due\\.leased_\\k<time>)? \
            RETURNING w\\.\\*, due\\.taken_over\\)(, \\w+ AS \\(.+\\))? SELECT .+ FROM leased\\b.*""");

    @ParameterizedTest(name = "{0}.{1}")
    @CsvSource({
        "inbox.PostgresInboxWorkAdapter,          LEASE,          webhook_inbox",
        "order.PostgresOrderDeliveryAdapter,      LEASE,          order_outbox",
        "order.PostgresOrderOperationsAdapter,    LEASE,          idempotency_requests",
        "forwarding.PostgresForwardingAdapter,    LEASE,          forward_delivery",
        "forwarding.PostgresForwardingAdapter,    LEASE_IN_ORDER, forward_delivery"
    })
    void everyQueueLeasesInTheSharedShape(String adapter, String field, String table) throws Exception {
        String lease = numbered(statement(adapter, field));

        Matcher shape = SHAPE.matcher(lease);
        assertThat(shape.matches()).as("the lease of %s in the shared shape:%n%s", table, lease).isTrue();
        assertThat(shape.group("table")).isEqualTo(table);
        assertThat(shape.group("updated")).isEqualTo(table);
        assertThat(shape.group("joined")).isEqualTo(shape.group("key"));
        assertThat(shape.group("timed") == null).as("a time named in the due rows is joined on, and only then")
                .isEqualTo(shape.group("timejoined") == null);
    }

    private static NumberedStatement statement(String adapter, String field) throws ReflectiveOperationException {
        Field constant = Class.forName("io.tambat.adapter.out.persistence." + adapter).getDeclaredField(field);
        constant.setAccessible(true);
        return (NumberedStatement) constant.get(null);
    }

    /** The statement as written, its numbered parameters back in place, on one line with single spaces. */
    private static String numbered(NumberedStatement statement) {
        Object[] labels = IntStream.rangeClosed(1, 20).mapToObj(number -> "?" + number).toArray();
        Object[] parameters = statement.positional(labels);
        StringBuilder written = new StringBuilder();
        int next = 0;
        for (char c : statement.sql().toCharArray()) {
            written.append(c == '?' ? (String) parameters[next++] : String.valueOf(c));
        }
        return written.toString().replaceAll("\\s+", " ").replace("( ", "(").replace(" )", ")").trim();
    }
}
