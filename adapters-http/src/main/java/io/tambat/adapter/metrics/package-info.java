/** Helpers for MicroProfile Metrics shared by the inbound HTTP adapter and the outbound metrics adapter. */
package io.tambat.adapter.metrics;
