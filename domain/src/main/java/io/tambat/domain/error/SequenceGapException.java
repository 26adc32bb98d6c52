package io.tambat.domain.error;

import io.tambat.provider.spi.TambatException;

/** A delta arrived before its predecessors: it must wait for them, or for the gap to be reconciled. */
public final class SequenceGapException extends TambatException {

    public SequenceGapException(long sequence) {
        super("sequence " + sequence + " arrived before its predecessors");
    }
}
