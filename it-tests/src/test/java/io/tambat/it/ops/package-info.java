/**
 * The operations files that ship with Tambat ({@code ops/}): the alert rules and their unit tests run by
 * {@code promtool}, the dashboard's queries parsed by it, and every metric they name found on a running server;
 * the deployment guide done on a plain Liberty server, and the container file read for what its image holds;
 * and how an operator follows a bulk action that runs on in the background.
 */
package io.tambat.it.ops;
