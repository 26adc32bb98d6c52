package io.tambat.application.testing;

import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * A stand-in for authenticated encryption that keeps the contract the application relies on and nothing more:
 * a payload opens only with the associated data it was sealed with. The "ciphertext" is that data followed by
 * the plaintext, so a test can still read what was stored.
 */
public final class SealingCipher implements PayloadCipherPort {

    public static final String KEY_ID = "test-key";

    @Override
    public List<String> keyIds() {
        return List.of(KEY_ID);
    }

    @Override
    public String currentSealing() {
        return KEY_ID;
    }

    @Override
    public SealedPayload seal(byte[] plaintext, byte[] associatedData) {
        return new SealedPayload(KEY_ID, ByteBuffer.allocate(4 + associatedData.length + plaintext.length)
                .putInt(associatedData.length).put(associatedData).put(plaintext).array());
    }

    @Override
    public byte[] open(SealedPayload sealed, byte[] associatedData) {
        ByteBuffer sealedBytes = ByteBuffer.wrap(sealed.ciphertext());
        byte[] boundTo = new byte[sealedBytes.getInt()];
        sealedBytes.get(boundTo);
        if (!KEY_ID.equals(sealed.keyId()) || !Arrays.equals(boundTo, associatedData)) {
            throw new IllegalStateException("the payload does not open with this associated data");
        }
        byte[] plaintext = new byte[sealedBytes.remaining()];
        sealedBytes.get(plaintext);
        return plaintext;
    }
}
