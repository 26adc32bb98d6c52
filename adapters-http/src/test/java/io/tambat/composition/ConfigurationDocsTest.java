package io.tambat.composition;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * docs/configuration.md documents exactly the settings the server reads: none documented that nothing reads,
 * none read that is undocumented. Read are the keys of the catalog ({@link Setting}), in their environment form,
 * and the environment variables the Liberty configuration reads; documented are the names in the first column
 * of configuration.md's tables, and those of the configuration block in forwarding.md, where configuration.md
 * sends forwarding's settings. The test runs in the module's directory.
 */
class ConfigurationDocsTest {

    private static final Path DOCS = Path.of("../docs");
    private static final Path LIBERTY_CONFIG = Path.of("src/main/liberty/config");
    /** The sources of the modules the WAR holds, any of which could read configuration. */
    private static final List<Path> SOURCES = List.of(Path.of("src/main/java"),
            Path.of("../adapters-persistence/src/main/java"), Path.of("../adapters-providers/src/main/java"),
            Path.of("../application/src/main/java"));

    /** Documented, but read by a Liberty feature itself: neither the application nor its Liberty files read it. */
    private static final Set<String> READ_BY_A_LIBERTY_FEATURE = Set.of(
            // MicroProfile JWT checks a token's audience; StartupValidation requires only the key and the issuer.
            "MP_JWT_VERIFY_AUDIENCES");

    /** Read, and documented in the document configuration.md links to for it rather than in its tables. */
    private static final Map<String, String> DOCUMENTED_ELSEWHERE = Map.of(
            // Liberty's own variable for the console's format, which server.xml also uses; observability.md
            // explains its JSON lines.
            "WLP_LOGGING_CONSOLE_FORMAT", "observability.md");

    /** A name in a table's first cell: {@code `TAMBAT_X`}, or {@code `_Y`} short for a sibling of the name before. */
    private static final Pattern CODE = Pattern.compile("`([A-Z_][A-Z0-9_<>]*)`");
    /** A line of forwarding.md's configuration block: {@code TAMBAT_FORWARDING_DESTINATION_<ID>_KIND=...}. */
    private static final Pattern ASSIGNMENT = Pattern.compile("([A-Z][A-Z0-9_<>]*)=");
    /** {@code ${NAME}} or {@code ${env.NAME}} in Liberty's configuration, NAME in an environment variable's form. */
    private static final Pattern VARIABLE_REFERENCE = Pattern.compile("\\$\\{(?:env\\.)?([A-Z][A-Z0-9_]*)}");
    private static final Pattern ENVIRONMENT_NAME = Pattern.compile("[A-Z][A-Z0-9_]*");
    /** {@code @ConfigProperty(name = "key")}, or {@code name = CONSTANT}. */
    private static final Pattern INJECTED_KEY =
            Pattern.compile("@ConfigProperty\\s*\\(\\s*name\\s*=\\s*(?:\"([^\"]+)\"|(\\w+))");
    /** {@code config.getOptionalValue("tambat.x", ...)}: a key that bypasses the catalog. */
    private static final Pattern LITERAL_KEY_READ =
            Pattern.compile("\\.get(?:Optional|Config)?Value\\(\\s*\"((?:tambat|mp)\\.[^\"]*)\"");

    @Test
    void everySettingTheServerReadsIsDocumented() throws Exception {
        Set<String> read = readNames();
        Set<String> undocumented = new TreeSet<>(read);
        undocumented.removeAll(documentedNames(read));
        undocumented.removeAll(DOCUMENTED_ELSEWHERE.keySet());

        assertThat(undocumented)
                .as("read by the server (Setting, Liberty's configuration) but missing from the tables of "
                        + "docs/configuration.md and the configuration block of docs/forwarding.md")
                .isEmpty();
    }

    @Test
    void everyDocumentedSettingIsReadByTheServer() throws Exception {
        Set<String> read = readNames();
        Set<String> unread = new TreeSet<>(documentedNames(read));
        unread.removeAll(read);
        unread.removeAll(READ_BY_A_LIBERTY_FEATURE);

        assertThat(unread)
                .as("documented in docs/configuration.md or docs/forwarding.md but read by nothing: not in Setting, "
                        + "not in Liberty's configuration")
                .isEmpty();
    }

    @Test
    void everyExceptionToTheRuleStillHolds() throws Exception {
        Set<String> read = readNames();
        Set<String> documented = documentedNames(read);

        assertThat(READ_BY_A_LIBERTY_FEATURE).as("documented, and read by nothing of ours")
                .isSubsetOf(documented).doesNotContainAnyElementsOf(read);
        assertThat(DOCUMENTED_ELSEWHERE.keySet()).as("read, and missing from configuration.md's tables")
                .isSubsetOf(read).doesNotContainAnyElementsOf(documented);
        for (Map.Entry<String, String> elsewhere : DOCUMENTED_ELSEWHERE.entrySet()) {
            assertThat(Files.readString(DOCS.resolve(elsewhere.getValue())))
                    .as("docs/" + elsewhere.getValue()).contains(elsewhere.getKey());
        }
    }

    @Test
    void theCatalogDeclaresEachSettingOnce() {
        assertThat(Arrays.stream(Setting.values()).map(setting -> setting.environmentName()).toList())
                .as("environment variables of the catalog's keys").doesNotHaveDuplicates();
    }

    @Test
    void everyKeyTheSourcesReadIsInTheCatalog() throws IOException {
        Set<String> cataloged = Arrays.stream(Setting.values())
                .filter(setting -> !setting.environmentName().contains("<"))
                .map(setting -> setting.key())
                .collect(Collectors.toSet());
        Set<String> injected = new TreeSet<>();
        Set<String> literalReads = new TreeSet<>();
        for (Path root : SOURCES) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
                    String source = Files.readString(file);
                    injected.addAll(injectedKeys(file, source));
                    Matcher literal = LITERAL_KEY_READ.matcher(source);
                    while (literal.find()) {
                        literalReads.add(file.getFileName() + ": " + literal.group(1));
                    }
                }
            }
        }

        assertThat(injected).as("keys injected with @ConfigProperty, which Setting must list").isSubsetOf(cataloged);
        assertThat(literalReads).as("keys read from Config as literals instead of from Setting").isEmpty();
    }

    @Test
    void readsAnAbbreviatedNameAsTheSettingItCompletes() {
        Set<String> read = Set.of("TAMBAT_PROCESSING_WORKERS", "TAMBAT_PROCESSING_BATCH_SIZE",
                "TAMBAT_PROVIDERS_<PROVIDER>_API_URL", "TAMBAT_PROVIDERS_<PROVIDER>_API_KEY");

        assertThat(namesInRow("| `TAMBAT_PROCESSING_WORKERS` / `_BATCH_SIZE` | 2 / 20 | worker loops |", read))
                .containsExactly("TAMBAT_PROCESSING_WORKERS", "TAMBAT_PROCESSING_BATCH_SIZE");
        assertThat(namesInRow("| `TAMBAT_PROVIDERS_<PROVIDER>_API_URL`, `_API_KEY` | none | where |", read))
                .containsExactly("TAMBAT_PROVIDERS_<PROVIDER>_API_URL", "TAMBAT_PROVIDERS_<PROVIDER>_API_KEY");
        assertThat(namesInRow("| `TAMBAT_PROCESSING_WORKERS` / `_QUEUE_SIZE` | 2 / 20 | unknown |", read))
                .as("a sibling nothing reads, completed as the nearest sibling")
                .containsExactly("TAMBAT_PROCESSING_WORKERS", "TAMBAT_PROCESSING_QUEUE_SIZE");
    }

    /** The catalog's environment variables, and those Liberty's configuration reads. */
    private static Set<String> readNames() throws Exception {
        Set<String> names = new TreeSet<>(libertyEnvironmentNames());
        for (Setting setting : Setting.values()) {
            names.add(setting.environmentName());
        }
        return names;
    }

    private static Set<String> documentedNames(Set<String> read) throws IOException {
        Set<String> names = new TreeSet<>();
        for (String line : Files.readAllLines(DOCS.resolve("configuration.md"))) {
            if (line.startsWith("|")) {
                names.addAll(namesInRow(line, read));
            }
        }
        names.addAll(forwardingNames());
        return names;
    }

    /**
     * The names in a table row's first cell. A name written {@code _Y} after {@code TAMBAT_A_X} stands for a
     * sibling: TAMBAT_A_X with its last words replaced by Y. How many words it replaces, the row does not say
     * ({@code _BATCH_SIZE} after {@code TAMBAT_PROCESSING_WORKERS}, {@code _MAX_BACKOFF} after
     * {@code TAMBAT_PROCESSING_INITIAL_BACKOFF}): it is the sibling the server reads, or else the nearest one,
     * which the comparison then reports.
     */
    private static Set<String> namesInRow(String row, Set<String> read) {
        String firstCell = row.split("\\|", -1)[1];
        Set<String> names = new LinkedHashSet<>();
        String full = null;
        Matcher code = CODE.matcher(firstCell);
        while (code.find()) {
            String name = code.group(1);
            if (!name.startsWith("_")) {
                full = name;
                names.add(name);
            } else if (full == null) {
                names.add(name);
            } else {
                names.add(sibling(full, name, read));
            }
        }
        return names;
    }

    private static String sibling(String full, String suffix, Set<String> read) {
        List<String> words = List.of(full.split("_"));
        for (int kept = words.size() - 1; kept > 0; kept--) {
            String candidate = String.join("_", words.subList(0, kept)) + suffix;
            if (read.contains(candidate)) {
                return candidate;
            }
        }
        return String.join("_", words.subList(0, words.size() - 1)) + suffix;
    }

    /** The names assigned in the first code block of forwarding.md's "Configuration" section. */
    private static Set<String> forwardingNames() throws IOException {
        List<String> lines = Files.readAllLines(DOCS.resolve("forwarding.md"));
        int section = lines.indexOf("## Configuration");
        assertThat(section).as("docs/forwarding.md has a section ## Configuration").isNotNegative();
        int open = section + 1;
        while (open < lines.size() && !lines.get(open).startsWith("```")) {
            open++;
        }
        Set<String> names = new TreeSet<>();
        for (int line = open + 1; line < lines.size() && !lines.get(line).startsWith("```"); line++) {
            Matcher assignment = ASSIGNMENT.matcher(lines.get(line));
            if (assignment.lookingAt()) {
                names.add(assignment.group(1));
            }
        }
        assertThat(names).as("settings in the code block of forwarding.md's ## Configuration").isNotEmpty();
        return names;
    }

    /**
     * Every environment variable the XML files of Liberty's configuration read: a {@code <variable>} with a
     * {@code defaultValue} (which an environment variable of its name overrides) named like one, and every
     * {@code ${NAME}} or {@code ${env.NAME}} in an attribute or a text; comments are not read.
     */
    private static Set<String> libertyEnvironmentNames() throws Exception {
        DocumentBuilder parser = DocumentBuilderFactory.newInstance().newDocumentBuilder();
        Set<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.walk(LIBERTY_CONFIG)) {
            for (Path file : files.filter(path -> path.toString().endsWith(".xml")).toList()) {
                collectEnvironmentNames(parser.parse(file.toFile()).getDocumentElement(), names);
            }
        }
        return names;
    }

    private static void collectEnvironmentNames(Node node, Set<String> names) {
        if (node instanceof Element element) {
            if (element.getTagName().equals("variable") && element.hasAttribute("defaultValue")
                    && ENVIRONMENT_NAME.matcher(element.getAttribute("name")).matches()) {
                names.add(element.getAttribute("name"));
            }
            NamedNodeMap attributes = element.getAttributes();
            for (int index = 0; index < attributes.getLength(); index++) {
                collectReferences(attributes.item(index).getNodeValue(), names);
            }
        } else if (node.getNodeType() == Node.TEXT_NODE) {
            collectReferences(node.getNodeValue(), names);
        }
        for (Node child = node.getFirstChild(); child != null; child = child.getNextSibling()) {
            collectEnvironmentNames(child, names);
        }
    }

    private static void collectReferences(String text, Set<String> names) {
        Matcher reference = VARIABLE_REFERENCE.matcher(text);
        while (reference.find()) {
            names.add(reference.group(1));
        }
    }

    /** The keys a source injects with {@code @ConfigProperty}, given as a literal or as a constant of its own. */
    private static Set<String> injectedKeys(Path file, String source) {
        Set<String> keys = new TreeSet<>();
        Matcher injection = INJECTED_KEY.matcher(source);
        while (injection.find()) {
            if (injection.group(1) != null) {
                keys.add(injection.group(1));
            } else {
                Matcher constant = Pattern.compile("static final String " + Pattern.quote(injection.group(2))
                        + "\\s*=\\s*\"([^\"]+)\"").matcher(source);
                assertThat(constant.find()).as(file + ": the constant " + injection.group(2)).isTrue();
                keys.add(constant.group(1));
            }
        }
        return keys;
    }
}
