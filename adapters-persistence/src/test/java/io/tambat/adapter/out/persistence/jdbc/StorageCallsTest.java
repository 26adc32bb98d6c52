package io.tambat.adapter.out.persistence.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.domain.error.IdempotencyInProgressException;
import io.tambat.domain.error.StorageRejectedException;
import io.tambat.domain.error.StoreUnavailableException;
import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class StorageCallsTest {

    @Test
    void reportsAStatementTheDatabaseRefusedAsADefectNotAnOutage() {
        for (String refused : new String[] {"22P05", "22003", "23505", "42P01"}) {
            assertThatThrownBy(() -> StorageCalls.call("insert", () -> {
                throw new PersistenceException(new SQLException("value quoted here", refused));
            })).as(refused).isInstanceOf(StorageRejectedException.class).hasMessageNotContaining("quoted");
        }
    }

    @Test
    void reportsAnUnreachableOrOverloadedDatabaseAsUnavailable() {
        for (String unavailable : new String[] {"08006", "57P01", "53300", "40001", "55P03"}) {
            assertThatThrownBy(() -> StorageCalls.call("insert", () -> {
                throw new PersistenceException(new SQLException("down", unavailable));
            })).as(unavailable).isInstanceOf(StoreUnavailableException.class);
        }
        assertThatThrownBy(() -> StorageCalls.call("insert", () -> {
            throw new IllegalStateException("pool exhausted");
        })).isInstanceOf(StoreUnavailableException.class);
    }

    @Test
    void passesTambatsOwnExceptionsUnchanged() {
        assertThatThrownBy(() -> StorageCalls.call("claim", () -> {
            throw new IdempotencyInProgressException();
        })).isInstanceOf(IdempotencyInProgressException.class);
        assertThat(StorageCalls.sqlState(new RuntimeException(new SQLException("x", "23505")))).contains("23505");
    }
}
