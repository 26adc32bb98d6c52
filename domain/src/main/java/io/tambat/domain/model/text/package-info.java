/** Rules for text that crosses into storage. */
package io.tambat.domain.model.text;
