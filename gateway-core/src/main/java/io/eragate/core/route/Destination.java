package io.eragate.core.route;

import java.util.List;
import java.util.Objects;

/** Where one request goes: the answer of {@link Routing#decide}. */
public sealed interface Destination {

    /**
     * One upstream serves the request.
     *
     * @param upstream the upstream
     * @param upstreamName the name to put in the body and {@code Mcp-Name} for that upstream, when it differs from
     *     the one the client sent (a federated name un-prefixed); null to send the request as it is
     */
    record One(String upstream, String upstreamName) implements Destination {
        public One {
            Objects.requireNonNull(upstream, "upstream");
        }
    }

    /**
     * Every upstream of a federated route answers, and the gateway merges their answers (lists, discovery, listen).
     *
     * @param upstreams the upstreams, in route order
     */
    record FanOut(List<String> upstreams) implements Destination {
        public FanOut {
            upstreams = List.copyOf(upstreams);
        }
    }

    /** The name may be a shortened one that only the route's merged list can resolve: fetch it, then decide again. */
    record NeedsCatalogue() implements Destination {
    }

    /**
     * No upstream of the federated route owns the name (with a catalogue at hand that says so).
     *
     * @param kind what was looked for
     * @param name the name the client sent
     */
    record Unknown(NameKind kind, String name) implements Destination {
        public Unknown {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(name, "name");
        }
    }
}
