package io.tambat.adapter.in.http.problem;

/**
 * An exception described for the log without its messages: the class of each cause and where it was thrown.
 * Messages are left out because drivers and parsers quote the values they refused, and those can be secrets
 * or personal data.
 */
final class Diagnostics {

    private static final int FRAMES_PER_CAUSE = 8;
    private static final int MAX_CAUSES = 10;

    private Diagnostics() {
    }

    static String of(Throwable exception) {
        StringBuilder text = new StringBuilder();
        Throwable cause = exception;
        for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
            text.append(cause == exception ? "" : "\n caused by ").append(cause.getClass().getName());
            StackTraceElement[] frames = cause.getStackTrace();
            for (int i = 0; i < Math.min(frames.length, FRAMES_PER_CAUSE); i++) {
                text.append("\n    at ").append(frames[i]);
            }
        }
        return text.toString();
    }
}
