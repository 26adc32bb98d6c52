package io.tambat.adapter.out.persistence.schema;

import io.tambat.domain.model.lifecycle.StorageReady;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.database.postgresql.PostgreSQLConfigurationExtension;

/**
 * Migrates the schema at start, retrying in the background until the database answers, so the server
 * starts (and reports not ready) while PostgreSQL is away rather than failing its deployment for good.
 * Once migrated it announces {@link StorageReady}; a failing listener makes the whole step run again.
 *
 * <p>The schema's key is injected here because the composition root's catalog of settings
 * ({@code io.tambat.composition.Setting}) is out of this module's reach; the catalog lists it too, and
 * {@code ConfigurationDocsTest} fails on an injected key that it lacks.
 */
@ApplicationScoped
public class FlywaySchemaMigrator {

    private static final Logger LOG = Logger.getLogger(FlywaySchemaMigrator.class.getName());
    private static final long RETRY_SECONDS = 2;

    @Resource(lookup = "jdbc/tambatDS")
    DataSource dataSource;

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    @ConfigProperty(name = "tambat.db.schema", defaultValue = "tambat")
    String schema;

    @Inject
    Event<StorageReady> storageReady;

    @Inject
    Clock clock;

    private volatile boolean ready;
    private volatile String lastFailure = "not attempted yet";
    private volatile ScheduledFuture<?> attempts;

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

    /** True once the schema is migrated and start-up work on storage is done. */
    public boolean ready() {
        return ready;
    }

    /** The class of the last failure while getting ready, safe to show (no message, no connection details). */
    public String lastFailure() {
        return lastFailure;
    }

    /**
     * The schema's migration: this module's versioned scripts, into {@code schema}, created if missing. Flyway
     * holds its lock on PostgreSQL for the session rather than in a transaction it keeps open, which a
     * {@code CREATE INDEX CONCURRENTLY} would wait for without end: indexes on the inbox are built so, while the
     * release before goes on writing it.
     */
    public static Flyway migration(DataSource dataSource, String schema) {
        FluentConfiguration configuration = Flyway.configure(FlywaySchemaMigrator.class.getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .schemas(schema)
                .defaultSchema(schema)
                .createSchemas(true);
        configuration.getConfigurationExtension(PostgreSQLConfigurationExtension.class).setTransactionalLock(false);
        return configuration.load();
    }

    private void attempt() {
        if (ready) {
            return;
        }
        try {
            migration(dataSource, schema).migrate();
            storageReady.fire(new StorageReady(clock.instant()));
            ready = true;
            LOG.info("schema migrated; storage ready");
            attempts.cancel(false);
        } catch (RuntimeException e) {
            // Never let an exception escape: it would cancel the schedule and leave the server never ready.
            lastFailure = e.getClass().getName();
            LOG.log(Level.WARNING, "storage not ready yet ({0}); retrying in {1}s",
                    new Object[] {lastFailure, RETRY_SECONDS});
        }
    }
}
