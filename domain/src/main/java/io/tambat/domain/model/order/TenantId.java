package io.tambat.domain.model.order;

import io.tambat.provider.spi.StorableText;

/** The tenant a verified token speaks for; never taken from a header or a body. */
public record TenantId(String value) {

    public TenantId {
        if (value == null || value.isBlank() || value.length() > 128 || !StorableText.isStorable(value)) {
            throw new IllegalArgumentException("tenant id must be 1-128 characters of valid Unicode without NUL");
        }
    }
}
