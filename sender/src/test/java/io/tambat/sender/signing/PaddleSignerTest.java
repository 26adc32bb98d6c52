package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import org.junit.jupiter.api.Test;

class PaddleSignerTest {

    // P1 and P2, from the Paddle Node SDK's tests.
    private static final String SECRET = "VALID_SECRET";
    private static final long TS = 1698796800L;
    private static final byte[] P1_BODY = "{\"data\": [\"1\", \"2\"]}".getBytes(UTF_8);
    private static final String P1_H1 = "a300428748dce5c70e4da19bffd60769591ea969c99dea3105d0ec9612cf43f9";

    @Test
    void reproducesTheVectorsOfPaddlesSdk() {
        assertThat(PaddleSigner.signatureHeader(SECRET, TS, P1_BODY)).isEqualTo("ts=1698796800;h1=" + P1_H1);
        assertThat(PaddleSigner.h1(SECRET, TS, "{\"data\": \"value\"}".getBytes(UTF_8)))
                .isEqualTo("28981e941fae76e53db32f3d2a83cb69db41476595e84e1970a1b5d98f62b261"); // P2
    }

    @Test
    void sendsOneSignatureHeader() {
        assertThat(PaddleSigner.headers(SECRET, TS, P1_BODY))
                .containsExactly(entry("Paddle-Signature", "ts=1698796800;h1=" + P1_H1));
    }
}
