package io.tambat.domain.model.order;

import io.tambat.provider.spi.StorableText;

/**
 * One line of an order request: 1-1000 of a SKU (1-64 characters) at a unit price in minor units. Problems
 * are reported with pointers relative to the line; the request places them under its index.
 */
public record OrderLine(String sku, int quantity, long unitPriceMinor) {

    public OrderLine {
        if (sku == null || sku.isEmpty() || sku.length() > 64) {
            throw new InvalidOrderException("/sku", "sku must be 1-64 characters");
        }
        if (!StorableText.isStorable(sku)) {
            throw new InvalidOrderException("/sku", "sku must be valid Unicode without NUL");
        }
        if (quantity < 1 || quantity > 1000) {
            throw new InvalidOrderException("/quantity", "quantity must be between 1 and 1000");
        }
        if (unitPriceMinor < 0) {
            throw new InvalidOrderException("/unit_price_minor", "unit_price_minor must not be negative");
        }
        try {
            Math.multiplyExact(unitPriceMinor, quantity);
        } catch (ArithmeticException e) {
            throw new AmountOutOfRangeException("/unit_price_minor",
                    "unit_price_minor times quantity exceeds the largest amount an order can hold");
        }
    }

    long amountMinor() {
        return unitPriceMinor * quantity;
    }
}
