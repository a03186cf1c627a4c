package io.eragate.netty.bridge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** A JDK HTTP/1.1 client that posts {@link ModernRequest}s to one gateway endpoint. */
final class ModernClient {
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();
    private final URI endpoint;

    ModernClient(URI endpoint) {
        this.endpoint = endpoint;
    }

    ModernAnswer send(ModernRequest request) {
        try {
            return sendAsync(request).join();
        } catch (java.util.concurrent.CompletionException e) {
            throw new AssertionError("Request failed: " + request.bodyText(), e.getCause());
        }
    }

    CompletableFuture<ModernAnswer> sendAsync(ModernRequest request) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint)
                .timeout(TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofString(request.bodyText()));
        request.headers().forEach(builder::header);
        return http.sendAsync(builder.build(), HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> new ModernAnswer(response.statusCode(),
                        response.headers().firstValue("content-type").orElse(""), response.body()));
    }

    /** A GET of {@code uri} (admin pages), answered as text. */
    String get(URI uri) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError("GET " + uri + " answered " + response.statusCode() + ": "
                        + response.body());
            }
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("Interrupted", e);
        }
    }
}
