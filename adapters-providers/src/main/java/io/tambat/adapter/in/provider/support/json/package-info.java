/**
 * Reading a verified JSON body: {@code JsonBodies} parses it as exactly one object, pruned to the fields the
 * caller names, and {@code JsonFields} reads typed fields by JSON Pointer, strictly or leniently. Faults are
 * {@code MALFORMED_ENVELOPE}, naming the field and never its value.
 *
 * <p>The strict parser itself, {@link io.tambat.adapter.json.StrictJson}, stays outside the provider
 * adapters: the HTTP adapter parses order and operator requests with it too, and the dependency rules keep
 * that adapter away from {@code io.tambat.adapter.in.provider}.
 */
package io.tambat.adapter.in.provider.support.json;
