package io.tambat.it.support;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Ports nobody listens on right now, so test servers and proxies never collide. */
public final class FreePorts {

    private FreePorts() {
    }

    public static int next() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
