package io.tambat.it.console;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's chromium, headless, in a fresh profile, driven through Debian's chromium-driver. Both are named by
 * path, so Selenium Manager (which would download a driver or a browser) never runs, and the browser is started
 * with its background networking off: the test talks to the local server and nothing else. Skipped where the
 * driver is not installed, unless {@code TAMBAT_REQUIRE_BROWSER} is set, as CI sets it.
 */
final class ConsoleBrowser implements AutoCloseable {

    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Duration WAIT = Duration.ofSeconds(30);
    /** A laptop's screen. */
    private static final String WINDOW = "--window-size=1280,860";

    private final URI base;
    private final Path profile;
    private final ChromeDriver driver;
    private final WebDriverWait wait;

    private ConsoleBrowser(URI base, Path profile, ChromeDriver driver) {
        this.base = base;
        this.profile = profile;
        this.driver = driver;
        this.wait = new WebDriverWait(driver, WAIT);
    }

    /** A browser for the server at {@code base}. */
    static ConsoleBrowser open(URI base) {
        if (System.getenv("TAMBAT_REQUIRE_BROWSER") == null) {
            assumeThat(Files.isExecutable(CHROMEDRIVER) && Files.isExecutable(CHROMIUM))
                    .as("Debian's chromium and chromium-driver are installed (apt-get install chromium "
                            + "chromium-driver); set TAMBAT_REQUIRE_BROWSER to fail instead of skipping")
                    .isTrue();
        }
        Path work = Path.of(System.getProperty("tambat.it.work", "target/it-work"));
        try {
            Files.createDirectories(work);
            Path profile = Files.createTempDirectory(work, "chromium-profile-");
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(CHROMEDRIVER.toFile())
                    .usingAnyFreePort()
                    .withLogFile(work.resolve("chromedriver.log").toFile())
                    .build();
            ChromeOptions options = new ChromeOptions();
            options.setBinary(CHROMIUM.toFile());
            options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                    "--user-data-dir=" + profile.toAbsolutePath(), WINDOW);
            return new ConsoleBrowser(base, profile, new ChromeDriver(service, options));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Loads the console at a route ({@code ""} for its start, {@code "#/failures"}), as a typed address would. */
    ConsoleBrowser load(String route) {
        driver.get(base.resolve("console/" + route).toString());
        return this;
    }

    /** Pastes the token into the sign-in form and submits it from the keyboard (Enter in the field). */
    ConsoleBrowser submitToken(String token) {
        load("");
        visible(By.id("token")).sendKeys(token + Keys.ENTER);
        return this;
    }

    /** Presses a key where the focus is. */
    void press(Keys key) {
        driver.switchTo().activeElement().sendKeys(key);
    }

    /** The id of the element that has the focus. */
    String focused() {
        return driver.switchTo().activeElement().getDomAttribute("id");
    }

    /** Signs in with an operator's token and waits for the navigation. */
    ConsoleBrowser signIn(String token) {
        submitToken(token);
        visible(By.id("nav"));
        return this;
    }

    /** Follows a link or a navigation entry by its text, and waits for the view's heading. */
    ConsoleBrowser follow(String linkText, String heading) {
        visible(By.linkText(linkText)).click();
        headingIs(heading);
        return this;
    }

    ConsoleBrowser headingIs(String heading) {
        wait.until(ExpectedConditions.textToBe(By.cssSelector("#view h1"), heading));
        return this;
    }

    WebElement visible(By locator) {
        return wait.until(ExpectedConditions.visibilityOfElementLocated(locator));
    }

    void waitForText(By locator, String text) {
        wait.until(ExpectedConditions.textToBePresentInElementLocated(locator, text));
    }

    void waitUntilGone(By locator) {
        wait.until(ExpectedConditions.invisibilityOfElementLocated(locator));
    }

    String text(By locator) {
        return visible(locator).getText();
    }

    /** How many of the elements found are shown: a control the page hides is in the document but not displayed. */
    long displayed(By locator) {
        return driver.findElements(locator).stream().filter(WebElement::isDisplayed).count();
    }

    List<String> texts(By locator) {
        return driver.findElements(locator).stream().map(WebElement::getText).toList();
    }

    /** The value shown beside a label of a field list ({@code <dt>label</dt><dd>value</dd>}). */
    String field(String label) {
        return text(By.xpath("//dl[@class='fields']/dt[.='" + label + "']/following-sibling::dd[1]"));
    }

    /** Clears a form field and types into it. */
    void type(By locator, String text) {
        WebElement field = visible(locator);
        field.clear();
        field.sendKeys(text);
    }

    void click(By locator) {
        wait.until(ExpectedConditions.elementToBeClickable(locator)).click();
    }

    /** The document as the browser holds it now, scripts' work included (not the file the server sent). */
    String document() {
        return (String) script("return document.documentElement.outerHTML");
    }

    String currentUrl() {
        return driver.getCurrentUrl();
    }

    Object script(String source) {
        return ((JavascriptExecutor) driver).executeScript(source);
    }

    /** Scrolls until the element's bottom edge is at the window's, so the screenshot shows it and what is above. */
    void scrollToBottomOf(By locator) {
        ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'end'})", visible(locator));
    }

    /** Every key and value of the page's sessionStorage and localStorage, as one string. */
    String storage() {
        return (String) script("const all = {session: {}, local: {}};"
                + "for (let i = 0; i < sessionStorage.length; i++) {"
                + "  all.session[sessionStorage.key(i)] = sessionStorage.getItem(sessionStorage.key(i)); }"
                + "for (let i = 0; i < localStorage.length; i++) {"
                + "  all.local[localStorage.key(i)] = localStorage.getItem(localStorage.key(i)); }"
                + "return JSON.stringify(all);");
    }

    /** Saves what the browser shows as {@code <name>.png} under target/console-screenshots. */
    Path screenshot(String name) {
        Path directory = Path.of(System.getProperty("tambat.it.screenshots", "target/console-screenshots"));
        try {
            Files.createDirectories(directory);
            Path file = directory.resolve(name + ".png");
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
