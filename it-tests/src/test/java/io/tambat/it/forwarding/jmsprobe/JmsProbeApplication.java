package io.tambat.it.forwarding.jmsprobe;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

@ApplicationPath("/")
public class JmsProbeApplication extends Application {
}
