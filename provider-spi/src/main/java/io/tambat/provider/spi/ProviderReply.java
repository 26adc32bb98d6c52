package io.tambat.provider.spi;

import java.util.Objects;

/**
 * An answer whose body the provider's own protocol dictates, sent instead of Tambat's receipt: Slack's URL
 * verification wants its challenge back, Adyen wants {@code [accepted]}.
 *
 * @param contentType the media type of the body, e.g. {@code text/plain}
 * @param body        the body, sent as UTF-8
 */
public record ProviderReply(String contentType, String body) {

    public ProviderReply {
        Objects.requireNonNull(contentType);
        Objects.requireNonNull(body);
    }
}
