package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StandardWebhooksSignerTest {

    private static final String S1_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String S1_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final long S1_TS = 1614265330L;
    private static final byte[] S1_BODY = "{\"test\": 2432232314}".getBytes(UTF_8);
    private static final String S1_SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
    // The JDK's encodings of Ed25519 keys end with the raw key: 32 bytes of seed or of public key.
    private static final int RAW_KEY_LENGTH = 32;

    @Test
    void reproducesTheVectorOfTheSpecsLibraries() {
        assertThat(StandardWebhooksSigner.signature(S1_SECRET, S1_ID, S1_TS, S1_BODY)).isEqualTo(S1_SIGNATURE);
    }

    @Test
    void reproducesTheVectorOfTheRustLibrary() {
        assertThat(StandardWebhooksSigner.signature("whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD",
                "msg_27UH4WbU6Z5A5EzD8u03UvzRbpk", 1649367553L,
                "{\"email\":\"test@example.com\",\"username\":\"test_user\"}".getBytes(UTF_8)))
                .isEqualTo("v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw="); // S2
    }

    @Test
    void sendsTheIdTimestampAndSignatureHeaders() {
        assertThat(StandardWebhooksSigner.headers(S1_SECRET, S1_ID, S1_TS, S1_BODY)).containsExactly(
                entry("webhook-id", S1_ID),
                entry("webhook-timestamp", "1614265330"),
                entry("webhook-signature", S1_SIGNATURE));
    }

    @Test
    void signsWithAnEd25519PrivateKeyWhatItsPublicKeyVerifies() throws GeneralSecurityException {
        KeyPair sender = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();

        String signature = StandardWebhooksSigner.signature("whsk_" + base64(seed(sender)), S1_ID, S1_TS, S1_BODY);

        assertThat(signature).startsWith("v1a,");
        assertThat(verifies(sender, signature.substring("v1a,".length()))).isTrue();
    }

    @Test
    void takesTheLibsodiumFormOfAPrivateKeyAlike() throws GeneralSecurityException {
        KeyPair sender = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        byte[] libsodium = concat(seed(sender), rawPublicKey(sender));

        assertThat(StandardWebhooksSigner.signature("whsk_" + base64(libsodium), S1_ID, S1_TS, S1_BODY))
                .isEqualTo(StandardWebhooksSigner.signature("whsk_" + base64(seed(sender)), S1_ID, S1_TS, S1_BODY));
    }

    @ParameterizedTest
    @ValueSource(strings = {"MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whpk_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
            "whsec_not base64!", "whsec_", "whsk_AAAA"})
    void refusesASecretOfNeitherKindOrThatDoesNotDecode(String secret) {
        assertThatThrownBy(() -> StandardWebhooksSigner.signature(secret, S1_ID, S1_TS, S1_BODY))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static boolean verifies(KeyPair sender, String base64Signature) throws GeneralSecurityException {
        Signature verifier = Signature.getInstance("Ed25519");
        verifier.initVerify(sender.getPublic());
        verifier.update(concat((S1_ID + "." + S1_TS + ".").getBytes(UTF_8), S1_BODY));
        return verifier.verify(Base64.getDecoder().decode(base64Signature));
    }

    private static byte[] seed(KeyPair pair) {
        return lastBytes(pair.getPrivate().getEncoded());
    }

    private static byte[] rawPublicKey(KeyPair pair) {
        return lastBytes(pair.getPublic().getEncoded());
    }

    private static byte[] lastBytes(byte[] encoded) {
        return Arrays.copyOfRange(encoded, encoded.length - RAW_KEY_LENGTH, encoded.length);
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }
}
