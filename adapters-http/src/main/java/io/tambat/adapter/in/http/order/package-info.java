/** {@code /orders}: the idempotent order API for tenants authenticated by an MP JWT. */
package io.tambat.adapter.in.http.order;
