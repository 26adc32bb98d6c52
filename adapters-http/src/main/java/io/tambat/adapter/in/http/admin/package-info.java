/** The operator API under {@code /admin}: every call needs a JWT with the group {@code operator}. */
package io.tambat.adapter.in.http.admin;
