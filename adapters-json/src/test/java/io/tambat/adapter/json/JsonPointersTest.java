package io.tambat.adapter.json;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class JsonPointersTest {

    @Test
    void refusesAPointerThatDoesNotStartWithASlash() {
        assertThatThrownBy(() -> JsonPointers.of("/id", "data/id"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesToReadNothing() {
        assertThatThrownBy(() -> JsonPointers.of(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
