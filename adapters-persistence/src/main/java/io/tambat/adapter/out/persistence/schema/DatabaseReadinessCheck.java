package io.tambat.adapter.out.persistence.schema;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only when the schema is ready as {@code tambat.db.migrate} says (migrated, validated, or not looked at) and
 * the database answers now: a server that cannot store cannot acknowledge, so a load balancer should send
 * deliveries elsewhere. While not ready it says why in words safe for anyone who can read it: the mode, where the
 * schema stands (versions only) and the class of the last failure, never a message or a statement.
 */
@Readiness
@ApplicationScoped
public class DatabaseReadinessCheck implements HealthCheck {

    private static final int VALIDATION_TIMEOUT_SECONDS = 2;

    @Resource(lookup = "jdbc/tambatDS")
    DataSource dataSource;

    @Inject
    FlywaySchemaMigrator migrator;

    @Override
    public HealthCheckResponse call() {
        if (!migrator.ready()) {
            return HealthCheckResponse.named("database").down()
                    .withData("migrate", migrator.mode())
                    .withData("schema", migrator.schemaState())
                    .withData("last_failure", migrator.lastFailure())
                    .build();
        }
        try (Connection connection = dataSource.getConnection()) {
            boolean valid = connection.isValid(VALIDATION_TIMEOUT_SECONDS);
            return HealthCheckResponse.named("database").status(valid).build();
        } catch (SQLException | RuntimeException e) {
            return HealthCheckResponse.named("database").down()
                    .withData("last_failure", e.getClass().getName())
                    .build();
        }
    }
}
