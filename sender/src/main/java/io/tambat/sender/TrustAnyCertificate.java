package io.tambat.sender;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * {@code --insecure}: trusts any certificate for any host name, as a receiver running locally with a self-signed
 * certificate needs. An extended trust manager, because the JDK checks the host name inside the trust manager
 * and would wrap a plain one in a wrapper that still checks it.
 */
final class TrustAnyCertificate extends X509ExtendedTrustManager {

    private TrustAnyCertificate() {
    }

    static SSLContext sslContext() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new TrustAnyCertificate()}, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("TLS is not available", e);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {
        // Trusted: that is the point of --insecure.
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        // Trusted, host name included.
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        // Trusted, host name included.
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {
        throw new UnsupportedOperationException("tambat-send is never a TLS server");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
        throw new UnsupportedOperationException("tambat-send is never a TLS server");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        throw new UnsupportedOperationException("tambat-send is never a TLS server");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
    }
}
