package io.tambat.adapter.out.persistence.schema;

import io.tambat.domain.model.lifecycle.StorageReady;
import io.tambat.domain.port.out.retention.TimePartitionsPort;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.api.exception.FlywayValidateException;

/**
 * Gets the schema ready at start as {@code tambat.db.migrate} says ({@link MigrationMode}: migrated, validated, or
 * left alone), retrying in the background until the database answers, so the server starts (and reports not
 * ready) while PostgreSQL is away rather than failing its deployment for good. A schema this release cannot run on
 * is retried likewise, so that the instance becomes ready without a restart once the migration job has run; what
 * only the deployer can fix (a schema at another version, a refused migration) is logged SEVERE once per distinct
 * finding rather than at every retry. Once ready it announces {@link StorageReady}; a failing listener makes the
 * whole step run again.
 *
 * <p>Its keys are injected here because the composition root's catalog of settings
 * ({@code io.tambat.composition.Setting}) is out of this module's reach; the catalog lists them too, and
 * {@code ConfigurationDocsTest} fails on an injected key that it lacks.
 */
@ApplicationScoped
public class FlywaySchemaMigrator {

    static final String MODE = "tambat.db.migrate";
    private static final Logger LOG = Logger.getLogger(FlywaySchemaMigrator.class.getName());
    private static final long RETRY_SECONDS = 2;

    @Resource(lookup = "jdbc/tambatDS")
    DataSource dataSource;

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    @ConfigProperty(name = "tambat.db.schema", defaultValue = "tambat")
    String schema;

    /**
     * The composition root's start-up validation refuses an unknown value before this bean starts, stopping the
     * server as every other invalid setting does.
     */
    @Inject
    @ConfigProperty(name = MODE, defaultValue = "auto")
    String modeSetting;

    /**
     * How long finished rows are kept, which sets how long a time each partition created at start covers
     * ({@link TimePartitionsPort#width}); the composition root's start-up validation refuses one that is not a
     * positive ISO-8601 duration.
     */
    @Inject
    @ConfigProperty(name = "tambat.retention.finished-rows", defaultValue = "P90D")
    String finishedRowRetention;

    @Inject
    Event<StorageReady> storageReady;

    @Inject
    Clock clock;

    private MigrationMode mode;
    private volatile boolean ready;
    private volatile String schemaState;
    private volatile String lastFailure = "not attempted yet";
    private volatile String lastReported;
    private volatile ScheduledFuture<?> attempts;

    /** @throws IllegalArgumentException naming {@code tambat.db.migrate} when it names no mode */
    @PostConstruct
    void readMode() {
        try {
            mode = MigrationMode.parse(modeSetting);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(MODE + " (TAMBAT_DB_MIGRATE): " + e.getMessage());
        }
        schemaState = switch (mode) {
            case AUTO -> "not migrated";
            case VALIDATE -> "not validated";
            case OFF -> "not checked";
        };
    }

    void onStart(@Observes @Initialized(ApplicationScoped.class) Object context) {
        attempts = scheduler.scheduleWithFixedDelay(this::attempt, 0, RETRY_SECONDS, TimeUnit.SECONDS);
    }

    /** A redeployed application must not leave this one's retries running against a stopped component. */
    @PreDestroy
    void stop() {
        if (attempts != null) {
            attempts.cancel(false);
        }
    }

    /** True once the schema is ready as {@code tambat.db.migrate} says and start-up work on storage is done. */
    public boolean ready() {
        return ready;
    }

    /** {@code auto}, {@code validate} or {@code off}. */
    public String mode() {
        return mode.settingValue();
    }

    /**
     * Where the schema stands while not ready, safe to show: "not migrated", or what validation found, versions
     * only ("at version 23, this release needs 25").
     */
    public String schemaState() {
        return schemaState;
    }

    /**
     * The class of the last failure while getting ready, safe to show (no message, no statement, no connection
     * details); "none" when the last attempt reached the database and only found the schema wanting.
     */
    public String lastFailure() {
        return lastFailure;
    }

    private void attempt() {
        if (ready) {
            return;
        }
        try {
            Optional<SchemaMismatch> mismatch = mode.prepare(new FlywaySchema(dataSource, schema, clock,
                    TimePartitionsPort.width(Duration.parse(finishedRowRetention.trim()))));
            if (mismatch.isPresent()) {
                schemaState = mismatch.get().summary();
                lastFailure = "none";
                reportOnce(mismatch.get().describe(schema) + ". Run this release's migration job (tambat-migrate) "
                        + "against it; until then this instance stays not ready, and looks again every "
                        + RETRY_SECONDS + "s.\n" + mismatch.get().problems());
                return;
            }
            storageReady.fire(new StorageReady(clock.instant()));
            ready = true;
            String done = switch (mode) {
                case AUTO -> "schema migrated";
                case VALIDATE -> "schema validated: it holds this release's migrations";
                case OFF -> "database answers; schema neither migrated nor validated (" + MODE + "=off)";
            };
            LOG.info(done + "; storage ready");
            // The first attempt may run before the schedule's future is assigned; later ones return at once.
            if (attempts != null) {
                attempts.cancel(false);
            }
        } catch (SQLException | RuntimeException e) {
            // Never let an exception escape: it would cancel the schedule and leave the server never ready.
            lastFailure = e.getClass().getName();
            Optional<FailedMigration> refused = FailedMigration.in(e);
            if (refused.isPresent()) {
                reportOnce("migration of schema " + schema + " failed at " + refused.get().describe()
                        + "\nRetrying every " + RETRY_SECONDS + "s.");
            } else if (e instanceof FlywayValidateException) {
                // Thrown by migrate() itself, which validates first: an applied migration differs from this
                // release's, and only a deployer can settle which one is right.
                reportOnce("schema " + schema + " does not hold this release's migrations as this release has them; "
                        + "retrying every " + RETRY_SECONDS + "s: " + e.getMessage());
            } else {
                LOG.log(Level.WARNING, "storage not ready yet ({0}); retrying in {1}s",
                        new Object[] {lastFailure, RETRY_SECONDS});
            }
        }
    }

    /** Logged when it differs from the last one logged, so that a retry every 2 s does not bury it. */
    private void reportOnce(String finding) {
        if (!finding.equals(lastReported)) {
            lastReported = finding;
            LOG.severe(finding);
        }
    }
}
