package io.tambat.adapter.out.persistence.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class NumberedStatementTest {

    @Test
    void writesEachNumberedParameterAsAPositionalOne() {
        NumberedStatement statement = NumberedStatement.of(
                "UPDATE t SET a = ?2 WHERE id = CAST(?1 AS uuid) AND at <= ?10 AND b = ?2");

        assertThat(statement.sql()).isEqualTo("UPDATE t SET a = ? WHERE id = CAST(? AS uuid) AND at <= ? AND b = ?");
    }

    @Test
    void bindsTheValueOfEachNumberWhereverItStands() throws SQLException {
        NumberedStatement statement = NumberedStatement.of("SELECT ?2, ?1, ?2, ?3");
        List<List<Object>> bound = new ArrayList<>();

        statement.bind(recording(bound), "first", "second", null);

        assertThat(bound).containsExactly(List.of(1, "second"), List.of(2, "first"), List.of(3, "second"),
                Arrays.asList(4, null));
    }

    @Test
    void refusesToRunWithoutAValueForEveryNumber() {
        NumberedStatement statement = NumberedStatement.of("SELECT ?1, ?3");

        assertThatThrownBy(() -> statement.bind(recording(new ArrayList<>()), "only", "two"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("?3");
    }

    /** A statement that only records {@code setObject(position, value)}. */
    private static PreparedStatement recording(List<List<Object>> bound) {
        return (PreparedStatement) Proxy.newProxyInstance(NumberedStatementTest.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("setObject") || args.length != 2) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    bound.add(Arrays.asList(args[0], args[1]));
                    return null;
                });
    }
}
