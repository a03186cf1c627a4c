package io.eragate.netty.admin;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/** Pages served on the admin port besides health and readiness, such as {@code /admin/eras} and {@code /metrics}. */
public final class AdminPages {
    private static final String JSON = "application/json";

    private final Map<String, Page> pages = new ConcurrentHashMap<>();

    /** Serves the JSON that {@code renderer} produces at {@code path}. */
    public void register(String path, Supplier<String> renderer) {
        register(path, JSON, renderer);
    }

    /** Serves what {@code renderer} produces at {@code path}, as {@code contentType}. */
    public void register(String path, String contentType, Supplier<String> renderer) {
        pages.put(Objects.requireNonNull(path, "path"), new Page(Objects.requireNonNull(contentType, "contentType"),
                Objects.requireNonNull(renderer, "renderer")));
    }

    /** The page at {@code path}, or {@code null} when there is none. */
    String render(String path) {
        Page page = pages.get(path);
        return page == null ? null : page.renderer().get();
    }

    /** The content type of the page at {@code path} (JSON unless registered otherwise). */
    String contentType(String path) {
        Page page = pages.get(path);
        return page == null ? JSON : page.contentType();
    }

    private record Page(String contentType, Supplier<String> renderer) {
    }
}
