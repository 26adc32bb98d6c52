package io.tambat.application.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Collects what one class logs while a test runs; {@link #close()} detaches it. Messages are formatted, so a
 * test can check what an operator would read.
 */
public final class LogCapture extends Handler implements AutoCloseable {

    private static final SimpleFormatter FORMATTER = new SimpleFormatter();

    private final Logger logger;
    private final List<LogRecord> records = new ArrayList<>();

    private LogCapture(Logger logger) {
        this.logger = logger;
        logger.addHandler(this);
    }

    public static LogCapture of(Class<?> type) {
        return new LogCapture(Logger.getLogger(type.getName()));
    }

    /** The formatted messages logged at {@code level}. */
    public List<String> messages(Level level) {
        return records.stream().filter(record -> record.getLevel().equals(level))
                .map(record -> FORMATTER.formatMessage(record))
                .toList();
    }

    @Override
    public void publish(LogRecord record) {
        records.add(record);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
