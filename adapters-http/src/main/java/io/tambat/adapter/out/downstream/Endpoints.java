package io.tambat.adapter.out.downstream;

import java.net.URI;

/** A resource path under a configured base URL, whether or not the base ends with a slash. */
final class Endpoints {

    private Endpoints() {
    }

    static URI resolve(URI base, String resource) {
        String text = base.toString();
        return URI.create(text.endsWith("/") ? text + resource : text + "/" + resource);
    }
}
