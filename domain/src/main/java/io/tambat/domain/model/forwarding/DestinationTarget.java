package io.tambat.domain.model.forwarding;

import java.net.URI;
import java.util.List;
import java.util.Objects;

/** Where and how a destination's messages go: its kind's own settings. */
public sealed interface DestinationTarget {

    /** As configured in {@code .kind}. */
    String kind();

    /** {@code POST <url>}, signed with every listed secret version (Standard Webhooks). */
    record Http(URI url, List<SigningSecret> secrets) implements DestinationTarget {
        public Http {
            Objects.requireNonNull(url);
            secrets = List.copyOf(secrets);
            if (secrets.isEmpty()) {
                throw new IllegalArgumentException("an HTTP destination needs a signing secret");
            }
        }

        @Override
        public String kind() {
            return "http";
        }

        @Override
        public String toString() {
            return "Http[" + url + ", " + secrets.size() + " secret version(s)]";
        }
    }
}
