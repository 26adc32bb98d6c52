package io.tambat.adapter.out.persistence.forwarding;

import io.tambat.domain.port.out.forwarding.DeliverySignalsPort;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import javax.sql.DataSource;

/**
 * Signals over PostgreSQL's {@code LISTEN}/{@code NOTIFY} ({@link PostgresSignalChannel}). Only that class
 * names the driver's own API, which the application sees only when its class loader shares the datasource's
 * library: without it, this bean still loads, and {@link #open()} says signals are not supported.
 */
@ApplicationScoped
class PostgresDeliverySignalsAdapter implements DeliverySignalsPort {

    @Resource(lookup = "jdbc/tambatDS")
    DataSource dataSource;

    @Override
    public Channel open() {
        try {
            return PostgresSignalChannel.listening(dataSource);
        } catch (LinkageError e) {
            throw new UnsupportedOperationException("the PostgreSQL driver's API is not visible to the application ("
                    + e.getClass().getName() + "): share the datasource's library with it (commonLibraryRef)");
        }
    }
}
