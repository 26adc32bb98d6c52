package io.tambat.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CrossInstanceDeliveriesTest {

    private static final URI FIRST = URI.create("http://127.0.0.1:9001/");
    private static final URI SECOND = URI.create("http://127.0.0.1:9002/");

    @Test
    void sendsEveryTenthNewDeliveryToTheOtherInstanceAsItsNextRequest() {
        CrossInstanceDeliveries deliveries = new CrossInstanceDeliveries(FIRST, SECOND);
        List<LoadRequest> toFirst = new ArrayList<>();
        for (int i = 0; i < 2 * CrossInstanceDeliveries.ALSO_TO_THE_OTHER_EVERY; i++) {
            toFirst.add(deliveries.first().requests().get());
        }

        LoadRequest copy = deliveries.second().requests().get();
        LoadRequest secondCopy = deliveries.second().requests().get();
        LoadRequest fresh = deliveries.second().requests().get();

        assertSameDelivery(copy, toFirst.get(CrossInstanceDeliveries.ALSO_TO_THE_OTHER_EVERY - 1));
        assertSameDelivery(secondCopy, toFirst.get(2 * CrossInstanceDeliveries.ALSO_TO_THE_OTHER_EVERY - 1));
        assertThat(fresh.uri()).isEqualTo(SignedDeliveries.endpoint(SECOND));
        assertThat(toFirst).extracting(request -> deliveryId(request))
                .doesNotContain(deliveryId(fresh)).doesNotHaveDuplicates();
    }

    private static void assertSameDelivery(LoadRequest copy, LoadRequest original) {
        assertThat(original.uri()).isEqualTo(SignedDeliveries.endpoint(FIRST));
        assertThat(copy.uri()).isEqualTo(SignedDeliveries.endpoint(SECOND));
        assertThat(copy.headers()).isEqualTo(original.headers());
        assertThat(copy.body()).isSameAs(original.body());
    }

    private static String deliveryId(LoadRequest request) {
        return request.header("X-GitHub-Delivery").orElseThrow();
    }
}
