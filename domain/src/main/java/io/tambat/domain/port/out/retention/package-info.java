/** What retention needs of storage beyond row-by-row purges: tables partitioned by time, dropped a day at once. */
package io.tambat.domain.port.out.retention;
