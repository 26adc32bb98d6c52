package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.JsonProviders;
import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.application.port.in.CountDeliveriesUseCase;
import io.tambat.domain.model.webhook.DeliveryCount;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * {@code GET /admin/deliveries?minutes=&provider=}: webhook deliveries per minute by outcome over the last
 * {@code minutes} (the current minute, still counting, last), summed over every instance and provider, or one
 * provider's. Every minute of the window is listed, a quiet one with no outcomes.
 */
@Path("/admin/deliveries")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
public class DeliveriesResource {

    private static final int DEFAULT_MINUTES = 60;
    private static final int MAX_MINUTES = (int) CountDeliveriesUseCase.KEPT.toMinutes();

    @Inject
    CountDeliveriesUseCase deliveries;

    @Inject
    Clock clock;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response perMinute(@QueryParam("minutes") @Parameter(schema = @Schema(type = SchemaType.INTEGER,
                    minimum = "1", maximum = "1440", defaultValue = "60")) String minutes,
            @QueryParam("provider") String provider) {
        int window = AdminRequests.limit("minutes", minutes, DEFAULT_MINUTES, MAX_MINUTES);
        Optional<String> only = AdminRequests.filter("provider", provider);
        Instant last = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        Instant first = last.minus(Duration.ofMinutes(window - 1L));
        Map<Instant, Map<String, Long>> byMinute = new TreeMap<>();
        for (Instant minute = first; !minute.isAfter(last); minute = minute.plus(Duration.ofMinutes(1))) {
            byMinute.put(minute, new TreeMap<>());
        }
        Map<String, Long> totals = new TreeMap<>();
        for (DeliveryCount count : deliveries.recent(Duration.ofMinutes(window - 1L))) {
            Map<String, Long> outcomes = byMinute.get(count.minute());
            if (outcomes != null && only.map(count.provider()::equals).orElse(true)) {
                outcomes.merge(count.outcome(), count.deliveries(), Long::sum);
                totals.merge(count.outcome(), count.deliveries(), Long::sum);
            }
        }
        JsonArrayBuilder rows = JsonProviders.PROVIDER.createArrayBuilder();
        byMinute.forEach((minute, outcomes) -> rows.add(JsonProviders.PROVIDER.createObjectBuilder()
                .add("minute", minute.toString()).add("outcomes", numbers(outcomes))));
        return Response.ok(JsonProviders.PROVIDER.createObjectBuilder()
                .add("from", first.toString())
                .add("to", last.plus(Duration.ofMinutes(1)).toString())
                .add("totals", numbers(totals))
                .add("minutes", rows)
                .build().toString(), MediaType.APPLICATION_JSON_TYPE).build();
    }

    private static JsonObjectBuilder numbers(Map<String, Long> counts) {
        JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder();
        counts.forEach(json::add);
        return json;
    }
}
