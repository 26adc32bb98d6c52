package io.tambat.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonObject;
import java.net.http.HttpResponse;

/** RFC 9457 answers with the contract's code. */
public final class ProblemAssertions {

    private ProblemAssertions() {
    }

    public static void assertProblem(HttpResponse<String> response, int status, String code) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        JsonObject problem = Http.json(response);
        assertThat(problem.getString("code")).isEqualTo(code);
        assertThat(problem.getInt("status")).isEqualTo(status);
        assertThat(problem.getString("type")).isNotBlank();
        assertThat(problem.getString("title")).isNotBlank();
    }
}
