package io.tambat.adapter.in.provider.support.crypto;

import io.tambat.adapter.in.provider.support.ingress.Rejections;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The distinct signatures one signature header offers, tagged with their version ({@code v1}, {@code v1a},
 * {@code h1}), and the bound on how many a delivery may offer.
 *
 * <p>Every candidate is checked against every trusted secret version, and an Ed25519 check is costly, so an
 * unbounded list would let anyone make one request cost as much work as they like before it is refused.
 * A sender needs several signatures only while it rotates keys or signs with two schemes at once, which
 * {@link #MAX_DISTINCT} covers with room to spare. A repeated candidate (same version, same decoded bytes)
 * is counted and kept once: checking it again could not change the outcome.
 *
 * <p>Not thread-safe: a parser fills one instance while it reads one header.
 */
public final class SignatureCandidates {

    /** The most distinct signatures one header may carry, over all the versions it carries together. */
    public static final int MAX_DISTINCT = 5;

    private final String header;
    private final Map<String, List<byte[]>> byVersion = new LinkedHashMap<>();
    private int distinct;

    /** @param header the header's name, for the rejection's detail */
    public SignatureCandidates(String header) {
        this.header = header;
    }

    /**
     * Adds a decoded signature; a repeat of one already added under the same version is ignored.
     *
     * @throws io.tambat.provider.spi.WebhookRejectedException {@code SIGNATURE_MISSING} when this is one
     *         distinct signature more than {@link #MAX_DISTINCT}; thrown at once, so the rest of the header is
     *         not read. The detail names the header and the limit, never its content
     */
    public void add(String version, byte[] signature) {
        List<byte[]> signatures = byVersion.computeIfAbsent(version, v -> new ArrayList<>());
        // Candidates are compared with each other, never with a computed signature, so this comparison
        // needs no constant time: it reveals nothing the sender did not send.
        if (signatures.stream().anyMatch(existing -> Arrays.equals(existing, signature))) {
            return;
        }
        if (++distinct > MAX_DISTINCT) {
            throw Rejections.signatureMissing(
                    header + " header carries more than " + MAX_DISTINCT + " distinct signatures");
        }
        signatures.add(signature);
    }

    /** The distinct signatures added under {@code version}, in the order they first appeared. */
    public List<byte[]> of(String version) {
        return List.copyOf(byVersion.getOrDefault(version, List.of()));
    }

    /** Whether no signature was added under any version. */
    public boolean isEmpty() {
        return distinct == 0;
    }
}
