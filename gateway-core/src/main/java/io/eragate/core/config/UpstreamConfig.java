package io.eragate.core.config;

import static io.eragate.core.config.ConfigUnits.MIB;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An MCP server behind the gateway: an HTTP endpoint ({@code url}) or a local program that speaks MCP on its stdin
 * and stdout ({@code command}), exactly one of the two. The process settings ({@code env} to {@code requestTimeout})
 * apply to command upstreams only.
 *
 * @param name               the name routes refer to; unique, matching {@code [A-Za-z0-9._-]{1,64}}
 * @param url                the server's MCP endpoint, an absolute {@code http} or {@code https} URL without
 *                           credentials; {@code null} for a command upstream
 * @param command            the program and its arguments; empty for a URL upstream
 * @param env                variables added to the process's environment (default none)
 * @param cwd                the process's working directory; {@code ""} for the gateway's own (default "")
 * @param instances          how many processes serve the upstream (default 1, 1..64)
 * @param restart            what happens when a process exits on its own (default {@link RestartPolicy#ALWAYS})
 * @param era                whether to probe the server's era or pin it (default {@link EraSetting#AUTO})
 * @param maxLineBytes       longest JSON-RPC line the process may write (default 4MiB, 1KiB..256MiB)
 * @param maxPendingRequests requests one process carries at once (default 256, 1..100000)
 * @param requestTimeout     time a request may take on a process (default 60s, 1ms..24h)
 * @param headers            headers sent on every request to an HTTP upstream, such as
 *                           {@code Authorization: "Bearer ${env:CRM_TOKEN}"}; values may refer to secrets with
 *                           {@code ${env:NAME}} and {@code ${file:/path}}, resolved at start-up (default none)
 * @param oauth              OAuth client credentials the gateway uses towards an HTTP upstream, or null (default)
 */
public record UpstreamConfig(String name, URI url, List<String> command, Map<String, String> env, String cwd,
        int instances, RestartPolicy restart, EraSetting era, long maxLineBytes, int maxPendingRequests,
        Duration requestTimeout, Map<String, String> headers, UpstreamOAuthConfig oauth) {

    static final String NO_CWD = "";
    static final int DEFAULT_INSTANCES = 1;
    static final long DEFAULT_MAX_LINE_BYTES = 4 * MIB;
    static final int DEFAULT_MAX_PENDING_REQUESTS = 256;
    static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(60);

    public UpstreamConfig {
        Objects.requireNonNull(name, "name");
        command = List.copyOf(command);
        env = Map.copyOf(env);
        Objects.requireNonNull(cwd, "cwd");
        Objects.requireNonNull(restart, "restart");
        Objects.requireNonNull(era, "era");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        headers = Map.copyOf(headers);
        if ((url == null) == command.isEmpty()) {
            throw new IllegalArgumentException("upstream " + name + " needs exactly one of url and command");
        }
    }

    /** An upstream without credentials of its own. */
    public UpstreamConfig(String name, URI url, List<String> command, Map<String, String> env, String cwd,
            int instances, RestartPolicy restart, EraSetting era, long maxLineBytes, int maxPendingRequests,
            Duration requestTimeout) {
        this(name, url, command, env, cwd, instances, restart, era, maxLineBytes, maxPendingRequests, requestTimeout,
                Map.of(), null);
    }

    /** This upstream with headers and OAuth client credentials of its own. */
    public UpstreamConfig withCredentials(Map<String, String> newHeaders, UpstreamOAuthConfig newOauth) {
        return new UpstreamConfig(name, url, command, env, cwd, instances, restart, era, maxLineBytes,
                maxPendingRequests, requestTimeout, newHeaders, newOauth);
    }

    /** Header values and environment values may be secrets: only their names are shown. */
    @Override
    public String toString() {
        return "UpstreamConfig[name=" + name + ", url=" + url + ", command=" + command + ", env=" + env.keySet()
                + ", cwd=" + cwd + ", instances=" + instances + ", restart=" + restart + ", era=" + era
                + ", maxLineBytes=" + maxLineBytes + ", maxPendingRequests=" + maxPendingRequests
                + ", requestTimeout=" + requestTimeout + ", headers=" + headers.keySet() + ", oauth=" + oauth + "]";
    }

    /** An HTTP upstream; the process settings keep their defaults. */
    public UpstreamConfig(String name, URI url, EraSetting era) {
        this(name, Objects.requireNonNull(url, "url"), List.of(), Map.of(), NO_CWD, DEFAULT_INSTANCES,
                RestartPolicy.ALWAYS, era, DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_PENDING_REQUESTS,
                DEFAULT_REQUEST_TIMEOUT);
    }

    /** A stdio upstream running {@code command} with every other process setting at its default. */
    public static UpstreamConfig stdio(String name, List<String> command, EraSetting era) {
        return new UpstreamConfig(name, null, command, Map.of(), NO_CWD, DEFAULT_INSTANCES, RestartPolicy.ALWAYS, era,
                DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_PENDING_REQUESTS, DEFAULT_REQUEST_TIMEOUT);
    }

    /** Whether this upstream is a local process spoken to over stdio (it has a {@code command}). */
    public boolean isStdio() {
        return !command.isEmpty();
    }

    /** This upstream with other process environment variables. */
    public UpstreamConfig withEnv(Map<String, String> newEnv) {
        return new UpstreamConfig(name, url, command, newEnv, cwd, instances, restart, era, maxLineBytes,
                maxPendingRequests, requestTimeout, headers, oauth);
    }

    /** This upstream with another working directory ({@code ""} for the gateway's own). */
    public UpstreamConfig withCwd(String newCwd) {
        return new UpstreamConfig(name, url, command, env, newCwd, instances, restart, era, maxLineBytes,
                maxPendingRequests, requestTimeout, headers, oauth);
    }

    /** This upstream with other process settings. */
    public UpstreamConfig withProcess(int newInstances, RestartPolicy newRestart, long newMaxLineBytes,
            int newMaxPendingRequests, Duration newRequestTimeout) {
        return new UpstreamConfig(name, url, command, env, cwd, newInstances, newRestart, era, newMaxLineBytes,
                newMaxPendingRequests, newRequestTimeout, headers, oauth);
    }
}
