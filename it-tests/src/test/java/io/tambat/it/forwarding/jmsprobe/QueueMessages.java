package io.tambat.it.forwarding.jmsprobe;

import jakarta.annotation.Resource;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Base64;
import java.util.Collections;

/** Takes the messages waiting on the queue: each with its string properties, delivery mode and body. */
@Path("messages")
public class QueueMessages {

    public static final String CONNECTION_FACTORY = "jms/tambat";
    public static final String QUEUE = "jms/shopEvents";

    @Resource(lookup = CONNECTION_FACTORY)
    ConnectionFactory factory;

    @Resource(lookup = QUEUE)
    Queue queue;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public String take(@QueryParam("waitMillis") long waitMillis) throws JMSException {
        JsonArrayBuilder messages = Json.createArrayBuilder();
        try (JMSContext context = factory.createContext(); JMSConsumer consumer = context.createConsumer(queue)) {
            Message message = consumer.receive(Math.max(1, waitMillis));
            while (message != null) {
                messages.add(json(message));
                message = consumer.receiveNoWait();
            }
        }
        return messages.build().toString();
    }

    private static JsonObjectBuilder json(Message message) throws JMSException {
        JsonObjectBuilder properties = Json.createObjectBuilder();
        for (Object name : Collections.list(message.getPropertyNames())) {
            if (message.getObjectProperty((String) name) instanceof String value) {
                properties.add((String) name, value);
            }
        }
        BytesMessage bytes = (BytesMessage) message;
        byte[] body = new byte[(int) bytes.getBodyLength()];
        bytes.readBytes(body);
        return Json.createObjectBuilder()
                .add("properties", properties)
                .add("persistent", message.getJMSDeliveryMode() == jakarta.jms.DeliveryMode.PERSISTENT)
                .add("body", Base64.getEncoder().encodeToString(body));
    }
}
