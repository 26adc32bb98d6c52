package io.tambat.adapter.in.provider.support.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class Sha256Test {

    @Test
    void digestsAsInFips180ExampleOne() {
        assertThat(HexFormat.of().formatHex(Sha256.digest("abc".getBytes(StandardCharsets.US_ASCII))))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThat(Sha256.digest(new byte[0])).hasSize(Sha256.LENGTH);
    }
}
