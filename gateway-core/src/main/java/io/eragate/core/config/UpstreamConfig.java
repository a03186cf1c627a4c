package io.eragate.core.config;

import java.net.URI;
import java.util.Objects;

/**
 * An MCP server behind the gateway.
 *
 * @param name the name routes refer to; unique, matching {@code [A-Za-z0-9._-]{1,64}}
 * @param url  the server's MCP endpoint, an absolute {@code http} or {@code https} URL without credentials
 * @param era  whether to probe the server's era or pin it (default {@link EraSetting#AUTO})
 */
public record UpstreamConfig(String name, URI url, EraSetting era) {

    public UpstreamConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(era, "era");
    }
}
