package io.tambat.it.support;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.lang.JoseException;

/** RS256 tokens signed with the test key pair whose public half the test servers trust. */
public final class OperatorTokens {

    public static final String ISSUER = "https://issuer.tambat.test";

    private OperatorTokens() {
    }

    public static String withGroups(String... groups) {
        return sign(claims(groups));
    }

    /** An API client's token: any group, and the tenant it acts for. */
    public static String forTenant(String tenantId) {
        JwtClaims claims = claims("customer");
        claims.setClaim("tenant_id", tenantId);
        return sign(claims);
    }

    private static JwtClaims claims(String... groups) {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(ISSUER);
        claims.setSubject("it-operator");
        claims.setClaim("upn", "it-operator");
        claims.setJwtId(UUID.randomUUID().toString());
        claims.setIssuedAtToNow();
        claims.setExpirationTimeMinutesInTheFuture(10);
        claims.setStringListClaim("groups", List.of(groups));
        return claims;
    }

    private static String sign(JwtClaims claims) {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setKey(privateKey());
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        try {
            return jws.getCompactSerialization();
        } catch (JoseException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String operator() {
        return withGroups("operator");
    }

    /** An operator token issued for one audience ({@code aud}). */
    public static String operatorFor(String audience) {
        JwtClaims claims = claims("operator");
        claims.setAudience(audience);
        return sign(claims);
    }

    private static PrivateKey privateKey() {
        try (InputStream pem = OperatorTokens.class.getResourceAsStream("/jwt-test-private.pem")) {
            String base64 = new String(pem.readAllBytes(), StandardCharsets.US_ASCII)
                    .replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
            return KeyFactory.getInstance("RSA")
                    .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("test signing key unreadable", e);
        }
    }
}
