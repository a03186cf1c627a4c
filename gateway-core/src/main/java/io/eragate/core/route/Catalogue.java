package io.eragate.core.route;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a federated route's merged lists say about ownership: each exposed tool and prompt name, and each resource
 * URI, with the upstream that owns it. Immutable; a new merge makes a new one.
 *
 * @param tools exposed tool name to owner
 * @param prompts exposed prompt name to owner
 * @param resources resource URI to owner (URIs are not rewritten, so the owned name is the URI itself)
 */
public record Catalogue(Map<String, Owned> tools, Map<String, Owned> prompts, Map<String, Owned> resources) {

    /** A catalogue that knows nothing yet. */
    public static final Catalogue EMPTY = new Catalogue(Map.of(), Map.of(), Map.of());

    public Catalogue {
        tools = Map.copyOf(tools);
        prompts = Map.copyOf(prompts);
        resources = Map.copyOf(resources);
    }

    /** The owner of {@code name} of {@code kind}, if this catalogue knows it. */
    public Optional<Owned> ownerOf(NameKind kind, String name) {
        Objects.requireNonNull(kind, "kind");
        if (name == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(switch (kind) {
            case TOOL -> tools.get(name);
            case PROMPT -> prompts.get(name);
            case RESOURCE -> resources.get(name);
            case NONE -> null;
        });
    }

    /** This catalogue with the ownership {@code other} adds (what this one already knows wins). */
    public Catalogue plus(Catalogue other) {
        return new Catalogue(union(tools, other.tools), union(prompts, other.prompts),
                union(resources, other.resources));
    }

    private static Map<String, Owned> union(Map<String, Owned> first, Map<String, Owned> second) {
        Map<String, Owned> all = new LinkedHashMap<>(second);
        all.putAll(first);
        return all;
    }
}
