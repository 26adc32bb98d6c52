package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.application.port.in.webhook.CountDeliveriesUseCase;
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
import java.util.Map;
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

    @Inject
    CountDeliveriesUseCase deliveries;

    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    @Produces(MediaType.APPLICATION_JSON)
    public Response perMinute(@QueryParam("minutes") @Parameter(schema = @Schema(type = SchemaType.INTEGER,
                    minimum = "1", maximum = "" + CountDeliveriesUseCase.MAX_MINUTES, defaultValue = "60"))
            String minutes, @QueryParam("provider") String provider) {
        CountDeliveriesUseCase.Window window = deliveries.lastMinutes(
                AdminRequests.limit("minutes", minutes, DEFAULT_MINUTES, CountDeliveriesUseCase.MAX_MINUTES),
                AdminRequests.filter("provider", provider));
        JsonArrayBuilder rows = JsonProviders.PROVIDER.createArrayBuilder();
        window.minutes().forEach(minute -> rows.add(JsonProviders.PROVIDER.createObjectBuilder()
                .add("minute", minute.minute().toString()).add("outcomes", numbers(minute.outcomes()))));
        return Response.ok(JsonProviders.PROVIDER.createObjectBuilder()
                .add("from", window.from().toString())
                .add("to", window.to().toString())
                .add("totals", numbers(window.totals()))
                .add("minutes", rows)
                .build().toString(), MediaType.APPLICATION_JSON_TYPE).build();
    }

    private static JsonObjectBuilder numbers(Map<String, Long> counts) {
        JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder();
        new TreeMap<>(counts).forEach(json::add);
        return json;
    }
}
