package io.tambat.it.ops;

import io.tambat.it.support.ExistingLibertyServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The product's Liberty configuration as the deployment files use it: the runnable jar's {@code server.xml}, the
 * application's part it includes ({@code tambat-app.xml}, which existing servers include too), and the feature set
 * a configuration enables through its includes.
 */
final class LibertyConfiguration {

    static final Path PRODUCT_CONFIG = ExistingLibertyServer.PRODUCT_CONFIG;
    static final Path SERVER_XML = PRODUCT_CONFIG.resolve("server.xml");
    static final Path APPLICATION_XML = ExistingLibertyServer.APPLICATION_XML;
    static final Path WAR_XML = ExistingLibertyServer.WAR_XML;
    static final Path JVM_OPTIONS = ExistingLibertyServer.JVM_OPTIONS;
    static final Path CONTAINERFILE = OpsDefinitions.OPS.resolve("container/Containerfile");
    static final Path GUIDE = Path.of("..", "docs", "deploying.md");

    private static final Pattern RUNTIME_VERSION = Pattern.compile("<liberty.runtime.version>([^<]+)<");

    private LibertyConfiguration() {
    }

    /** The features the product's own server enables. */
    static Set<String> productFeatures() {
        return features(SERVER_XML, PRODUCT_CONFIG::resolve);
    }

    /**
     * The features a server file enables, its includes followed: {@code resolve} turns an include's location
     * (relative to the server's configuration directory) into the file that location holds, or null.
     */
    static Set<String> features(Path file, Function<String, Path> resolve) {
        Document document = parse(file);
        Set<String> features = new TreeSet<>(texts(document, "feature"));
        for (String location : attributes(document, "include", "location")) {
            Path included = resolve.apply(configurationFile(location));
            if (included == null || !Files.isRegularFile(included)) {
                throw new AssertionError(file + " includes " + location + ", which is not there");
            }
            features.addAll(features(included, resolve));
        }
        return features;
    }

    /**
     * The file an include names, relative to the server's configuration directory: a {@code file:} URL into that
     * directory (whose query only makes the include depend on a variable) names the file in it.
     */
    static String configurationFile(String location) {
        String prefix = "file:${server.config.dir}/";
        if (!location.startsWith(prefix)) {
            return location;
        }
        int query = location.indexOf('?');
        return location.substring(prefix.length(), query < 0 ? location.length() : query);
    }

    /** The Liberty release the build unpacks and tests on. */
    static String runtimeVersion() {
        try {
            Matcher matcher = RUNTIME_VERSION.matcher(Files.readString(Path.of("..", "pom.xml")));
            if (!matcher.find()) {
                throw new AssertionError("pom.xml names no liberty.runtime.version");
            }
            return matcher.group(1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Document parse(Path file) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(file.toFile());
        } catch (Exception e) {
            throw new IllegalStateException("cannot parse " + file, e);
        }
    }

    private static List<String> texts(Document document, String tag) {
        List<String> texts = new ArrayList<>();
        NodeList nodes = document.getElementsByTagName(tag);
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent().trim());
        }
        return texts;
    }

    private static List<String> attributes(Document document, String tag, String attribute) {
        List<String> values = new ArrayList<>();
        NodeList nodes = document.getElementsByTagName(tag);
        for (int i = 0; i < nodes.getLength(); i++) {
            values.add(((Element) nodes.item(i)).getAttribute(attribute));
        }
        return values;
    }
}
