package io.tambat.adapter.out.crypto;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/** Ciphertexts as they were sealed before each row had a key of its own: under the payload key itself. */
public final class SealedBeforeRowKeys {

    private SealedBeforeRowKeys() {
    }

    /** {@code nonce || ciphertext || tag}, AES-256-GCM under {@code keyMaterial} with a random nonce. */
    public static byte[] seal(byte[] keyMaterial, byte[] plaintext, byte[] associatedData) {
        byte[] nonce = new byte[12];
        new SecureRandom().nextBytes(nonce);
        try {
            Cipher aes = Cipher.getInstance("AES/GCM/NoPadding");
            aes.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(keyMaterial, "AES"), new GCMParameterSpec(128, nonce));
            aes.updateAAD(associatedData);
            byte[] sealed = aes.doFinal(plaintext);
            byte[] framed = Arrays.copyOf(nonce, nonce.length + sealed.length);
            System.arraycopy(sealed, 0, framed, nonce.length, sealed.length);
            return framed;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
