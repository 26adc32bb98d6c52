package io.tambat.sender;

import io.tambat.sender.delivery.Signed;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The flags that cannot change what the receiver decides, because the provider signs nothing they touch. Said out
 * loud, so that an accepted {@code --stale} delivery to GitHub is not mistaken for a receiver ignoring timestamps.
 */
final class UnheededFlags {

    private UnheededFlags() {
    }

    static List<String> of(SendOptions options) {
        Set<Signed> signs = options.delivery().signs();
        String provider = options.delivery().provider();
        List<String> notes = new ArrayList<>();
        if (options.stale() && !signs.contains(Signed.ATTEMPT_TIME)) {
            notes.add(provider + " signs no timestamp: --stale changes nothing");
        }
        if (options.publicUrl().isPresent() && !signs.contains(Signed.URL)) {
            notes.add(provider + " signs no URL: --public-url changes nothing");
        }
        if (options.tamper() && !signs.contains(Signed.BODY)) {
            notes.add(provider + "'s signature does not cover every byte of the body: the change may go unnoticed");
        }
        return notes;
    }
}
