/**
 * {@code tambat-listen}, a consumer for trying forwarding out: it receives the deliveries Tambat forwards, checks
 * each Standard Webhooks signature and prints what came, as {@code stripe listen} or {@code svix listen} do.
 */
package io.tambat.sender.listen;
