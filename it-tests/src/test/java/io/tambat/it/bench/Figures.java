package io.tambat.it.bench;

import java.time.Duration;

/** How the report writes its figures. */
final class Figures {

    private Figures() {
    }

    static String rate(double perSecond) {
        return String.format("%,.0f", perSecond);
    }

    static String count(long count) {
        return String.format("%,d", count);
    }

    /** One decimal below 10 ms, whole milliseconds above. */
    static String millis(double millis) {
        return millis < 10 ? String.format("%.1f", millis) : String.format("%,.0f", millis);
    }

    /** CPU per request in milliseconds, two decimals; "n/a" where it was not measured. */
    static String cpu(double millis) {
        return Double.isNaN(millis) ? "n/a" : String.format("%.2f", millis);
    }

    static String ratio(double ratio) {
        return String.format("%.2fx", ratio);
    }

    static String seconds(Duration duration) {
        return String.format("%.1f s", duration.toMillis() / 1000.0);
    }
}
