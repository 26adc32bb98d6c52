package io.tambat.adapter.in.provider.support.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class HmacTest {

    private static final byte[] KEY = "Jefe".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DATA = "what do ya want for nothing?".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] REST = "for nothing?".getBytes(StandardCharsets.US_ASCII);

    @Test
    void computesHmacSha256AsInRfc4231TestCase2() {
        assertThat(HexFormat.of().formatHex(Hmac.sha256(KEY, DATA)))
                .isEqualTo("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }

    @Test
    void computesHmacSha256OfAPrefixedMessageAsOfTheWholeMessage() {
        assertThat(HexFormat.of().formatHex(Hmac.sha256(KEY, SignedMessage.of("what do ya want ", REST))))
                .isEqualTo("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }

    @Test
    void computesHmacSha1AsInRfc2202TestCase2() {
        assertThat(HexFormat.of().formatHex(Hmac.sha1(KEY, SignedMessage.of("what do ya want ", REST))))
                .isEqualTo("effcdf6ae5eb2fa2d27416d5f184df9c259a7c79");
    }

    @Test
    void refusesAnEmptyKey() {
        assertThatThrownBy(() -> Hmac.sha256(new byte[0], DATA)).isInstanceOf(IllegalArgumentException.class);
    }
}
