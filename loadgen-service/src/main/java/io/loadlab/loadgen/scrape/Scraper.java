package io.loadlab.loadgen.scrape;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Fetches a Prometheus endpoint's text with the shared client. */
@Singleton
public class Scraper {

    private final HttpClient http;

    @Inject
    public Scraper(HttpClient http) {
        this.http = http;
    }

    /** The body of a 200 answer; an {@link IOException} naming the status otherwise, or on interrupt. */
    public String fetch(URI url, Duration timeout) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(url).timeout(timeout).header("Accept", "text/plain").GET().build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + url, e);
        }
        if (response.statusCode() != 200) {
            throw new IOException(url + " answered " + response.statusCode());
        }
        return response.body();
    }
}
