package io.tambat.adapter.in.http.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class UnexpectedErrorMapperTest {

    private static final String INPUT = "chk_customer_4242 card 4000-0000-0000-0002";

    private final Logger logger = Logger.getLogger(UnexpectedErrorMapper.class.getName());
    private final List<String> logged = new ArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            logged.add(java.text.MessageFormat.format(record.getMessage(), record.getParameters()));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void captureTheLog() {
        logger.addHandler(capture);
    }

    @AfterEach
    void releaseTheLog() {
        logger.removeHandler(capture);
    }

    @Test
    void answersInternalErrorWithACorrelationIdThatTheLogCarriesWithoutAnyMessage() {
        String body = Problems.internalErrorBody(UnexpectedErrorMapper.logged(
                new IllegalStateException("refused " + INPUT, new IllegalArgumentException(INPUT))));

        var problem = jakarta.json.spi.JsonProvider.provider().createReader(new StringReader(body)).readObject();
        assertThat(problem.getString("code")).isEqualTo("internal_error");
        assertThat(problem.getInt("status")).isEqualTo(500);
        String correlationId = problem.getString("correlation_id");
        assertThat(body).doesNotContain(INPUT).doesNotContain("IllegalStateException").doesNotContain("at io.");

        assertThat(logged).hasSize(1);
        assertThat(logged.get(0)).contains(correlationId)
                .contains("java.lang.IllegalStateException").contains("caused by java.lang.IllegalArgumentException")
                .doesNotContain(INPUT);
    }
}
