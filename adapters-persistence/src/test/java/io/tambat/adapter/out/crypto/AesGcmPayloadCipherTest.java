package io.tambat.adapter.out.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.domain.model.webhook.SealedPayload;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import org.junit.jupiter.api.Test;

class AesGcmPayloadCipherTest {

    private static final byte[] MATERIAL = new byte[32];
    private static final PayloadKeyRing KEYS = PayloadKeyRing.parse("k1:" + Base64.getEncoder().encodeToString(
            MATERIAL));
    private static final byte[] PAYLOAD = "{\"id\":\"evt_1\"}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] ROW = "inbox row 1".getBytes(StandardCharsets.UTF_8);

    private final AesGcmPayloadCipher cipher = new AesGcmPayloadCipher(KEYS, true);

    @Test
    void derivesKeysAsRfc5869TestCaseOneDoes() {
        HexFormat hex = HexFormat.of();
        byte[] pseudorandomKey = Hkdf.extract(hex.parseHex("000102030405060708090a0b0c"),
                hex.parseHex("0b".repeat(22)));

        assertThat(hex.formatHex(pseudorandomKey))
                .isEqualTo("077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5");
        assertThat(hex.formatHex(Hkdf.expand(pseudorandomKey, hex.parseHex("f0f1f2f3f4f5f6f7f8f9"))))
                .as("the first 32 of the 42 bytes of output").isEqualTo(
                        "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf");
    }

    @Test
    void twoRowsSealedUnderOneConfiguredKeyUseDifferentDerivedKeys() throws GeneralSecurityException {
        SealedPayload first = cipher.seal(PAYLOAD, ROW);
        SealedPayload second = cipher.seal(PAYLOAD, ROW);

        assertThat(first.keyId()).isEqualTo(second.keyId()).isEqualTo("k1/row").isEqualTo(cipher.currentSealing());
        SecretKey firstKey = AesGcmPayloadCipher.rowKey(KEYS.current(), Arrays.copyOf(first.ciphertext(), 32));
        SecretKey secondKey = AesGcmPayloadCipher.rowKey(KEYS.current(), Arrays.copyOf(second.ciphertext(), 32));
        assertThat(firstKey.getEncoded()).isNotEqualTo(secondKey.getEncoded())
                .isNotEqualTo(KEYS.current().getEncoded());
        assertThat(openDirectly(firstKey, first.ciphertext(), 32)).isEqualTo(PAYLOAD);
        assertThat(openDirectly(secondKey, second.ciphertext(), 32)).isEqualTo(PAYLOAD);
        assertThatThrownBy(() -> openDirectly(KEYS.current(), first.ciphertext(), 32))
                .as("not sealed under the configured key itself").isInstanceOf(GeneralSecurityException.class);
        assertThat(cipher.open(first, ROW)).isEqualTo(PAYLOAD);
        assertThat(cipher.open(second, ROW)).isEqualTo(PAYLOAD);
    }

    @Test
    void aCiphertextSealedUnderThePayloadKeyItselfStillOpens() {
        SealedPayload before = new SealedPayload("k1", SealedBeforeRowKeys.seal(MATERIAL, PAYLOAD, ROW));

        assertThat(cipher.open(before, ROW)).isEqualTo(PAYLOAD);
    }

    @Test
    void aDerivedKeysCiphertextOpensOnlyWithItsSaltAndRow() {
        byte[] framed = cipher.seal(PAYLOAD, ROW).ciphertext();
        byte[] otherSalt = framed.clone();
        otherSalt[0] ^= 1;

        assertThatThrownBy(() -> cipher.open(new SealedPayload("k1/row", otherSalt), ROW))
                .isInstanceOf(IllegalStateException.class).hasMessage("sealed payload does not authenticate");
        assertThatThrownBy(() -> cipher.open(new SealedPayload("k1/row", framed), "inbox row 2".getBytes(
                StandardCharsets.UTF_8))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> cipher.open(new SealedPayload("k1", framed), ROW))
                .as("named as sealed the old way").isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> cipher.open(new SealedPayload("k9/row", framed), ROW))
                .hasMessage("payload key k9 is not configured");
    }

    @Test
    void duringARollingUpgradeSealsUnderThePayloadKeyItselfAsTheReleaseBeforeDid() {
        AesGcmPayloadCipher asBefore = new AesGcmPayloadCipher(KEYS, false);

        SealedPayload sealed = asBefore.seal(PAYLOAD, ROW);

        assertThat(sealed.keyId()).isEqualTo("k1").isEqualTo(asBefore.currentSealing());
        assertThat(sealed.ciphertext()).hasSize(12 + PAYLOAD.length + 16);
        assertThat(cipher.open(sealed, ROW)).as("and a cipher with row keys opens it").isEqualTo(PAYLOAD);
        assertThat(asBefore.open(cipher.seal(PAYLOAD, ROW), ROW)).isEqualTo(PAYLOAD);
    }

    @Test
    void namesTheConfiguredKeyOfEitherSealing() {
        assertThat(AesGcmPayloadCipher.keyIdOf("k1/row")).isEqualTo("k1");
        assertThat(AesGcmPayloadCipher.keyIdOf("k1")).isEqualTo("k1");
    }

    private static byte[] openDirectly(SecretKey key, byte[] framed, int nonceAt) throws GeneralSecurityException {
        Cipher aes = Cipher.getInstance("AES/GCM/NoPadding");
        aes.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, framed, nonceAt, 12));
        aes.updateAAD(ROW);
        return aes.doFinal(framed, nonceAt + 12, framed.length - nonceAt - 12);
    }
}
