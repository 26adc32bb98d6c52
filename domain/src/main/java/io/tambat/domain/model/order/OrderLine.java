package io.tambat.domain.model.order;

/** One line of an order request: 1-1000 of a SKU (1-64 characters) at a unit price in minor units. */
public record OrderLine(String sku, int quantity, long unitPriceMinor) {

    public OrderLine {
        if (sku == null || sku.isEmpty() || sku.length() > 64) {
            throw new InvalidOrderException("items[].sku must be 1-64 characters");
        }
        if (quantity < 1 || quantity > 1000) {
            throw new InvalidOrderException("items[].quantity must be between 1 and 1000");
        }
        if (unitPriceMinor < 0) {
            throw new InvalidOrderException("items[].unit_price_minor must not be negative");
        }
    }

    long amountMinor() {
        return Math.multiplyExact(unitPriceMinor, quantity);
    }
}
