/**
 * Crashes and outages against the shipped runnable jar: a database that goes away and comes back, a server
 * started without one, and a server killed between its commit and its answer.
 */
package io.tambat.it.resilience;
