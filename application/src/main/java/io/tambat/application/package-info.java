/**
 * Use cases, by capability. {@code port.in} holds the interfaces the HTTP edge calls; {@code webhook}
 * (ingress: verification, secrets, payload keys), {@code processing} (events to business state) and
 * {@code order} (idempotent orders, their long operations and their delivery downstream) implement them,
 * orchestrating the domain's ports and declaring every transaction boundary. {@code work} is the machinery
 * every capability's background work runs on, {@code transaction} the group commit their request paths
 * share, and {@code plugin} loads provider plug-ins. Capabilities use those, the domain and its ports, never
 * each other.
 */
package io.tambat.application;
