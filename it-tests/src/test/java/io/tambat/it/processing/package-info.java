/**
 * Processing on the shipped runnable jar: convergence, poison events and redrive, several worker pools on
 * one database, paused workers, crashes injected at every transaction boundary, and payloads kept in an
 * S3-compatible object store.
 */
package io.tambat.it.processing;
