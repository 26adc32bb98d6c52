package io.tambat.sender.listen;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.Headers;
import org.junit.jupiter.api.Test;

class DeliveryHeadersTest {

    @Test
    void decodesOnlyTheHeadersTambatEncodedNames() {
        DeliveryHeaders headers = headers(
                "tambat-event-type", "paiement.r%C3%A9ussi.%E6%97%A5%E6%9C%AC",
                "tambat-provider-event-id", "evt_1%0D%0Aabc",
                "tambat-provider", "str%69pe",
                "tambat-encoded", "tambat-event-type,tambat-provider-event-id");

        assertThat(headers.value("tambat-event-type")).contains("paiement.réussi.日本");
        assertThat(headers.value("tambat-provider-event-id")).contains("evt_1\r\nabc");
        assertThat(headers.value("tambat-provider")).contains("str%69pe");
        assertThat(headers.value("tambat-endpoint")).isEmpty();
    }

    @Test
    void readsTheNamesWhateverTheirCaseAndSpacingAndAcrossSeveralFields() {
        DeliveryHeaders headers = headers(
                "tambat-event-type", "a%20b",
                "tambat-provider-event-id", "c%20d",
                "Tambat-Encoded", " Tambat-Event-Type ,",
                "tambat-encoded", "TAMBAT-PROVIDER-EVENT-ID");

        assertThat(headers.value("tambat-event-type")).contains("a b");
        assertThat(headers.value("tambat-provider-event-id")).contains("c d");
    }

    @Test
    void keepsAPlusAsAPlusAsAnyPercentDecoderWould() {
        assertThat(headers("tambat-event-type", "a+b%2Bc", "tambat-encoded", "tambat-event-type")
                .value("tambat-event-type")).contains("a+b+c");
    }

    @Test
    void keepsAListedValueThatIsNotPercentEncodingAsItCame() {
        DeliveryHeaders headers = headers(
                "tambat-event-type", "100%",
                "tambat-provider-event-id", "evt_%ZZ",
                "tambat-encoded", "tambat-event-type,tambat-provider-event-id");

        assertThat(headers.value("tambat-event-type")).contains("100%");
        assertThat(headers.value("tambat-provider-event-id")).contains("evt_%ZZ");
    }

    private static DeliveryHeaders headers(String... namesAndValues) {
        Headers headers = new Headers();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            headers.add(namesAndValues[i], namesAndValues[i + 1]);
        }
        return new DeliveryHeaders(headers);
    }
}
