package io.tambat.adapter.out.objectstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class S3PayloadStoreSettingsTest {

    private static final Optional<URI> ENDPOINT = Optional.of(URI.create("https://minio.internal:9000"));
    private static final Optional<String> ACCESS_KEY = Optional.of("tambat");
    private static final Optional<String> SECRET_KEY = Optional.of("s3cr3t-value");

    @Test
    void takesAValidConfiguration() {
        assertThatNoException().isThrownBy(() -> withPrefix("tambat/payloads"));
        assertThatNoException().isThrownBy(() -> withPrefix(""));
        assertThatNoException().isThrownBy(() -> new S3PayloadStoreSettings(Optional.empty(), "eu-west-1",
                "payloads", "", false, Optional.empty(), Optional.empty(), Duration.ofMillis(1999)));
    }

    @Test
    void refusesABlankBucket() {
        assertThatIllegalArgumentException().isThrownBy(() -> new S3PayloadStoreSettings(ENDPOINT, "us-east-1",
                " ", "", true, ACCESS_KEY, SECRET_KEY, S3PayloadStoreSettings.DEFAULT_PUT_TIMEOUT));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/payloads", "payloads/", "/"})
    void refusesAPrefixWithASlashAtEitherEnd(String prefix) {
        assertThatIllegalArgumentException().isThrownBy(() -> withPrefix(prefix));
    }

    @Test
    void refusesOneHalfOfTheCredentials() {
        assertThatIllegalArgumentException().isThrownBy(() -> new S3PayloadStoreSettings(ENDPOINT, "us-east-1",
                "payloads", "", true, ACCESS_KEY, Optional.empty(), S3PayloadStoreSettings.DEFAULT_PUT_TIMEOUT));
        assertThatIllegalArgumentException().isThrownBy(() -> new S3PayloadStoreSettings(ENDPOINT, "us-east-1",
                "payloads", "", true, Optional.empty(), SECRET_KEY, S3PayloadStoreSettings.DEFAULT_PUT_TIMEOUT));
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 2000, 5000})
    void refusesAPutTimeoutThatDoesNotEndBeforeAProviderGivesUp(long millis) {
        assertThatIllegalArgumentException().isThrownBy(() -> new S3PayloadStoreSettings(ENDPOINT, "us-east-1",
                "payloads", "", true, ACCESS_KEY, SECRET_KEY, Duration.ofMillis(millis)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"minio.internal:9000", "ftp://minio.internal", "https://user:password@minio.internal"})
    void refusesAnEndpointThatIsNotAPlainHttpUrl(String endpoint) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new S3PayloadStoreSettings(Optional.of(URI.create(endpoint)), "us-east-1",
                        "payloads", "", true, ACCESS_KEY, SECRET_KEY, S3PayloadStoreSettings.DEFAULT_PUT_TIMEOUT))
                .withMessageNotContaining("password");
    }

    @Test
    void neverShowsTheSecretKey() {
        assertThat(withPrefix("payloads").toString()).doesNotContain(SECRET_KEY.get());
    }

    private static S3PayloadStoreSettings withPrefix(String prefix) {
        return new S3PayloadStoreSettings(ENDPOINT, "us-east-1", "payloads", prefix, true, ACCESS_KEY, SECRET_KEY,
                S3PayloadStoreSettings.DEFAULT_PUT_TIMEOUT);
    }
}
