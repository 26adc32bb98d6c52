package io.tambat.composition;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every key the server reads through MicroProfile Config, each declared once, so that the readers and the
 * documentation cannot drift apart: the readers in this package take their keys from here, and
 * {@code ConfigurationDocsTest} checks docs/configuration.md against this list. A key of one endpoint,
 * destination or provider is a template whose placeholders ({@code {id}}, {@code {provider}}, {@code {setting}})
 * {@link #key(String...)} fills.
 *
 * <p>adapters-persistence cannot see this package, nor this package its types (it is only a runtime dependency
 * of this module), so its {@code @ConfigProperty} keys ({@link #DB_SCHEMA}, {@link #DB_MIGRATE},
 * {@link #PAYLOAD_KEYS}, {@link #PAYLOAD_ROW_KEYS}, {@link #DEV_MODE}) are read there and listed here too; the
 * test fails on an injected key this list lacks.
 */
enum Setting {

    DB_SCHEMA("tambat.db.schema"),
    DB_MIGRATE("tambat.db.migrate"),
    PAYLOAD_KEYS("tambat.payload.keys"),
    PAYLOAD_ROW_KEYS("tambat.payload.row-keys"),
    DEV_MODE("tambat.dev.mode"),
    SECRETS_CACHE_TTL("tambat.secrets.cache-ttl"),

    PAYLOADS_STORE("tambat.payloads.store"),
    PAYLOADS_S3_ENDPOINT("tambat.payloads.s3.endpoint"),
    PAYLOADS_S3_REGION("tambat.payloads.s3.region"),
    PAYLOADS_S3_BUCKET("tambat.payloads.s3.bucket"),
    PAYLOADS_S3_PREFIX("tambat.payloads.s3.prefix"),
    PAYLOADS_S3_PATH_STYLE("tambat.payloads.s3.path-style"),
    PAYLOADS_S3_ACCESS_KEY("tambat.payloads.s3.access-key"),
    PAYLOADS_S3_SECRET_KEY("tambat.payloads.s3.secret-key"),
    PAYLOADS_S3_PUT_TIMEOUT("tambat.payloads.s3.put-timeout"),

    WEBHOOKS_RETRY_AFTER("tambat.webhooks.retry-after"),
    WEBHOOKS_UNVERIFIED_BYTES("tambat.webhooks.unverified-bytes"),
    WEBHOOKS_GROUP_COMMIT_MAX_WEIGHT("tambat.webhooks.group-commit.max-weight"),
    WEBHOOKS_GROUP_COMMIT_COMMITTERS("tambat.webhooks.group-commit.committers"),
    WEBHOOKS_GROUP_COMMIT_MAX_WAIT("tambat.webhooks.group-commit.max-wait"),
    WEBHOOKS_ENDPOINTS("tambat.webhooks.endpoints"),
    ENDPOINT_PROVIDER("tambat.webhooks.endpoint.{id}.provider"),
    ENDPOINT_SECRETS("tambat.webhooks.endpoint.{id}.secrets"),
    ENDPOINT_EVENT_TYPES("tambat.webhooks.endpoint.{id}.event-types"),
    ENDPOINT_TOLERANCE("tambat.webhooks.endpoint.{id}.tolerance"),
    ENDPOINT_MAX_BODY_BYTES("tambat.webhooks.endpoint.{id}.max-body-bytes"),
    ENDPOINT_RATE_LIMIT("tambat.webhooks.endpoint.{id}.rate-limit"),
    ENDPOINT_UNVERIFIED_RATE_LIMIT("tambat.webhooks.endpoint.{id}.unverified-rate-limit"),
    ENDPOINT_REPLAY_WINDOW("tambat.webhooks.endpoint.{id}.replay-window"),
    ENDPOINT_PUBLIC_URL("tambat.webhooks.endpoint.{id}.public-url"),
    ENDPOINT_OBJECT_TYPE_POINTER("tambat.webhooks.endpoint.{id}.object-type-pointer"),
    ENDPOINT_OBJECT_ID_POINTER("tambat.webhooks.endpoint.{id}.object-id-pointer"),
    ENDPOINT_OBJECT_VERSION_POINTER("tambat.webhooks.endpoint.{id}.object-version-pointer"),
    ENDPOINT_STATE_POINTER("tambat.webhooks.endpoint.{id}.state-pointer"),
    ENDPOINT_SEQUENCE_POINTER("tambat.webhooks.endpoint.{id}.sequence-pointer"),
    ENDPOINT_SEQUENCE_START("tambat.webhooks.endpoint.{id}.sequence-start"),
    ENDPOINT_API_KEY("tambat.webhooks.endpoint.{id}.api-key"),

    PROVIDER_API_URL("tambat.providers.{provider}.api-url"),
    PROVIDER_API_KEY("tambat.providers.{provider}.api-key"),
    PROVIDERS_TIMEOUT("tambat.providers.timeout"),

    PROCESSING_ENABLED("tambat.processing.enabled"),
    PROCESSING_MAX_ATTEMPTS("tambat.processing.max-attempts"),
    PROCESSING_INITIAL_BACKOFF("tambat.processing.initial-backoff"),
    PROCESSING_MAX_BACKOFF("tambat.processing.max-backoff"),
    PROCESSING_WORKERS("tambat.processing.workers"),
    PROCESSING_BATCH_SIZE("tambat.processing.batch-size"),
    PROCESSING_LEASE("tambat.processing.lease"),
    PROCESSING_POLL_INTERVAL("tambat.processing.poll-interval"),
    PROCESSING_SEQUENCE_GAP_WINDOW("tambat.processing.sequence-gap-window"),
    BACKGROUND_YIELD_LATENCY("tambat.background.yield-latency"),
    BACKGROUND_YIELD_QUEUE("tambat.background.yield-queue"),
    BACKGROUND_MIN_SHARE("tambat.background.min-share"),

    RETENTION_PAYLOADS("tambat.retention.payloads"),
    RETENTION_PROCESSED_EVENTS("tambat.retention.processed-events"),
    RETENTION_FAILED_PAYLOADS("tambat.retention.failed-payloads"),
    RETENTION_INTERVAL("tambat.retention.interval"),
    RETENTION_FINISHED_ROWS("tambat.retention.finished-rows"),
    RECONCILIATION_INTERVAL("tambat.reconciliation.interval"),
    RECONCILIATION_WINDOW("tambat.reconciliation.window"),
    RECONCILIATION_LATE_AFTER("tambat.reconciliation.late-after"),
    FAILPOINTS("tambat.failpoints"),

    IDEMPOTENCY_RETENTION("tambat.idempotency.retention"),
    IDEMPOTENCY_WAIT("tambat.idempotency.wait"),
    IDEMPOTENCY_REUSE_STATUS("tambat.idempotency.reuse-status"),
    ORDERS_GROUP_COMMIT_MAX_WEIGHT("tambat.orders.group-commit.max-weight"),
    ORDERS_GROUP_COMMIT_COMMITTERS("tambat.orders.group-commit.committers"),
    ORDERS_GROUP_COMMIT_MAX_WAIT("tambat.orders.group-commit.max-wait"),
    ORDERS_COUPONS("tambat.orders.coupons"),
    ORDERS_MAX_BODY_BYTES("tambat.orders.max-body-bytes"),
    PAYMENTS_URL("tambat.payments.url"),
    INVENTORY_URL("tambat.inventory.url"),
    DOWNSTREAM_TIMEOUT("tambat.downstream.timeout"),

    FORWARDING_DESTINATIONS("tambat.forwarding.destinations"),
    DESTINATION_KIND("tambat.forwarding.destination.{id}.kind"),
    DESTINATION_URL("tambat.forwarding.destination.{id}.url"),
    DESTINATION_ALLOW_PLAIN_HTTP("tambat.forwarding.destination.{id}.allow-plain-http"),
    DESTINATION_SECRETS("tambat.forwarding.destination.{id}.secrets"),
    DESTINATION_BOOTSTRAP_SERVERS("tambat.forwarding.destination.{id}.bootstrap-servers"),
    DESTINATION_TOPIC("tambat.forwarding.destination.{id}.topic"),
    /** Any Kafka producer setting, such as {@code security.protocol}. */
    DESTINATION_KAFKA_SETTING("tambat.forwarding.destination.{id}.kafka.{setting}"),
    DESTINATION_CONNECTION_FACTORY("tambat.forwarding.destination.{id}.connection-factory"),
    DESTINATION_QUEUE("tambat.forwarding.destination.{id}.queue"),
    DESTINATION_MESSAGES("tambat.forwarding.destination.{id}.messages"),
    DESTINATION_ENDPOINTS("tambat.forwarding.destination.{id}.endpoints"),
    DESTINATION_EVENT_TYPES("tambat.forwarding.destination.{id}.event-types"),
    DESTINATION_ORDERING("tambat.forwarding.destination.{id}.ordering"),
    DESTINATION_RETRY_SCHEDULE("tambat.forwarding.destination.{id}.retry-schedule"),
    DESTINATION_TIMEOUT("tambat.forwarding.destination.{id}.timeout"),
    DESTINATION_MAX_IN_FLIGHT("tambat.forwarding.destination.{id}.max-in-flight"),
    DESTINATION_RATE_LIMIT("tambat.forwarding.destination.{id}.rate-limit"),

    /** MicroProfile JWT's own keys, which {@code StartupValidation} requires outside development mode. */
    JWT_PUBLIC_KEY_LOCATION("mp.jwt.verify.publickey.location"),
    JWT_PUBLIC_KEY("mp.jwt.verify.publickey"),
    JWT_ISSUER("mp.jwt.verify.issuer");

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z]+)}");
    private static final Pattern NOT_ALPHANUMERIC = Pattern.compile("[^A-Za-z0-9]");

    private final String template;

    Setting(String template) {
        this.template = template;
    }

    /**
     * The key, its placeholders filled in order: none for a key of the whole server, the endpoint id, destination
     * id or provider name for a key of one of them.
     *
     * @throws IllegalArgumentException when the values are not one for each placeholder
     */
    String key(String... values) {
        Matcher placeholder = PLACEHOLDER.matcher(template);
        StringBuilder key = new StringBuilder();
        int filled = 0;
        while (placeholder.find()) {
            if (filled == values.length) {
                throw new IllegalArgumentException(template + " needs a value for each placeholder");
            }
            placeholder.appendReplacement(key, Matcher.quoteReplacement(values[filled++]));
        }
        if (filled != values.length) {
            throw new IllegalArgumentException(template + " has " + filled + " placeholders, not " + values.length);
        }
        return placeholder.appendTail(key).toString();
    }

    /**
     * The environment variable that sets it, as the documentation writes it: {@link #environmentName(String)} of
     * the key, each placeholder upper-cased between angle brackets ({@code TAMBAT_WEBHOOKS_ENDPOINT_<ID>_SECRETS}).
     */
    String environmentName() {
        Matcher placeholder = PLACEHOLDER.matcher(template);
        StringBuilder name = new StringBuilder();
        int end = 0;
        while (placeholder.find()) {
            name.append(environmentName(template.substring(end, placeholder.start())))
                    .append('<').append(placeholder.group(1).toUpperCase(Locale.ROOT)).append('>');
            end = placeholder.end();
        }
        return name.append(environmentName(template.substring(end))).toString();
    }

    /**
     * The environment variable MicroProfile Config reads a key from: every character but a letter or digit
     * turned into {@code _}, upper-cased.
     */
    static String environmentName(String key) {
        return NOT_ALPHANUMERIC.matcher(key).replaceAll("_").toUpperCase(Locale.ROOT);
    }
}
