package io.tambat.adapter.out.persistence.jdbc;

import jakarta.persistence.Query;
import java.util.List;
import java.util.function.Function;

/**
 * Runs a native query and hands each result row, once, to the mapper of its shape. EclipseLink returns a row
 * of several columns as {@code Object[]} and a row of one column as the bare value, untyped either way: this is
 * the one place that casts its results.
 */
public final class NativeResults {

    private NativeResults() {
    }

    /** Every row of a query that selects several columns. */
    @SuppressWarnings("unchecked")
    public static <T> List<T> rows(Query query, Function<Object[], T> mapper) {
        return ((List<Object[]>) query.getResultList()).stream().map(mapper).toList();
    }

    /** The one row of a query that selects several columns and always returns exactly one row. */
    public static <T> T row(Query query, Function<Object[], T> mapper) {
        return mapper.apply((Object[]) query.getSingleResult());
    }

    /** Every value of a query that selects one column. */
    @SuppressWarnings("unchecked")
    public static <T> List<T> values(Query query, Function<Object, T> mapper) {
        return ((List<Object>) query.getResultList()).stream().map(mapper).toList();
    }

    /** The one value of a query that selects one column and always returns exactly one row. */
    public static <T> T value(Query query, Function<Object, T> mapper) {
        return mapper.apply(query.getSingleResult());
    }
}
