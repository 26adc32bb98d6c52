package io.tambat.it.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A loopback TCP proxy the test controls: it can go down (closing its listener and every open connection,
 * as a vanished database or network does) or stall (answering nothing, as a hung one does), and come back on the
 * same port. An optional hook runs when the
 * first byte comes back from the target, before that byte is forwarded: crash tests kill the server there.
 */
public final class TcpProxy implements AutoCloseable {

    private final int port;
    private final String targetHost;
    private final int targetPort;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile ServerSocket listener;
    private volatile boolean stalled;
    private volatile Runnable beforeFirstResponseByte;

    private TcpProxy(int port, String targetHost, int targetPort) {
        this.port = port;
        this.targetHost = targetHost;
        this.targetPort = targetPort;
    }

    /** A proxy on a free port, not yet listening. */
    public static TcpProxy to(String targetHost, int targetPort) {
        return new TcpProxy(FreePorts.next(), targetHost, targetPort);
    }

    public int port() {
        return port;
    }

    /** Runs once, on the first byte the target sends back on any connection; that byte is never forwarded. */
    public void beforeFirstResponseByte(Runnable hook) {
        this.beforeFirstResponseByte = hook;
    }

    public synchronized TcpProxy up() {
        stalled = false;
        if (listener != null) {
            return this;
        }
        try {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            listener = socket;
        } catch (IOException e) {
            throw new IllegalStateException("proxy cannot listen on " + port, e);
        }
        ServerSocket current = listener;
        Thread acceptor = new Thread(() -> accept(current), "proxy-accept-" + port);
        acceptor.setDaemon(true);
        acceptor.start();
        return this;
    }

    /** Stops listening and cuts every open connection. */
    public synchronized void down() {
        closeQuietly(listener);
        listener = null;
        open.forEach(TcpProxy::closeQuietly);
        open.clear();
    }

    /**
     * Cuts every open connection, then accepts new ones but never answers on them, as a database that hangs or
     * a network that drops its packets does: a client waits out its own timeouts. {@link #up()} ends it.
     */
    public synchronized void stall() {
        stalled = true;
        open.forEach(TcpProxy::closeQuietly);
        open.clear();
    }

    @Override
    public void close() {
        down();
    }

    private void accept(ServerSocket server) {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                open.add(client);
                if (stalled) {
                    continue;
                }
                Socket target = new Socket(targetHost, targetPort);
                open.add(target);
                pump(client, target, false);
                pump(target, client, true);
            } catch (IOException e) {
                // listener closed by down(), or the target refused: the client sees its connection fail
            }
        }
    }

    private void pump(Socket from, Socket to, boolean response) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            boolean first = true;
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    if (response && first && beforeFirstResponseByte != null) {
                        Runnable hook = beforeFirstResponseByte;
                        beforeFirstResponseByte = null;
                        hook.run();
                        return;
                    }
                    first = false;
                    out.write(buffer, 0, read);
                    out.flush();
                }
            } catch (IOException e) {
                // one side went away; closing both ends below tells the other
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                open.remove(from);
                open.remove(to);
            }
        }, "proxy-pump-" + port);
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            // already closed
        }
    }
}
