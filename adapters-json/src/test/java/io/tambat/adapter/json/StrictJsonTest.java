package io.tambat.adapter.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class StrictJsonTest {

    private static final String NOT_AN_OBJECT = "body is not a JSON object";
    private static final String REPEATED_NAME = "body repeats a member name within one object";
    private static final String NOT_WELL_FORMED = "body is not a well-formed UTF-8 JSON document";

    /** JSON written with single quotes, for legibility. */
    private static byte[] json(String text) {
        return text.replace('\'', '"').getBytes(StandardCharsets.UTF_8);
    }

    private static JsonObject pruned(byte[] body, String... pointers) {
        return StrictJson.parseObject(body, JsonPointers.of(pointers));
    }

    private static JsonObject whole(byte[] body) {
        return StrictJson.parseObject(body);
    }

    @Test
    void keepsOnlyTheMembersOnTheWayToEachPointer() {
        byte[] body = json("{'installation':{'id':7,'account':{'login':'octo'}},'repository':{'id':9,'name':'r'},"
                + "'sender':{'id':1},'commits':[{'id':'c1'}],'ref':'main'}");
        assertThat(pruned(body, "/installation/id", "/repository/id"))
                .isEqualTo(whole(json("{'installation':{'id':7},'repository':{'id':9}}")));
    }

    @Test
    void keepsWholeTheValueAPointerNames() {
        byte[] body = json("{'data':{'object':{'id':'ch_1','refunds':{'data':[{'id':'re_1'}]}},'previous':{}},"
                + "'type':'charge.refunded'}");
        assertThat(pruned(body, "/data/object"))
                .isEqualTo(whole(json("{'data':{'object':{'id':'ch_1','refunds':{'data':[{'id':'re_1'}]}}}}")));
    }

    @Test
    void keepsTheElementsNamedByIndexWithNullBeforeThem() {
        byte[] body = json("{'refunds':[{'id':'re_1','amount':1},{'id':'re_2'},{'id':'re_3'}]}");
        assertThat(pruned(body, "/refunds/1/id"))
                .isEqualTo(whole(json("{'refunds':[null,{'id':'re_2'}]}")));
    }

    @Test
    void keepsAnArrayWholeWhenAPointerNamesAnElementOtherThanByPlainIndex() {
        byte[] body = json("{'list':[{'id':'a'},{'id':'b'}],'other':1}");
        for (String pointer : new String[] {"/list/01/id", "/list/-", "/list/id"}) {
            assertThat(pruned(body, pointer)).isEqualTo(whole(json("{'list':[{'id':'a'},{'id':'b'}]}")));
        }
    }

    @Test
    void keepsTheWholeObjectForTheEmptyPointer() {
        byte[] body = json("{'a':{'b':[1,2.50,{'c':null}]},'d':true}");
        assertThat(pruned(body, "", "/a/b")).isEqualTo(whole(body));
    }

    @Test
    void leavesOutWhatAWantedPointerDoesNotFind() {
        byte[] body = json("{'sender':{'id':1,'login':'octocat'},'zen':'Keep it logically awesome.'}");
        assertThat(pruned(body, "/installation/id", "/sender/id"))
                .isEqualTo(whole(json("{'sender':{'id':1}}")));
    }

    @Test
    void keepsAsItIsAValueThatIsNoObjectOnTheWayToAPointer() {
        byte[] body = json("{'installation':'none','repository':null,'sender':{'id':1}}");
        assertThat(pruned(body, "/installation/id", "/repository/id"))
                .isEqualTo(whole(json("{'installation':'none','repository':null}")));
    }

    @Test
    void readsMembersNamedWithEscapedPointers() {
        byte[] body = json("{'data':{'acme/id':'dsp_77','state~v2':'open','acme':{'id':'no'}}}");
        assertThat(pruned(body, "/data/acme~1id", "/data/state~0v2"))
                .isEqualTo(whole(json("{'data':{'acme/id':'dsp_77','state~v2':'open'}}")));
    }

    static Stream<Arguments> malformedBodies() {
        String deep = "[".repeat(1001) + "]".repeat(1001);
        return Stream.of(
                Arguments.of(json("{'id':1,'skipped':{'a':[{'b':{'c':1,'c':2}}]}}"), REPEATED_NAME),
                Arguments.of(json("{'skipped':1,'skipped':2,'id':1}"), REPEATED_NAME),
                Arguments.of(json("{'id':{'x':1,'x':2}}"), REPEATED_NAME),
                // Parsson refuses content after the root value itself, before StrictJson can.
                Arguments.of(json("{'id':1} {}"), NOT_WELL_FORMED),
                Arguments.of(json("{'id':1}x"), NOT_WELL_FORMED),
                Arguments.of(json("[{'id':1}]"), NOT_AN_OBJECT),
                Arguments.of(json("'id'"), NOT_AN_OBJECT),
                Arguments.of(new byte[] {'{', '"', 's', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'},
                        NOT_WELL_FORMED),
                Arguments.of(json("{'id':1,'skipped':1e2147483648}"), NOT_WELL_FORMED),
                Arguments.of(json("{'id':1,'skipped':[1" + "0".repeat(1200) + "]}"), NOT_WELL_FORMED),
                Arguments.of(json("{'id':1,'skipped':" + deep + "}"), NOT_WELL_FORMED),
                Arguments.of(json("{'id':1,'skipped':[1,]}"), NOT_WELL_FORMED),
                Arguments.of(json("{'id':1,'skipped':'\\x'}"), NOT_WELL_FORMED));
    }

    @ParameterizedTest
    @MethodSource("malformedBodies")
    void refusesWhatTheWholeParseRefusesWhereverItIs(byte[] body, String message) {
        assertThatThrownBy(() -> whole(body)).hasMessage(message);
        assertThatThrownBy(() -> pruned(body, "/id")).hasMessage(message);
    }

    @Test
    void acceptsInSkippedValuesTheNumbersTheWholeParseAccepts() {
        byte[] body = json("{'id':1,'skipped':[-0.0e-5,9223372036854775808,1" + "0".repeat(1000) + ",1E+308]}");
        assertThat(whole(body)).containsKey("skipped");
        assertThat(pruned(body, "/id")).isEqualTo(whole(json("{'id':1}")));
    }
}
