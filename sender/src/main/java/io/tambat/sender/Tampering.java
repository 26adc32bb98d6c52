package io.tambat.sender;

import java.util.Arrays;

/**
 * {@code --tamper}: one byte of a signed body changed in transit. The first ASCII digit becomes the next one
 * (9 becomes 0), so a JSON or form body stays well formed and only a value differs: a receiver must refuse it for
 * its signature, not for its syntax. A body without digits has its last byte's lowest bit flipped.
 */
final class Tampering {

    /** The changed body, and which byte changed how, for the person running the tool. */
    record Tampered(byte[] body, String change) {
    }

    private Tampering() {
    }

    static Tampered changeOneByte(byte[] body) {
        if (body.length == 0) {
            throw new IllegalArgumentException("--tamper: an empty body has no byte to change");
        }
        int offset = firstDigit(body);
        byte[] changed = Arrays.copyOf(body, body.length);
        if (offset < 0) {
            offset = body.length - 1;
            changed[offset] ^= 1;
        } else {
            changed[offset] = (byte) (body[offset] == '9' ? '0' : body[offset] + 1);
        }
        return new Tampered(changed, "byte " + offset + " changed from " + shown(body[offset]) + " to "
                + shown(changed[offset]));
    }

    private static int firstDigit(byte[] body) {
        for (int i = 0; i < body.length; i++) {
            if (body[i] >= '0' && body[i] <= '9') {
                return i;
            }
        }
        return -1;
    }

    private static String shown(byte b) {
        return b >= 0x20 && b < 0x7f ? "'" + (char) b + "'" : String.format("0x%02x", b & 0xff);
    }
}
