package io.eragate.netty.server;

import io.eragate.core.frontdoor.HeaderView;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import java.util.Iterator;
import java.util.List;
import java.util.Map.Entry;
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

    /** Walks the fields in place: {@link HttpHeaders#names()} copies every name into a new set of strings. */
    @Override
    public boolean hasNameStartingWith(String prefix) {
        Iterator<Entry<CharSequence, CharSequence>> fields = headers.iteratorCharSequence();
        while (fields.hasNext()) {
            if (AsciiString.regionMatches(fields.next().getKey(), true, 0, prefix, 0, prefix.length())) {
                return true;
            }
        }
        return false;
    }
}
