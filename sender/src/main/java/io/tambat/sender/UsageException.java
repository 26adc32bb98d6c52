package io.tambat.sender;

/** The command line asks for something tambat-send cannot do; its message says what, for the person who typed it. */
final class UsageException extends Exception {

    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }

    UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
