/**
 * Background work shared by every capability: one leased-work loop, batch jobs, the scheduler that finds and
 * runs both once storage is ready, their settings, and the failpoint seam used by crash tests.
 */
package io.tambat.application.work;
