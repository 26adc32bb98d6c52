package io.tambat.it.console;

import java.net.URI;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Opens a test's browser and closes it after the test, pass or fail, so no test inherits another's session.
 * Registered as a field with {@code @RegisterExtension}.
 */
final class ConsoleBrowsers implements AfterEachCallback {

    private ConsoleBrowser open;

    /** A new browser for the server at {@code base}, closed after the test. */
    ConsoleBrowser open(URI base) {
        close();
        open = ConsoleBrowser.open(base);
        return open;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close();
    }

    private void close() {
        if (open != null) {
            open.close();
            open = null;
        }
    }
}
