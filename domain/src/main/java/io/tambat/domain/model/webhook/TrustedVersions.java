package io.tambat.domain.model.webhook;

import io.tambat.provider.spi.SecretVersion;
import java.util.List;

/**
 * An endpoint's trusted secret versions as this instance can use them. A version sealed under a payload key that
 * is not configured here verifies nothing, yet the provider may sign with it: while one is left unopened, a
 * delivery that no usable version verifies may be authentic, and cannot be called forged.
 *
 * @param usable   the versions that open with the configured payload keys, newest first
 * @param unopened the names of the versions that do not
 */
public record TrustedVersions(List<SecretVersion> usable, List<String> unopened) {

    public TrustedVersions {
        usable = List.copyOf(usable);
        unopened = List.copyOf(unopened);
    }

    /** True when every trusted version opened: a delivery none of them verifies is signed with no trusted secret. */
    public boolean complete() {
        return unopened.isEmpty();
    }
}
