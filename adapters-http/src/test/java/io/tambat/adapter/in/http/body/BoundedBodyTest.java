package io.tambat.adapter.in.http.body;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BoundedBodyTest {

    private static final byte[] BODY = "{\"id\":\"evt_1\"}".getBytes(StandardCharsets.UTF_8);

    /** A body no test may read: refusals come from the declared length alone. */
    private static final InputStream UNREADABLE = new InputStream() {
        @Override
        public int read() {
            throw new AssertionError("the body was read");
        }
    };

    @Test
    void readsADeclaredBodyWhole() throws IOException {
        assertThat(BoundedBody.read(new ByteArrayInputStream(BODY), BODY.length, 1024)).isEqualTo(BODY);
    }

    @Test
    void readsAChunkedBodyUpToTheLimitItself() throws IOException {
        assertThat(BoundedBody.read(new ByteArrayInputStream(BODY), -1, BODY.length)).isEqualTo(BODY);
    }

    @Test
    void refusesADeclaredLengthOverTheLimitWithoutReadingTheBody() {
        assertThatThrownBy(() -> BoundedBody.read(UNREADABLE, 1025, 1024)).isInstanceOf(BodyTooLargeException.class);
    }

    @Test
    void refusesAChunkedBodyThatStreamsPastTheLimit() {
        assertThatThrownBy(() -> BoundedBody.read(new ByteArrayInputStream(new byte[1025]), -1, 1024))
                .isInstanceOf(BodyTooLargeException.class);
    }

    @Test
    void reportsABodyShorterThanItsDeclaredLengthAsEndedEarly() {
        assertThatThrownBy(() -> BoundedBody.read(new ByteArrayInputStream(BODY), BODY.length + 1, 1024))
                .isInstanceOf(EOFException.class);
    }

    @Test
    void holdsAtMostTheDeclaredLengthOrTheLimitWhenNoneIsDeclared() {
        assertThat(BoundedBody.mostBytes(100, 1024)).isEqualTo(100);
        assertThat(BoundedBody.mostBytes(0, 1024)).isZero();
        assertThat(BoundedBody.mostBytes(-1, 1024)).isEqualTo(1024);
        assertThatThrownBy(() -> BoundedBody.mostBytes(1025, 1024)).isInstanceOf(BodyTooLargeException.class);
    }
}
