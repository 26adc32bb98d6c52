package io.tambat.sender.delivery;

import static io.tambat.sender.signing.JsonText.quote;

import io.tambat.sender.signing.GitLabSigner;
import java.util.Set;

/**
 * GitLab: a {@code Push Hook} of one commit to project 15, the project the receiver records it against. The
 * logical id is {@code Idempotency-Key}; another event name keeps the push payload.
 */
final class GitLabDelivery {

    private static final String DEFAULT_EVENT = "Push Hook";

    // Signs nothing: GitLab sends its token as it is.
    static final ProviderDelivery DELIVERY = new ProviderDelivery("gitlab", Set.of(),
            LogicalIds::uuid, GitLabDelivery::sample, GitLabDelivery::signed);

    private GitLabDelivery() {
    }

    private static WebhookRequest signed(Attempt attempt, Body body) {
        return WebhookRequest.of(attempt.target(), body, GitLabSigner.headers(attempt.secret(),
                attempt.eventType().orElse(DEFAULT_EVENT), attempt.logicalId()));
    }

    private static Body sample(Attempt attempt) {
        return Body.json("""
                {
                  "object_kind": "push",
                  "event_name": "push",
                  "before": "95790bf891e76fee5e1747ab589903a6a1f80f22",
                  "after": "da1560886d4f094c3e6c9ef40349f7d38b5d27d7",
                  "ref": "refs/heads/main",
                  "checkout_sha": "da1560886d4f094c3e6c9ef40349f7d38b5d27d7",
                  "user_id": 4,
                  "user_name": "John Smith",
                  "user_username": "jsmith",
                  "project_id": 15,
                  "project": {
                    "id": 15,
                    "name": "Diaspora",
                    "path_with_namespace": "mike/diaspora",
                    "default_branch": "main",
                    "web_url": "https://gitlab.example.com/mike/diaspora"
                  },
                  "commits": [
                    {
                      "id": "da1560886d4f094c3e6c9ef40349f7d38b5d27d7",
                      "message": "Retry failed deliveries with backoff",
                      "timestamp": %s,
                      "author": {
                        "name": "John Smith",
                        "email": "jsmith@example.com"
                      }
                    }
                  ],
                  "total_commits_count": 1
                }""".formatted(quote(attempt.isoSeconds())));
    }
}
