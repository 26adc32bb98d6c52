package io.tambat.sender.signing;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class JsonTextTest {

    @Test
    void quotesTextThatAJsonParserReadsBackUnchanged() {
        String awkward = "quote \" backslash \\ newline \n tab \t bell \u0007 slash / é 😀";

        String literal = JsonText.quote(awkward);

        assertThat(Json.createReader(new StringReader("[" + literal + "]")).readArray().getString(0))
                .isEqualTo(awkward);
    }
}
