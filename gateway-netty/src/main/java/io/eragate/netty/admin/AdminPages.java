package io.eragate.netty.admin;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/** JSON pages served on the admin port besides health and readiness, such as {@code /admin/eras}. */
public final class AdminPages {
    private final Map<String, Supplier<String>> pages = new ConcurrentHashMap<>();

    /** Serves the JSON that {@code renderer} produces at {@code path}. */
    public void register(String path, Supplier<String> renderer) {
        pages.put(Objects.requireNonNull(path, "path"), Objects.requireNonNull(renderer, "renderer"));
    }

    /** The page at {@code path}, or {@code null} when there is none. */
    String render(String path) {
        Supplier<String> renderer = pages.get(path);
        return renderer == null ? null : renderer.get();
    }
}
