package io.tambat.adapter.out.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.model.webhook.PayloadDigest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class HmacPayloadDigestsTest {

    private static final String K1 = "k1:" + Base64.getEncoder().encodeToString(new byte[32]);
    private static final String K2 = "k2:" + Base64.getEncoder().encodeToString(filled(2));
    private static final byte[] BODY = "{\"id\":\"evt_1\",\"email\":\"ada@example.com\"}"
            .getBytes(StandardCharsets.UTF_8);

    @Test
    void aBodysDigestIsKeyedSoItIsNotItsSha256AndEqualBodiesShareIt() throws NoSuchAlgorithmException {
        HmacPayloadDigests digests = new HmacPayloadDigests(PayloadKeyRing.parse(K1));
        byte[] sha256 = MessageDigest.getInstance("SHA-256").digest(BODY);

        PayloadDigest digest = digests.of(BODY);

        assertThat(digest.stored()).hasSize(32).isNotEqualTo(sha256);
        assertThat(digests.of(BODY.clone()).stored()).isEqualTo(digest.stored());
        assertThat(digests.of("{}".getBytes(StandardCharsets.UTF_8)).stored()).isNotEqualTo(digest.stored());
        assertThat(digest.earlierForms()).as("a row stored before keyed digests holds the SHA-256")
                .containsExactly(sha256);
    }

    @Test
    void anotherPayloadKeyGivesAnotherDigestWhichABodyStoredBeforeTheRotationCarries() {
        PayloadDigest underK1 = new HmacPayloadDigests(PayloadKeyRing.parse(K1)).of(BODY);
        PayloadDigest afterRotation = new HmacPayloadDigests(PayloadKeyRing.parse(K2 + "," + K1)).of(BODY);

        assertThat(afterRotation.stored()).isNotEqualTo(underK1.stored());
        assertThat(afterRotation.earlierForms()).first().isEqualTo(underK1.stored());
        assertThat(afterRotation.earlierForms()).hasSize(2);
    }

    @Test
    void aSha256KeptWithoutItsBodyIsKeyedIntoTheDigestTheBodyIsStoredWithNow() throws NoSuchAlgorithmException {
        HmacPayloadDigests digests = new HmacPayloadDigests(PayloadKeyRing.parse(K2 + "," + K1));

        byte[] keyed = digests.storedForSha256(MessageDigest.getInstance("SHA-256").digest(BODY));

        assertThat(keyed).isEqualTo(digests.of(BODY).stored());
    }

    private static byte[] filled(int value) {
        byte[] key = new byte[32];
        java.util.Arrays.fill(key, (byte) value);
        return key;
    }
}
