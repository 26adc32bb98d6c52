package io.tambat.adapter.in.http.body;

import io.tambat.adapter.in.http.problem.InvalidRequestException;
import io.tambat.adapter.json.StrictJson;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;

/** A JSON object request body: read through the cap, then parsed strictly (no repeated member names). */
public final class JsonRequestBody {

    private JsonRequestBody() {
    }

    /**
     * @throws BodyTooLargeException   over the limit
     * @throws InvalidRequestException when the body is not exactly one well-formed UTF-8 JSON object, or ended
     *                                 early
     */
    public static JsonObject read(InputStream body, long declaredLength, long limit) {
        try {
            return StrictJson.parseObject(BoundedBody.read(body, declaredLength, limit));
        } catch (StrictJson.MalformedJsonException e) {
            throw new InvalidRequestException("", e.getMessage());
        } catch (IOException e) {
            throw new InvalidRequestException("", "the request body ended early");
        }
    }
}
