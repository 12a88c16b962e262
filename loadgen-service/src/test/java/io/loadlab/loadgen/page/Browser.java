package io.loadlab.loadgen.page;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;

/**
 * Debian's Chromium, headless, driven by Debian's chromedriver: nothing is downloaded (the driver and the browser are
 * given by path, so Selenium Manager has nothing to find), and Chromium's own calls home are off. Reads back the
 * browser's console and its network log (Chrome's performance log: CDP {@code Network.requestWillBeSent}).
 */
final class Browser implements AutoCloseable {

    static final String CHROMIUM = "/usr/bin/chromium";
    static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    private static final ObjectMapper JSON = new ObjectMapper();

    final ChromeDriver driver;
    private final Path profile;

    private Browser(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    static Browser start() throws IOException {
        for (String tool : List.of(CHROMIUM, CHROMEDRIVER)) {
            if (!Files.isExecutable(Path.of(tool))) {
                throw new IllegalStateException("missing tool: " + tool + " (apt-get install chromium chromium-driver; .ci/setup does)");
            }
        }
        // Belt and braces: Selenium Manager runs only when the driver or browser is not given; offline if it ever does.
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER);
        System.setProperty("SE_OFFLINE", "true");
        Path profile = Files.createTempDirectory("pages-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1800", "--user-data-dir=" + profile,
                // no call home: background networking, component/variations/safe-browsing updates, sync, metrics, DNS prefetch
                "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
                "--disable-sync", "--disable-extensions", "--disable-domain-reliability", "--disable-breakpad",
                "--disable-client-side-phishing-detection", "--metrics-recording-only", "--no-first-run",
                "--no-default-browser-check", "--no-pings", "--safebrowsing-disable-auto-update",
                "--disable-features=OptimizationHints,MediaRouter,Translate,AutofillServerCommunication,NetworkPrediction,InterestFeedContentSuggestions",
                "--dns-prefetch-disable");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        logs.enable(LogType.PERFORMANCE, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        return new Browser(new ChromeDriver(service, options), profile);
    }

    /** The console's messages at level SEVERE (errors, failed loads) since the last call. */
    List<String> consoleErrors() {
        List<String> out = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
            if (e.getLevel().intValue() >= Level.SEVERE.intValue()) {
                out.add(e.getMessage());
            }
        }
        return out;
    }

    /** Every URL the browser asked for since the last call, from its own network log. */
    List<URI> requests() throws IOException {
        List<URI> out = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.PERFORMANCE)) {
            JsonNode message = JSON.readTree(e.getMessage()).path("message");
            if ("Network.requestWillBeSent".equals(message.path("method").asText())) {
                out.add(URI.create(message.path("params").path("request").path("url").asText()));
            }
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        try {
            driver.quit();
        } finally {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
