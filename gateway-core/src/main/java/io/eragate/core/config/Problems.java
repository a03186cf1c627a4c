package io.eragate.core.config;

import java.util.ArrayList;
import java.util.List;

/** Collects configuration problems in the order they are found, so that one pass reports all of them. */
final class Problems {

    private final List<String> messages = new ArrayList<>();

    /** Records a problem about the key at {@code path} (an empty path means the problem has its own prefix). */
    void add(String path, String message) {
        messages.add(path.isEmpty() ? message : path + ": " + message);
    }

    int count() {
        return messages.size();
    }

    boolean isEmpty() {
        return messages.isEmpty();
    }

    List<String> list() {
        return List.copyOf(messages);
    }
}
