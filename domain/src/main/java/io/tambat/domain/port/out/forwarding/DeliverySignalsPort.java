package io.tambat.domain.port.out.forwarding;

import java.time.Duration;

/**
 * How instances tell each other that deliveries were recorded, so that the one with free slots sends them now
 * rather than at its next poll. A signal carries nothing and may be lost (the poll still finds the work); it only
 * wakes.
 */
public interface DeliverySignalsPort {

    /**
     * This instance's channel to the others, held open until closed.
     *
     * @throws UnsupportedOperationException when the store cannot carry signals from this application (say, its
     *                                       driver is not visible to it): instances then find work by polling
     * @throws RuntimeException              when the store is unavailable now
     */
    Channel open();

    /** One instance's open channel, used by one thread at a time. */
    interface Channel extends AutoCloseable {

        /** Tells every other instance that deliveries were recorded and committed. */
        void announce();

        /**
         * Waits at most {@code wait} for announcements of other instances.
         *
         * @return whether another instance announced since the last call; this instance's own announcements are
         *         not counted
         */
        boolean othersAnnounced(Duration wait);

        @Override
        void close();
    }
}
