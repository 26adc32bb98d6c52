package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import org.junit.jupiter.api.Test;

class SlackSignerTest {

    // L1, from Slack's "Verifying requests from Slack".
    private static final String SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
    private static final long TS = 1531420618L;
    private static final byte[] BODY = ("token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow"
            + "&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner"
            + "&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J"
            + "%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce"
            + "8b6703c").getBytes(UTF_8);
    private static final String SIGNATURE = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";

    @Test
    void reproducesTheVectorOfSlacksDocs() {
        assertThat(SlackSigner.signature(SECRET, TS, BODY)).isEqualTo(SIGNATURE);
    }

    @Test
    void sendsTheTimestampAndSignatureOnAFirstAttempt() {
        assertThat(SlackSigner.headers(SECRET, TS, BODY, 0)).containsExactly(
                entry("X-Slack-Request-Timestamp", "1531420618"),
                entry("X-Slack-Signature", SIGNATURE));
    }

    @Test
    void saysWhichRetryAndWhyOnARetry() {
        assertThat(SlackSigner.headers(SECRET, TS, BODY, 2)).containsExactly(
                entry("X-Slack-Request-Timestamp", "1531420618"),
                entry("X-Slack-Signature", SIGNATURE),
                entry("X-Slack-Retry-Num", "2"),
                entry("X-Slack-Retry-Reason", "http_timeout"));
    }
}
