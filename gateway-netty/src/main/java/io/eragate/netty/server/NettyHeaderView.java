package io.eragate.netty.server;

import io.eragate.core.frontdoor.HeaderView;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import java.util.Set;

/** Shows Netty's request headers to the core ladder without copying them. */
final class NettyHeaderView implements HeaderView {
    private final HttpHeaders headers;

    NettyHeaderView(HttpHeaders headers) {
        this.headers = headers;
    }

    @Override
    public List<String> all(String name) {
        return headers.getAll(name);
    }

    @Override
    public Set<String> names() {
        return headers.names();
    }
}
