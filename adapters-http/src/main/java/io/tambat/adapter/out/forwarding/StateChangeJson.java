package io.tambat.adapter.out.forwarding;

import io.tambat.adapter.json.JsonProviders;
import io.tambat.domain.model.forwarding.StateChangeNotice;
import io.tambat.domain.port.out.forwarding.StateChangeRenderingPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObjectBuilder;
import java.nio.charset.StandardCharsets;

/**
 * The body of a state-change message, the same for every kind of destination:
 * {@code {"type":"object.state-changed","inbox_id","provider","endpoint_id","object_type","object_id","state",
 * "version","applied_at"}}, with {@code version} null when the mutation carried none and {@code applied_at} in
 * ISO-8601 UTC.
 */
@ApplicationScoped
public class StateChangeJson implements StateChangeRenderingPort {

    @Override
    public byte[] render(StateChangeNotice notice) {
        JsonObjectBuilder body = JsonProviders.PROVIDER.createObjectBuilder()
                .add("type", StateChangeNotice.TYPE)
                .add("inbox_id", notice.inboxId().toString())
                .add("provider", notice.provider())
                .add("endpoint_id", notice.endpointId())
                .add("object_type", notice.objectType())
                .add("object_id", notice.objectId())
                .add("state", notice.state());
        notice.version().ifPresentOrElse(version -> body.add("version", version), () -> body.addNull("version"));
        body.add("applied_at", notice.appliedAt().toString());
        return body.build().toString().getBytes(StandardCharsets.UTF_8);
    }
}
