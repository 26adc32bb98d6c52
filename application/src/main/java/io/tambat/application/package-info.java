/**
 * Use cases. {@code port.in} holds the interfaces the HTTP edge calls; {@code service} implements them,
 * orchestrating the domain's ports and declaring every transaction boundary.
 */
package io.tambat.application;
