package io.tambat.adapter.in.provider.github;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.kit.JsonMutation;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import io.tambat.provider.spi.UninterpretableEventException;
import jakarta.json.Json;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GitHubEventInterpreterTest {

    private final GitHubEventInterpreter interpreter = new GitHubEventInterpreter();

    private static StoredEvent event(String eventType, Optional<String> storedObjectId, byte[] body) {
        return new StoredEvent("github", "evt_under_test", eventType, storedObjectId, Optional.empty(), body);
    }

    /** A stored event without an object id, so that only the body can name the object. */
    private static StoredEvent fixture(String eventType) {
        return event(eventType, Optional.empty(), EventFixtures.read("github", eventType + ".json"));
    }

    private Optional<StateChange> interpret(StoredEvent event) {
        return interpreter.interpret(event, InterpretationSettings.STANDARD_DEFAULTS);
    }

    private static StateChange.Notification notification(String type, String id, String eventType) {
        return new StateChange.Notification(new ObjectKey("github", new ObjectType(type), id), eventType);
    }

    private static byte[] form(byte[] json) {
        String encoded = URLEncoder.encode(new String(json, StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        return ("payload=" + encoded).getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void interpretsGitHubEvents() {
        assertThat(interpreter.provider()).isEqualTo("github");
    }

    @Test
    void readsTheObjectFromTheBodyWhateverObjectIdWasStored() {
        StoredEvent push = event("push", Optional.of("79929171"), EventFixtures.read("github", "push.json"));
        assertThat(interpret(push)).contains(notification("repository", "1296269", "push"));
    }

    @Test
    void failsABodyThatIsNotJsonEvenWhenAnObjectIdWasStored() {
        StoredEvent event = event("push", Optional.of("6811672"), "not json".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> interpret(event)).isInstanceOf(UninterpretableEventException.class);
    }

    @Test
    void prefersTheInstallationIdOfTheBodyWhenNoTargetWasStored() {
        assertThat(interpret(fixture("installation"))).contains(notification("installation", "2311213", "installation"));
    }

    @Test
    void fallsBackToTheRepositoryThenTheOrganisationThenTheSenderEachFiledAsWhatItIs() {
        assertThat(interpret(fixture("push"))).contains(notification("repository", "1296269", "push"));
        assertThat(interpret(fixture("organization"))).contains(notification("organization", "6811672", "organization"));
        assertThat(interpret(fixture("sponsorship"))).contains(notification("user", "1250", "sponsorship"));
    }

    @Test
    void readsTheJsonOfAFormEncodedDelivery() {
        StoredEvent push = event("push", Optional.empty(), form(EventFixtures.read("github", "push.json")));
        assertThat(interpret(push)).contains(notification("repository", "1296269", "push"));
    }

    @Test
    void readsAJsonBodyThatOpensWithWhitespace() {
        byte[] body = ("\n\t " + new String(EventFixtures.read("github", "organization.json"),
                StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        assertThat(interpret(event("organization", Optional.empty(), body)))
                .contains(notification("organization", "6811672", "organization"));
    }

    @Test
    void acceptsAnIdSentAsAString() {
        byte[] body = JsonMutation.apply(EventFixtures.read("github", "sponsorship.json"),
                p -> p.replace("/sender/id", "1250"));
        assertThat(interpret(event("sponsorship", Optional.empty(), body))).contains(notification("user", "1250", "sponsorship"));
    }

    @Test
    void ignoresAnEventThatNamesNoObject() {
        assertThat(interpret(fixture("ping"))).isEmpty();
    }

    @Test
    void failsABodyThatIsNeitherJsonNorAFormWithPayload() {
        assertThatThrownBy(() -> interpret(event("push", Optional.empty(),
                "other=1&more=2".getBytes(StandardCharsets.US_ASCII))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("payload");
    }

    @Test
    void failsAFormPayloadThatIsNotJsonWithoutQuotingIt() {
        assertThatThrownBy(() -> interpret(event("push", Optional.empty(),
                "payload=private-words".getBytes(StandardCharsets.US_ASCII))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageNotContaining("private-words");
    }

    @Test
    void failsAnIdOfTheWrongTypeNamingTheField() {
        byte[] body = JsonMutation.apply(EventFixtures.read("github", "installation.json"),
                p -> p.replace("/installation/id", true));
        assertThatThrownBy(() -> interpret(event("installation", Optional.empty(), body)))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/installation/id");
    }

    @Test
    void failsAnIdThatIsAnObjectWithoutQuotingItOrFallingBackToTheSender() {
        byte[] body = JsonMutation.apply(EventFixtures.read("github", "installation.json"),
                p -> p.replace("/installation/id", Json.createObjectBuilder().add("ref", "private-words").build()));
        assertThatThrownBy(() -> interpret(event("installation", Optional.empty(), body)))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessage("/installation/id must be a string or an integer");
    }
}
