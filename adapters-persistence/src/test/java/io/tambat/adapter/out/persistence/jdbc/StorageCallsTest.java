package io.tambat.adapter.out.persistence.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.domain.error.IdempotencyInProgressException;
import io.tambat.domain.error.StorageRejectedException;
import io.tambat.domain.error.StoreUnavailableException;
import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;
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
    void reportsARowThatFindsNoPartitionAsUnavailableAndAViolatedCheckAsRefused() {
        PSQLException noPartition = new PSQLException(new ServerErrorMessage(
                "SERROR\0C23514\0Mno partition of relation found for row\0twebhook_inbox\0"));
        PSQLException checkViolated = new PSQLException(new ServerErrorMessage(
                "SERROR\0C23514\0Mnew row violates check constraint\0twebhook_inbox\0nwebhook_inbox_status_known\0"));

        assertThatThrownBy(() -> StorageCalls.call("insert", () -> {
            throw new PersistenceException(noPartition);
        })).isInstanceOf(StoreUnavailableException.class);
        assertThatThrownBy(() -> StorageCalls.call("insert", () -> {
            throw new PersistenceException(checkViolated);
        })).isInstanceOf(StorageRejectedException.class);
    }

    @Test
    void passesTambatsOwnExceptionsUnchanged() {
        assertThatThrownBy(() -> StorageCalls.call("claim", () -> {
            throw new IdempotencyInProgressException();
        })).isInstanceOf(IdempotencyInProgressException.class);
        assertThat(StorageCalls.sqlState(new RuntimeException(new SQLException("x", "23505")))).contains("23505");
    }
}
