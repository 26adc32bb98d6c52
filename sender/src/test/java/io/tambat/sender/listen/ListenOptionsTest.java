package io.tambat.sender.listen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ListenOptionsTest {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

    @Test
    void readsEveryOptionWithItsDefaults() {
        assertThat(ListenOptions.parse("--port", "9097", "--secret", SECRET))
                .isEqualTo(new ListenOptions(9097, SECRET, 200, 0));
        assertThat(ListenOptions.parse("--secret", SECRET, "--port", "0", "--status", "503", "--fail-first", "3"))
                .isEqualTo(new ListenOptions(0, SECRET, 503, 3));
    }

    @Test
    void refusesWhatItCannotUse() {
        assertThatThrownBy(() -> ListenOptions.parse("--port", "9097")).hasMessageContaining("--secret");
        assertThatThrownBy(() -> ListenOptions.parse("--secret", SECRET)).hasMessage("--port is required");
        assertThatThrownBy(() -> ListenOptions.parse("--port", "99999", "--secret", SECRET))
                .hasMessageContaining("--port must be between");
        assertThatThrownBy(() -> ListenOptions.parse("--port", "9097", "--secret", SECRET, "--status", "x"))
                .hasMessage("--status must be a number");
        assertThatThrownBy(() -> ListenOptions.parse("--secret", SECRET, "--verbose", "x"))
                .hasMessageContaining("unknown option --verbose");
        assertThatThrownBy(() -> ListenOptions.parse("--port")).hasMessage("--port needs a value");
    }
}
