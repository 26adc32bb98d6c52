package io.tambat.application.testing;

import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.NotificationOptions;
import jakarta.enterprise.util.TypeLiteral;
import java.lang.annotation.Annotation;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

/** Stands in for the container's {@link Event}: keeps what was fired, and notifies no observer. */
public final class FiredEvents<T> implements Event<T> {

    private final List<T> fired = new CopyOnWriteArrayList<>();

    public List<T> fired() {
        return List.copyOf(fired);
    }

    @Override
    public void fire(T event) {
        fired.add(event);
    }

    @Override
    public <U extends T> CompletionStage<U> fireAsync(U event) {
        fired.add(event);
        return CompletableFuture.completedFuture(event);
    }

    @Override
    public <U extends T> CompletionStage<U> fireAsync(U event, NotificationOptions options) {
        return fireAsync(event);
    }

    @Override
    public Event<T> select(Annotation... qualifiers) {
        throw new UnsupportedOperationException("no qualified or narrowed events in these tests");
    }

    @Override
    public <U extends T> Event<U> select(Class<U> subtype, Annotation... qualifiers) {
        throw new UnsupportedOperationException("no qualified or narrowed events in these tests");
    }

    @Override
    public <U extends T> Event<U> select(TypeLiteral<U> subtype, Annotation... qualifiers) {
        throw new UnsupportedOperationException("no qualified or narrowed events in these tests");
    }
}
