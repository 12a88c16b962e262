package io.loadlab.target.metrics;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;

/** Reads single samples out of the Prometheus text at /q/metrics, as a scraper would. */
public final class Scrape {

    private final String text;

    private Scrape(String text) {
        this.text = text;
    }

    public static Scrape now() {
        return new Scrape(given().when().get("/q/metrics").then().statusCode(200).extract().asString());
    }

    public String text() {
        return text;
    }

    /**
     * The sum of the samples of {@code name} whose labels contain every {@code label="value"} given: one request
     * series per protocol and scheme, so a count over all of them is their sum.
     */
    public double value(String name, String... labels) {
        Matcher m = Pattern.compile("^" + Pattern.quote(name) + "\\{([^}]*)} (\\S+)$", Pattern.MULTILINE).matcher(text);
        double sum = 0;
        while (m.find()) {
            String found = m.group(1);
            boolean all = true;
            for (String label : labels) {
                all &= found.contains(label);
            }
            if (all) {
                sum += Double.parseDouble(m.group(2));
            }
        }
        return sum;
    }
}
