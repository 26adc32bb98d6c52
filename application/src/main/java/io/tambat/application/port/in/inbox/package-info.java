/**
 * Use cases: operating the inbox: looking up, redriving and replaying events, bulk recovery after an incident,
 * and reconciliation.
 */
package io.tambat.application.port.in.inbox;
