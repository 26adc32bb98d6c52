/**
 * What every background queue shares: the metrics of work items that ended without another attempt, and the
 * tracing of work done after an acknowledgement.
 */
package io.tambat.domain.port.out.work;
