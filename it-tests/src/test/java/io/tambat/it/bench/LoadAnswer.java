package io.tambat.it.bench;

import java.util.Optional;

/** A request as it was answered: its status and the response's {@code Location}, all a load reads of it. */
record LoadAnswer(LoadRequest request, int status, Optional<String> location) {
}
