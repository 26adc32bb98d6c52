/**
 * Use cases: receiving webhook deliveries, and counting them per minute.
 */
package io.tambat.application.port.in.webhook;
