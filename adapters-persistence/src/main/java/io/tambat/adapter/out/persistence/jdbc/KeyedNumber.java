package io.tambat.adapter.out.persistence.jdbc;

/**
 * A result row of a text key and a number, in that column order: sealed rows by key id, revisions by
 * endpoint. One shape shared by several tables, so read here once.
 */
public record KeyedNumber(String key, long number) {

    public static KeyedNumber of(Object[] row) {
        return new KeyedNumber((String) row[0], ColumnValues.number(row[1]));
    }
}
