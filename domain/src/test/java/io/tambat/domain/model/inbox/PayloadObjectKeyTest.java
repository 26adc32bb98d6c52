package io.tambat.domain.model.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PayloadObjectKeyTest {

    private static final UUID INBOX_ID = UUID.fromString("0190a4b2-7c3d-7e8f-9a0b-1c2d3e4f5a6b");

    @Test
    void namesTheHourOfReceiptThenTheInboxId() {
        PayloadObjectKey key = PayloadObjectKey.of(Instant.parse("2025-03-04T05:06:07.123Z"), INBOX_ID);

        assertThat(key.value()).isEqualTo("2025/03/04/05/0190a4b2-7c3d-7e8f-9a0b-1c2d3e4f5a6b");
    }

    @Test
    void takesTheHourInUtcWhateverOffsetTheTimeWasGivenIn() {
        Instant receivedAt = OffsetDateTime.parse("2025-03-05T01:30:00+02:00").toInstant();

        assertThat(PayloadObjectKey.of(receivedAt, INBOX_ID).value()).startsWith("2025/03/04/23/");
    }

    @Test
    void givesBackTheInboxIdItWasMadeFor() {
        PayloadObjectKey written = PayloadObjectKey.of(Instant.parse("2025-12-31T23:59:59Z"), INBOX_ID);

        PayloadObjectKey readBack = new PayloadObjectKey(written.value());

        assertThat(readBack).isEqualTo(written);
        assertThat(readBack.inboxId()).isEqualTo(INBOX_ID);
    }

    @Test
    void sortsByTimeAsText() {
        String earlier = PayloadObjectKey.of(Instant.parse("2025-03-04T09:59:59Z"), UUID.randomUUID()).value();
        String later = PayloadObjectKey.of(Instant.parse("2025-03-04T10:00:00Z"), UUID.randomUUID()).value();

        assertThat(earlier).isLessThan(later);
    }

    @Test
    void knowsWhetherItsHourEndedByAnInstant() {
        PayloadObjectKey key = PayloadObjectKey.of(Instant.parse("2025-03-04T09:10:00Z"), INBOX_ID);

        assertThat(key.hourEndedBy(Instant.parse("2025-03-04T09:59:59.999Z"))).isFalse();
        assertThat(key.hourEndedBy(Instant.parse("2025-03-04T10:00:00Z"))).isTrue();
        assertThat(key.hourEndedBy(Instant.parse("2025-03-04T10:30:00Z"))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "2025/03/04/05",
            "2025/03/04/05/",
            "2025/3/04/05/0190a4b2-7c3d-7e8f-9a0b-1c2d3e4f5a6b",
            "2025/03/04/0190a4b2-7c3d-7e8f-9a0b-1c2d3e4f5a6b",
            "2025/13/04/05/0190a4b2-7c3d-7e8f-9a0b-1c2d3e4f5a6b",
            "2025/02/30/05/0190a4b2-7c3d-7e8f-9a0b-1c2d3e4f5a6b",
            "2025/03/04/24/0190a4b2-7c3d-7e8f-9a0b-1c2d3e4f5a6b",
            "2025/03/04/05/0190A4B2-7C3D-7E8F-9A0B-1C2D3E4F5A6B",
            "2025/03/04/05/0190a4b27c3d7e8f9a0b1c2d3e4f5a6b",
            "/2025/03/04/05/0190a4b2-7c3d-7e8f-9a0b-1c2d3e4f5a6b",
            "2025/03/04/05/0190a4b2-7c3d-7e8f-9a0b-1c2d3e4f5a6b/",
            "payloads/2025/03/04/05/0190a4b2-7c3d-7e8f-9a0b-1c2d3e4f5a6b"})
    void refusesAnythingElse(String malformed) {
        assertThatIllegalArgumentException().isThrownBy(() -> new PayloadObjectKey(malformed));
        assertThat(PayloadObjectKey.parse(malformed)).isEmpty();
    }

    @Test
    void parsesAKeyItWrote() {
        PayloadObjectKey written = PayloadObjectKey.of(Instant.parse("2025-03-04T05:06:07Z"), INBOX_ID);

        assertThat(PayloadObjectKey.parse(written.value())).contains(written);
    }
}
