package io.tambat.adapter.in.provider;

import io.tambat.provider.spi.Headers;
import java.util.Arrays;

/** Headers as the adapter tests write them, in name-value pairs. */
public final class TestHeaders {

    private TestHeaders() {
    }

    /**
     * The pairs of {@code first} followed by those of {@code then}, such as the headers a test sends with every
     * delivery and those one case adds. A name in both is sent twice, as a case about a repeated header wants.
     */
    public static Headers of(String[] first, String... then) {
        String[] all = Arrays.copyOf(first, first.length + then.length);
        System.arraycopy(then, 0, all, first.length, then.length);
        return Headers.of(all);
    }
}
