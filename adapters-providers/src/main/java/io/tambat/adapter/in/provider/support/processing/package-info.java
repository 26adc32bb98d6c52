/**
 * Reading a stored payload in an event interpreter ({@code StoredPayloads}): the same strict readers ingress
 * uses, with their rejections and the domain's refusals turned into {@code UninterpretableEventException}.
 *
 * <p>Apart from {@code ingress} because by processing time the event is accepted and stored: nobody is left
 * to answer, and the fault is a reason an operator reads, not a status a sender gets.
 */
package io.tambat.adapter.in.provider.support.processing;
