package io.tambat.sender.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import org.junit.jupiter.api.Test;

class GitLabSignerTest {

    @Test
    void sendsTheTokenAsItIsWithTheEventAndIdempotencyKey() {
        assertThat(GitLabSigner.headers("glpat-token", "Push Hook", "f0a5e6b2-8f6e-4b1c-9c53-1d2f0c4b7a11"))
                .containsExactly(
                        entry("X-Gitlab-Event", "Push Hook"),
                        entry("Idempotency-Key", "f0a5e6b2-8f6e-4b1c-9c53-1d2f0c4b7a11"),
                        entry("X-Gitlab-Token", "glpat-token"));
    }

    @Test
    void refusesAnEmptyToken() {
        assertThatThrownBy(() -> GitLabSigner.headers("", "Push Hook", "key"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
