package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import org.junit.jupiter.api.Test;

class GitHubSignerTest {

    @Test
    void reproducesTheVectorOfGitHubsDocs() {
        assertThat(GitHubSigner.signatureHeader("It's a Secret to Everybody", "Hello, World!".getBytes(UTF_8)))
                .isEqualTo("sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"); // G1
    }

    @Test
    void reproducesTheVectorsOfOctokit() {
        assertThat(GitHubSigner.signatureHeader("mysecret", "{\"foo\":\"bar\"}".getBytes(UTF_8)))
                .isEqualTo("sha256=4864d2759938a15468b5df9ade20bf161da9b4f737ea61794142f3484236bda3"); // G2
        assertThat(GitHubSigner.signatureHeader("development", "{\"foo\":\"\\\\u001b\"}".getBytes(UTF_8)))
                .isEqualTo("sha256=6f8326efbacfbd04e870cea25b5652e635be8c9807f2fd5348ef60753c9e96ed"); // G3
    }

    @Test
    void sendsTheEventAndDeliveryWithTheSignature() {
        byte[] body = "Hello, World!".getBytes(UTF_8);

        assertThat(GitHubSigner.headers("It's a Secret to Everybody", "72d3162e-cc78-11e3-81ab-4c9367dc0958", "push",
                body)).containsExactly(
                        entry("X-GitHub-Event", "push"),
                        entry("X-GitHub-Delivery", "72d3162e-cc78-11e3-81ab-4c9367dc0958"),
                        entry("X-Hub-Signature-256",
                                "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"));
    }
}
