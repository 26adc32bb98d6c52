package io.tambat.adapter.out.persistence.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The upgrade policy (docs/deploying.md, "Upgrades") checked on every migration written since it holds: none drops,
 * renames or narrows what the release before reads or writes, tightens a constraint its writes could break, or
 * rewrites its rows; an index on a table that grows with the traffic is built {@code CONCURRENTLY}, so that the
 * release before goes on writing while it is built. A migration that contracts the schema a release after the
 * expansion says so on a line of its own, {@code -- contracts: <what the release before no longer uses>}, and is
 * read by a reviewer instead; so is a unique index over columns of which some are unique already, which no write can
 * break, said on a line {@code -- unique already: <which>}, and a rewrite of rows to values the release before reads
 * as it read the old ones, said on a line {@code -- same for the release before: <why>}.
 */
class MigrationPolicyTest {

    /** The migrations written before the policy held are what every deployment already runs. */
    private static final int FIRST_UNDER_THE_POLICY = 25;
    private static final Path MIGRATIONS = Path.of("src/main/resources/db/migration");
    private static final Pattern VERSION = Pattern.compile("V(\\d+)__.*\\.sql");
    private static final Pattern CONTRACTS = Pattern.compile("(?m)^--\\s*contracts:\\s*\\S+");
    private static final Pattern UNIQUE_ALREADY = Pattern.compile("(?m)^--\\s*unique already:\\s*\\S+");
    private static final Pattern SAME_FOR_THE_RELEASE_BEFORE = Pattern.compile(
            "(?m)^--\\s*same for the release before:\\s*\\S+");
    private static final Pattern UNIQUE_INDEX = Pattern.compile("\\bcreate\\s+unique\\s+index\\b");
    private static final Pattern REWRITE = Pattern.compile("(^|;)\\s*(update|delete\\s+from)\\b");
    private static final List<String> GROWING_TABLES = List.of("webhook_inbox", "webhook_inbox_history",
            "webhook_outbox", "webhook_body_seen", "webhook_delivery_count", "processed_event", "object_mutation",
            "forward_delivery", "orders", "order_line", "order_outbox", "idempotency_requests", "operator_action",
            "webhook_event_key");

    /** What breaks the release before, each with the reason a reviewer reads. */
    private static final Map<Pattern, String> BREAKING = Map.of(
            Pattern.compile("\\bdrop\\s+(column|table|view|function)\\b"), "drops what the release before uses",
            Pattern.compile("\\brename\\b"), "renames what the release before uses",
            Pattern.compile("\\bset\\s+not\\s+null\\b"), "tightens a constraint the release before's writes may break",
            Pattern.compile("\\balter\\s+column\\s+\\w+\\s+(set\\s+data\\s+)?type\\b"),
            "changes a column's type under the release before",
            Pattern.compile("\\badd\\s+(constraint\\s+\\w+\\s+)?(check|unique|foreign\\s+key)\\b(?![^;]*\\bnot\\s+valid\\b)"),
            "adds a constraint without NOT VALID, checked against every row while the table is locked",
            UNIQUE_INDEX, "adds a unique index the release before's writes may break",
            REWRITE, "rewrites rows the release before reads");

    @Test
    void noMigrationSinceThePolicyBreaksTheReleaseBefore() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path migration : underThePolicy()) {
            String sql = Files.readString(migration);
            if (CONTRACTS.matcher(sql).find()) {
                continue;
            }
            String statements = statements(sql);
            boolean uniqueAlready = UNIQUE_ALREADY.matcher(sql).find();
            boolean sameForTheReleaseBefore = SAME_FOR_THE_RELEASE_BEFORE.matcher(sql).find();
            BREAKING.forEach((pattern, reason) -> {
                boolean saidWhyNot = pattern == UNIQUE_INDEX && uniqueAlready
                        || pattern == REWRITE && sameForTheReleaseBefore;
                if (pattern.matcher(statements).find() && !saidWhyNot) {
                    broken.add(migration.getFileName() + ": " + reason);
                }
            });
            for (String table : GROWING_TABLES) {
                Matcher index = Pattern.compile("\\bcreate\\s+index\\s+(?!concurrently\\b)[^;]*\\bon\\s+" + table + "\\b")
                        .matcher(statements);
                if (index.find()) {
                    broken.add(migration.getFileName() + ": builds an index on " + table
                            + " without CONCURRENTLY, locking out the release before's writes");
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    @Test
    void readsWhatBreaksTheReleaseBefore() {
        assertThat(breaks("ALTER TABLE webhook_inbox DROP COLUMN payload_sha256;")).isTrue();
        assertThat(breaks("ALTER TABLE orders RENAME COLUMN total TO amount;")).isTrue();
        assertThat(breaks("ALTER TABLE webhook_inbox ALTER COLUMN payload_digest SET NOT NULL;")).isTrue();
        assertThat(breaks("ALTER TABLE orders ADD CONSTRAINT positive CHECK (total > 0);")).isTrue();
        assertThat(breaks("UPDATE webhook_inbox SET status = 'DONE';")).isTrue();
        assertThat(breaks("ALTER TABLE orders ADD CONSTRAINT positive CHECK (total > 0) NOT VALID;")).isFalse();
        assertThat(breaks("ALTER TABLE webhook_inbox ADD COLUMN payload_object text;")).isFalse();
        assertThat(breaks("-- an UPDATE of rows would rewrite them\nALTER TABLE t ADD COLUMN c text;")).isFalse();
    }

    private static boolean breaks(String sql) {
        String statements = statements(sql);
        return BREAKING.keySet().stream().anyMatch(pattern -> pattern.matcher(statements).find());
    }

    /** The statements alone, lower case: comments say why, and may name what a statement must not do. */
    private static String statements(String sql) {
        return sql.replaceAll("--[^\\n]*", " ").replaceAll("(?s)/\\*.*?\\*/", " ").toLowerCase(Locale.ROOT);
    }

    private static List<Path> underThePolicy() throws IOException {
        try (Stream<Path> files = Files.list(MIGRATIONS)) {
            List<Path> found = files.filter(file -> {
                Matcher version = VERSION.matcher(file.getFileName().toString());
                return version.matches() && Integer.parseInt(version.group(1)) >= FIRST_UNDER_THE_POLICY;
            }).sorted().toList();
            assertThat(found).as("the migrations under the policy are where this test reads them").isNotEmpty();
            return found;
        }
    }
}
