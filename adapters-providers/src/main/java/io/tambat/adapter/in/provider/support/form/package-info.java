/**
 * Reading an {@code application/x-www-form-urlencoded} body or query string byte for byte ({@code FormFields}):
 * one field, for senders that wrap their payload in a form field, as GitHub can, whose faults are
 * {@code MALFORMED_ENVELOPE}; or every field, for senders that sign the decoded fields, as Twilio does, where
 * the caller judges the faults because before verification they are not the envelope's.
 */
package io.tambat.adapter.in.provider.support.form;
