package io.tambat.it.bench;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table: a header row, then rows, every column right-aligned to its widest cell but the first. */
final class ReportTable {

    private final List<String[]> rows = new ArrayList<>();

    ReportTable(String... headers) {
        rows.add(headers);
    }

    ReportTable row(String... cells) {
        if (cells.length != rows.get(0).length) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of "
                    + rows.get(0).length + " columns");
        }
        rows.add(cells);
        return this;
    }

    @Override
    public String toString() {
        int columns = rows.get(0).length;
        int[] widths = new int[columns];
        rows.forEach(row -> {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        });
        StringBuilder table = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder("  ");
            for (int c = 0; c < columns; c++) {
                String format = c == 0 ? "%-" + widths[c] + "s" : "  %" + widths[c] + "s";
                line.append(String.format(format, row[c]));
            }
            table.append(line.toString().stripTrailing()).append('\n');
        }
        return table.toString();
    }
}
