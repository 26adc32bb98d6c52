package io.tambat.adapter.out.persistence.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A statement written with numbered parameters ({@code ?1}, {@code ?2}, a number repeated where one value is
 * used twice), turned once into JDBC's positional form. EclipseLink does this translation on every call of a
 * native query; a statement on a work queue's hot path does it when its class loads and runs on the
 * {@link EnlistedConnection}.
 */
public final class NumberedStatement {

    private static final Pattern PARAMETER = Pattern.compile("\\?(\\d+)");

    private final String sql;
    private final int[] numberAtPosition;

    private NumberedStatement(String sql, int[] numberAtPosition) {
        this.sql = sql;
        this.numberAtPosition = numberAtPosition;
    }

    public static NumberedStatement of(String numbered) {
        Matcher parameter = PARAMETER.matcher(numbered);
        List<Integer> numbers = new ArrayList<>();
        StringBuilder positional = new StringBuilder();
        while (parameter.find()) {
            numbers.add(Integer.parseInt(parameter.group(1)));
            parameter.appendReplacement(positional, "?");
        }
        parameter.appendTail(positional);
        return new NumberedStatement(positional.toString(),
                numbers.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The statement in JDBC's positional form. */
    public String sql() {
        return sql;
    }

    /** Binds {@code values[n - 1]} wherever {@code ?n} stood; a null binds as an untyped null. */
    public void bind(PreparedStatement statement, Object... values) throws SQLException {
        Object[] positional = positional(values);
        for (int position = 0; position < positional.length; position++) {
            statement.setObject(position + 1, positional[position]);
        }
    }

    /** The values in the order of {@link #sql()}'s parameters: {@code values[n - 1]} wherever {@code ?n} stood. */
    public Object[] positional(Object... values) {
        Object[] positional = new Object[numberAtPosition.length];
        for (int position = 0; position < numberAtPosition.length; position++) {
            int number = numberAtPosition[position];
            if (number < 1 || number > values.length) {
                throw new IllegalArgumentException("no value for ?" + number);
            }
            positional[position] = values[number - 1];
        }
        return positional;
    }
}
