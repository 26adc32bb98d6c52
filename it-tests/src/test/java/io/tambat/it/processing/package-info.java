/**
 * Processing on the shipped runnable jar: convergence, poison events and redrive, several worker pools on
 * one database, paused workers, and crashes injected at every transaction boundary.
 */
package io.tambat.it.processing;
