package io.tambat.application.identity;

import com.fasterxml.uuid.Generators;
import com.fasterxml.uuid.impl.TimeBasedEpochRandomGenerator;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.UUID;

/**
 * New identifiers for inbox rows and orders: version 7 UUIDs (RFC 9562), whose leading 48 bits are the
 * creation time in milliseconds, by the injected clock, and whose other 74 bits are random. Rows created
 * close in time then sit next to each other in every index on their id, so an insert touches the few
 * pages already in memory at the right edge of each index instead of one random page per index, which
 * after each checkpoint also costs a full page image in the write-ahead log. The price is that an id tells
 * whoever holds it when its row was created, to the millisecond; nothing else about the row.
 */
@Dependent
public class TimeOrderedIds {

    private static final TimeBasedEpochRandomGenerator GENERATOR =
            Generators.timeBasedEpochRandomGenerator(new SecureRandom());

    private final Clock clock;

    @Inject
    public TimeOrderedIds(Clock clock) {
        this.clock = clock;
    }

    public UUID next() {
        return GENERATOR.construct(clock.millis());
    }
}
