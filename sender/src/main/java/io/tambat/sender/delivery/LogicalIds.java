package io.tambat.sender.delivery;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.security.SecureRandom;
import java.util.UUID;

/** Fresh ids in the shapes providers use, and ids derived from a logical id so that a resend repeats them. */
final class LogicalIds {

    private static final String DIGITS = "0123456789";
    private static final String LOWER = "abcdefghijklmnopqrstuvwxyz" + DIGITS;
    private static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + DIGITS;
    private static final String MIXED = "abcdefghijklmnopqrstuvwxyz" + UPPER;
    private static final SecureRandom RANDOM = new SecureRandom();

    private LogicalIds() {
    }

    static String mixedCase(int length) {
        return random(MIXED, length);
    }

    static String lowerCase(int length) {
        return random(LOWER, length);
    }

    static String upperCase(int length) {
        return random(UPPER, length);
    }

    static String digits(int length) {
        // A leading zero would make the id look shorter once read as a number.
        return random("123456789", 1) + random(DIGITS, length - 1);
    }

    static String uuid() {
        return UUID.randomUUID().toString();
    }

    /** A UUID that depends only on the logical id and what it is for: the same again when the event is resent. */
    static String derivedUuid(String purpose, String logicalId) {
        return UUID.nameUUIDFromBytes((purpose + ":" + logicalId).getBytes(UTF_8)).toString();
    }

    private static String random(String alphabet, int length) {
        StringBuilder id = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            id.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        }
        return id.toString();
    }
}
