/** The domain's unchecked exceptions, rooted at {@link io.tambat.provider.spi.TambatException}. */
package io.tambat.domain.error;
