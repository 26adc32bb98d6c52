package io.tambat.adapter.out.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class W3cTraceparentTest {

    private static final String VALID = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    @Test
    void formatsASpanContextAsItsTraceparent() {
        SpanContext context = SpanContext.create("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7",
                TraceFlags.getSampled(), TraceState.getDefault());

        assertThat(W3cTraceparent.format(context)).isEqualTo(VALID);
    }

    @Test
    void parsesAStoredTraceparentBackIntoARemoteSpanContext() {
        assertThat(W3cTraceparent.parse(VALID)).hasValueSatisfying(context -> {
            assertThat(context.getTraceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
            assertThat(context.getSpanId()).isEqualTo("00f067aa0ba902b7");
            assertThat(context.isSampled()).isTrue();
            assertThat(context.isRemote()).isTrue();
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
            "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "00-4bf92f3577b34da6a3ce929d0e0e473x-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-zz"})
    void refusesAnythingButAValidVersion00Value(String value) {
        assertThat(W3cTraceparent.parse(value)).isEmpty();
    }
}
