package io.tambat.sender;

import io.tambat.sender.delivery.Attempt;
import io.tambat.sender.delivery.Body;
import io.tambat.sender.delivery.WebhookRequest;
import java.io.IOException;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * {@code tambat-send <provider> <url> --secret <secret> [options]}: signs a provider's sample event (or a given
 * body) as that provider does, delivers it once, and prints the request and the answer. What each option does is
 * in {@link SendOptions#usage()}.
 */
public final class TambatSend {

    /** How old {@code --stale} makes the signed timestamp: twice the usual five-minute tolerance. */
    static final Duration STALE_AGE = Duration.ofMinutes(10);

    private static final int SUCCESS = 0;
    private static final int NOT_ACCEPTED = 1;
    private static final int USAGE_ERROR = 2;

    private TambatSend() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, Clock.systemUTC()));
    }

    /** Runs one command line and returns its exit status. */
    static int run(String[] args, PrintStream out, PrintStream err, Clock clock) {
        if (args.length == 1 && SendOptions.HELP.contains(args[0])) {
            out.print(SendOptions.usage());
            return SUCCESS;
        }
        SendOptions options;
        Attempt attempt;
        WebhookRequest request;
        try {
            options = SendOptions.parse(args);
            // No provider writes its times more precisely than to the microsecond.
            attempt = attempt(options, clock.instant().truncatedTo(ChronoUnit.MICROS));
            request = options.delivery().request(attempt);
            if (options.tamper()) {
                Tampering.Tampered tampered = Tampering.changeOneByte(request.body());
                err.println("tambat-send: --tamper: " + tampered.change() + " after signing");
                request = request.withBody(tampered.body());
            }
        } catch (UsageException | IllegalArgumentException e) {
            // An IllegalArgumentException here is a secret or a body that the provider's format refuses.
            err.println("tambat-send: " + e.getMessage());
            err.print(SendOptions.usage());
            return USAGE_ERROR;
        }
        UnheededFlags.of(options).forEach(note -> err.println("tambat-send: " + note));
        Transcript.request(out, request, options.secret());
        out.println("logical id " + attempt.logicalId() + " (send it again with --retry-of " + attempt.logicalId()
                + ")");
        out.println();
        try {
            HttpResponse<byte[]> response = WebhookClient.send(request, options.insecure());
            Transcript.response(out, response);
            return response.statusCode() / 100 == 2 ? SUCCESS : NOT_ACCEPTED;
        } catch (IOException e) {
            err.println("tambat-send: could not deliver to " + request.url() + ": " + e);
            return NOT_ACCEPTED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("tambat-send: interrupted before " + request.url() + " answered");
            return NOT_ACCEPTED;
        }
    }

    private static Attempt attempt(SendOptions options, Instant now) throws UsageException {
        Optional<Body> givenBody = options.body().isEmpty()
                ? Optional.empty()
                : Optional.of(Body.given(read(options.body().get())));
        return new Attempt(
                options.secret(),
                options.retryOf().orElseGet(options.delivery()::newLogicalId),
                options.eventType(),
                options.stale() ? now.minus(STALE_AGE) : now,
                options.retryOf().isPresent(),
                options.target(),
                options.publicUrl().orElse(options.target()),
                givenBody);
    }

    private static byte[] read(Path body) throws UsageException {
        try {
            return Files.readAllBytes(body);
        } catch (IOException e) {
            throw new UsageException("cannot read --body " + body + ": " + e.getMessage(), e);
        }
    }
}
