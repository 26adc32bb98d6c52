package io.tambat.adapter.in.http.problem;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.provider.spi.Rejection;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The catalog answers every reason a webhook is refused for, with the code and status of the contract. */
class ProblemCodeTest {

    @ParameterizedTest
    @EnumSource(Rejection.class)
    void everyRejectionIsAnsweredWithTheCodeOfItsName(Rejection rejection) {
        assertThat(ProblemCode.of(rejection).code()).isEqualTo(rejection.code());
    }

    @ParameterizedTest
    @CsvSource({
        "UNKNOWN_ENDPOINT, 404",
        "METHOD_NOT_ALLOWED, 405",
        "UNSUPPORTED_MEDIA_TYPE, 415",
        "PAYLOAD_TOO_LARGE, 413",
        "SIGNATURE_MISSING, 400",
        "MALFORMED_ENVELOPE, 400",
        "SIGNATURE_INVALID, 401",
        "TIMESTAMP_STALE, 401",
        "RATE_LIMITED, 429",
        "SECRETS_UNAVAILABLE, 503",
        "STORAGE_UNAVAILABLE, 503"
    })
    void aRefusedWebhookIsAnsweredWithTheContractsStatus(Rejection rejection, int status) {
        assertThat(ProblemCode.of(rejection).status()).isEqualTo(status);
    }
}
