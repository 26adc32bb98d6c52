package io.tambat.adapter.json;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The JSON Pointers (RFC 6901) a caller will read from an object, stated once, so that
 * {@link StrictJson#parseObject(byte[], JsonPointers)} builds only what they name: an adapter reads a handful
 * of fields from a webhook body of kilobytes, and building the rest was wasted work.
 *
 * <p>Each object on the way to a pointer keeps only the members on such ways, and the value a pointer names is
 * kept whole, whatever its type (the empty pointer names the whole object). An array on the way keeps the
 * elements named by an index of at most nine digits without a leading zero, up to the highest such index, with
 * {@code null} in place of the elements before it that no pointer names. Any other reference token at an array
 * ({@code -}, {@code 01}) keeps that array whole, so that it reads the same through JSON-P's own, more lenient,
 * reading of indexes. Reading one of these pointers from the pruned object therefore gives what it gives from
 * the whole object; reading any other pointer may not.
 *
 * <p>Parsing walks this value down with the document: {@link #member} and {@link #element} are the pointers
 * that remain below a member or an element.
 */
public final class JsonPointers {

    /** The empty pointer alone: every value is kept. */
    static final JsonPointers WHOLE = new JsonPointers(true, Map.of());
    private static final JsonPointers NONE = new JsonPointers(false, Map.of());
    private static final int MAX_INDEX_DIGITS = 9;

    private final boolean whole;
    private final Map<String, JsonPointers> byToken;
    private final boolean arraysWhole;
    private final int lastElement;

    private JsonPointers(boolean whole, Map<String, JsonPointers> byToken) {
        this.whole = whole;
        this.byToken = byToken;
        this.arraysWhole = whole || byToken.keySet().stream().anyMatch(token -> index(token) < 0);
        this.lastElement = arraysWhole
                ? Integer.MAX_VALUE
                : byToken.keySet().stream().mapToInt(JsonPointers::index).max().orElse(-1);
    }

    /**
     * @throws IllegalArgumentException when there is no pointer, or one is neither empty nor starts with
     *         {@code /}
     */
    public static JsonPointers of(String... pointers) {
        return of(List.of(pointers));
    }

    /**
     * @throws IllegalArgumentException when there is no pointer, or one is neither empty nor starts with
     *         {@code /}
     */
    public static JsonPointers of(List<String> pointers) {
        if (pointers.isEmpty()) {
            throw new IllegalArgumentException("no JSON Pointer to read");
        }
        return below(pointers.stream().map(JsonPointers::referenceTokens).toList());
    }

    private static List<String> referenceTokens(String pointer) {
        if (pointer.isEmpty()) {
            return List.of();
        }
        if (!pointer.startsWith("/")) {
            throw new IllegalArgumentException("a JSON Pointer is empty or starts with /");
        }
        return Arrays.stream(pointer.substring(1).split("/", -1))
                .map(token -> token.replace("~1", "/").replace("~0", "~"))
                .toList();
    }

    /** The pointers, as reference tokens relative to one value. */
    private static JsonPointers below(List<List<String>> pointers) {
        if (pointers.isEmpty()) {
            return NONE;
        }
        if (pointers.stream().anyMatch(List::isEmpty)) {
            return WHOLE;
        }
        Map<String, List<List<String>>> byFirstToken = pointers.stream().collect(Collectors.groupingBy(
                tokens -> tokens.get(0),
                Collectors.mapping(tokens -> tokens.subList(1, tokens.size()), Collectors.toList())));
        return new JsonPointers(false, byFirstToken.entrySet().stream().collect(
                Collectors.toUnmodifiableMap(Map.Entry::getKey, entry -> below(entry.getValue()))));
    }

    /** The array index a reference token names, or -1 when it names none in RFC 6901's strict reading. */
    private static int index(String token) {
        boolean digits = !token.isEmpty() && token.length() <= MAX_INDEX_DIGITS
                && token.chars().allMatch(c -> c >= '0' && c <= '9');
        if (!digits || (token.length() > 1 && token.charAt(0) == '0')) {
            return -1;
        }
        return Integer.parseInt(token);
    }

    /** Whether no pointer reaches this value, which is then read only to be validated. */
    boolean isEmpty() {
        return this == NONE;
    }

    /** The pointers below the member {@code name} of an object. */
    JsonPointers member(String name) {
        return whole ? WHOLE : byToken.getOrDefault(name, NONE);
    }

    /** The pointers below the element at {@code index} of an array. */
    JsonPointers element(int index) {
        if (index > lastElement) {
            return NONE;
        }
        return arraysWhole ? WHOLE : byToken.getOrDefault(Integer.toString(index), NONE);
    }

    /** The index of the last element an array keeps: -1 for none, {@link Integer#MAX_VALUE} for all. */
    int lastElement() {
        return lastElement;
    }
}
