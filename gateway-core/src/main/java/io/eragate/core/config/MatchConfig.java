package io.eragate.core.config;

/**
 * Which operations a policy or rate-limit rule is about, by validated method and name, each a glob ({@code *} for any
 * run of characters).
 *
 * @param method glob over the method, or null for any (a policy must give one)
 * @param name glob over the tool, prompt or resource name, or null for any (and for requests without a name)
 */
public record MatchConfig(String method, String name) {

    /** Matches everything. */
    public static MatchConfig any() {
        return new MatchConfig(null, null);
    }
}
