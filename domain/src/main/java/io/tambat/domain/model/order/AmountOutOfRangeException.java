package io.tambat.domain.model.order;

/**
 * Every line is valid on its own, but an amount derived from them (a line amount or the total) is larger than
 * the 64-bit minor units an order is stored and charged in. Like any invalid request, nothing is stored.
 */
public final class AmountOutOfRangeException extends InvalidOrderException {

    public AmountOutOfRangeException(String pointer, String message) {
        super(pointer, message);
    }

    @Override
    public AmountOutOfRangeException under(String parentPointer) {
        return new AmountOutOfRangeException(parentPointer + pointer(), getMessage());
    }
}
