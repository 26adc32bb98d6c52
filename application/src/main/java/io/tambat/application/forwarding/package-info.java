/**
 * Forwarding: the deliveries recorded with their causes are leased, sent to their destinations (each within
 * its own in-flight limit, so a slow one delays no other), and ended delivered, retried on the destination's
 * schedule or FAILED for operators to redrive.
 */
package io.tambat.application.forwarding;
