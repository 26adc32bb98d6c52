/**
 * Reading a verified {@code application/x-www-form-urlencoded} body byte for byte ({@code FormFields}), for
 * senders that wrap their payload in a form field, as GitHub can. Faults are {@code MALFORMED_ENVELOPE}.
 */
package io.tambat.adapter.in.provider.support.form;
