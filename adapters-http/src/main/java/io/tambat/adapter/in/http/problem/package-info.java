/** RFC 9457 problem+json answers, built in one place and mapped once per exception family. */
package io.tambat.adapter.in.http.problem;
