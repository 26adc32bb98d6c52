/**
 * Reading request headers: values that must appear at most once ({@code SingleHeader}), the media type of a
 * {@code Content-Type} ({@code MediaTypes}), and the unix-seconds timestamp a sender signs
 * ({@code UnixSeconds}).
 *
 * <p>Kept apart from the body readers because headers carry the signature metadata, read before
 * verification, as well as envelope values read after it: a duplicate is turned into whichever rejection the
 * caller names, so the same reader serves both.
 */
package io.tambat.adapter.in.provider.support.header;
