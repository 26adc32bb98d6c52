package io.tambat.domain.model.operator;

import java.util.Objects;

/** The operator making a call, as their verified token names them. */
public record Operator(String name) {

    public Operator {
        Objects.requireNonNull(name);
        if (name.isBlank()) {
            throw new IllegalArgumentException("an operator has a name");
        }
    }
}
