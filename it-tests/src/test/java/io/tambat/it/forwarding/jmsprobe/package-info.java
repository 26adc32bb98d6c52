/**
 * A small application deployed beside Tambat on the JMS test's server: it takes what Tambat sent to the queue
 * and answers it as JSON, so the test reads the messages over HTTP.
 */
package io.tambat.it.forwarding.jmsprobe;
