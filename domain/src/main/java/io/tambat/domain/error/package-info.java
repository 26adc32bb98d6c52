/** The domain's unchecked exceptions, rooted at {@link io.tambat.domain.error.TambatException}. */
package io.tambat.domain.error;
