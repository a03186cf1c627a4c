package io.eragate.netty.admin;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The migration dashboard: one self-contained HTML page (its script and styles inline, nothing fetched from
 * elsewhere) that refreshes itself from the admin JSON endpoints {@code /readyz}, {@code /admin/upstreams},
 * {@code /admin/routes}, {@code /admin/traffic} and {@code /admin/reload}.
 */
final class DashboardPage {
    private static final String RESOURCE = "dashboard.html";
    /** Inline script and styles only; requests go back to the admin port and nowhere else. */
    private static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'unsafe-inline'; "
            + "style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; "
            + "frame-ancestors 'none'";
    private static final byte[] PAGE = load();

    private DashboardPage() {
    }

    /** The page as a response of its own (the caller sets the length and writes it). */
    static FullHttpResponse response() {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                Unpooled.wrappedBuffer(PAGE));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/html; charset=utf-8");
        response.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
        response.headers().set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.headers().set("X-Content-Type-Options", "nosniff");
        return response;
    }

    private static byte[] load() {
        try (InputStream in = DashboardPage.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the dashboard page " + RESOURCE + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the dashboard page", e);
        }
    }
}
