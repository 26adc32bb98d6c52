/** MicroProfile Metrics with the contract's names; tags never carry request content. */
package io.tambat.adapter.out.metrics;
