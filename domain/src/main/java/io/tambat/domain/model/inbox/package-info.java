/**
 * An inbox event through its life, one name at each step. A provider's delivery carries
 * {@link io.tambat.provider.spi.WebhookEvent}s; each accepted one becomes a {@link NewInboxEvent}, stored once
 * with its sealed payload; a worker holds it as a {@link LeasedInboxEvent}, and an interpreter reads it, its
 * payload opened, as a {@link io.tambat.provider.spi.StoredEvent}; an operator sees it as an
 * {@link InboxEvent}, never with its payload, and acts on many at once through an {@link InboxSelection}. Its
 * {@link InboxStatus} says where it is in that life. A sealed payload kept in an object store rather than in its
 * row is found there under the row's {@link PayloadObjectKey}.
 */
package io.tambat.domain.model.inbox;
