package io.eragate.bench.load;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The nginx configuration of the {@link Scenario#NGINX} hop: a plain {@code proxy_pass} on loopback to a keepalive
 * upstream, tuned the way one would tune a throughput proxy (no access log, connections kept for the whole run),
 * with every file it writes inside the run's own directory.
 */
final class NginxConfig {
    /** Idle keep-alive connections nginx keeps to the upstream per worker; above the harness's concurrency. */
    static final int UPSTREAM_KEEPALIVE = 64;

    private NginxConfig() {
    }

    /** The text of {@code nginx.conf}. */
    static String render(Path directory, int listenPort, int upstreamPort) {
        Objects.requireNonNull(directory, "directory");
        String dir = directory.toAbsolutePath().toString();
        return """
                daemon off;
                master_process on;
                worker_processes auto;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log warn;

                events {
                    worker_connections 4096;
                }

                http {
                    access_log off;
                    client_body_temp_path %1$s/client_body;
                    proxy_temp_path %1$s/proxy;
                    keepalive_timeout 300s;
                    keepalive_requests 10000000;

                    upstream fixture {
                        server 127.0.0.1:%3$d;
                        keepalive %4$d;
                        keepalive_requests 10000000;
                        keepalive_timeout 300s;
                    }

                    server {
                        listen 127.0.0.1:%2$d;
                        location / {
                            proxy_pass http://fixture;
                            proxy_http_version 1.1;
                            proxy_set_header Connection "";
                        }
                    }
                }
                """.formatted(dir, listenPort, upstreamPort, UPSTREAM_KEEPALIVE);
    }
}
