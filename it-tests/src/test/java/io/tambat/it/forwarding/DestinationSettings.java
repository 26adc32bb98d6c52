package io.tambat.it.forwarding;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** One destination's settings as the environment variables a deployer sets. */
record DestinationSettings(String id, Map<String, String> environment) {

    /** A destination of this kind, plus property/value pairs ({@code "URL", "http://..."}). */
    static DestinationSettings of(String id, String kind, String... properties) {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put(prefix(id) + "KIND", kind);
        for (int i = 0; i < properties.length; i += 2) {
            environment.put(prefix(id) + properties[i], properties[i + 1]);
        }
        return new DestinationSettings(id, environment);
    }

    /** An HTTP destination signing with these secrets ({@code v1:whsec_...,...}), plus property/value pairs. */
    static DestinationSettings http(String id, String url, String secrets, String... properties) {
        String[] all = new String[properties.length + 4];
        all[0] = "URL";
        all[1] = url;
        all[2] = "SECRETS";
        all[3] = secrets;
        System.arraycopy(properties, 0, all, 4, properties.length);
        return of(id, "http", all);
    }

    /** The destinations' settings together, with the list of their ids. */
    static Map<String, String> together(DestinationSettings... each) {
        Map<String, String> environment = new LinkedHashMap<>();
        for (DestinationSettings destination : each) {
            environment.putAll(destination.environment());
        }
        environment.put("TAMBAT_FORWARDING_DESTINATIONS",
                String.join(",", Arrays.stream(each).map(DestinationSettings::id).toList()));
        return environment;
    }

    private static String prefix(String id) {
        return "TAMBAT_FORWARDING_DESTINATION_" + id.toUpperCase(Locale.ROOT).replace('-', '_') + "_";
    }
}
