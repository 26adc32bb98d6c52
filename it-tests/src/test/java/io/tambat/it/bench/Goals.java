package io.tambat.it.bench;

import java.util.ArrayList;
import java.util.List;

/** Tambat's performance goals, each as met or MISSED with the figure measured, or not measured and why. */
final class Goals {

    private final List<String[]> lines = new ArrayList<>();

    void judge(String goal, boolean met, String figure) {
        lines.add(new String[] {met ? "met" : "MISSED", goal, figure});
    }

    void notMeasured(String goal, String why) {
        lines.add(new String[] {"not measured", goal, why});
    }

    @Override
    public String toString() {
        int width = lines.stream().mapToInt(line -> line[1].length()).max().orElse(0);
        StringBuilder text = new StringBuilder("Performance goals\n");
        lines.forEach(line -> text.append(String.format("  %-12s  %-" + width + "s  %s%n", line[0], line[1],
                line[2])));
        return text.toString();
    }
}
