package io.tambat.sender.delivery;

import static io.tambat.sender.signing.JsonText.quote;

import io.tambat.sender.signing.GitHubSigner;
import java.util.Set;

/**
 * GitHub: a {@code push} of one commit to a repository, the delivery GUID and the event name in headers. Another
 * event name keeps the push payload.
 */
final class GitHubDelivery {

    private static final String DEFAULT_EVENT = "push";

    static final ProviderDelivery DELIVERY = new ProviderDelivery("github", Set.of(Signed.BODY),
            LogicalIds::uuid, GitHubDelivery::sample, GitHubDelivery::signed);

    private GitHubDelivery() {
    }

    private static WebhookRequest signed(Attempt attempt, Body body) {
        return WebhookRequest.of(attempt.target(), body, GitHubSigner.headers(attempt.secret(),
                attempt.logicalId(), attempt.eventType().orElse(DEFAULT_EVENT), body.bytes()));
    }

    private static Body sample(Attempt attempt) {
        return Body.json("""
                {
                  "ref": "refs/heads/main",
                  "before": "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
                  "after": "59b20b8d5c6ff8d09518454d4dd8b7a30f095ab5",
                  "created": false,
                  "deleted": false,
                  "forced": false,
                  "commits": [
                    {
                      "id": "59b20b8d5c6ff8d09518454d4dd8b7a30f095ab5",
                      "message": "Retry failed deliveries with backoff",
                      "timestamp": %s,
                      "author": {
                        "name": "Monalisa Octocat",
                        "email": "octocat@github.com",
                        "username": "octocat"
                      }
                    }
                  ],
                  "repository": {
                    "id": 1296269,
                    "name": "Hello-World",
                    "full_name": "octocat/Hello-World",
                    "private": false
                  },
                  "pusher": {
                    "name": "octocat",
                    "email": "octocat@github.com"
                  },
                  "sender": {
                    "login": "octocat",
                    "id": 583231,
                    "type": "User"
                  }
                }""".formatted(quote(attempt.isoSeconds())));
    }
}
