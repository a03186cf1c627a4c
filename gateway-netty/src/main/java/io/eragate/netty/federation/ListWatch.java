package io.eragate.netty.federation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.listen.LegReopening;
import io.eragate.core.listen.ReopenBackoff;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import io.eragate.core.route.Route;
import io.eragate.core.route.UpstreamAnswer;
import io.eragate.core.telemetry.TraceContext;
import io.eragate.netty.telemetry.UpstreamSpan;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.util.concurrent.EventExecutor;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gateway's own {@code subscriptions/listen} on every upstream of a federated route, held while the route has
 * merged pages cached, so that an upstream's {@code list_changed} drops them even when no client listens. One leg per
 * upstream, through the internal endpoint like a client's; an upstream that refuses to listen (a stdio process, a
 * server without list notifications) is not asked again while the watch lives. A leg that is lost drops the route's
 * pages (changes may go unseen until it is back) and is reopened with the {@link ReopenBackoff} of
 * {@code subscriptions.reopen*}; once it is back, the pages are dropped again. All its work runs on one event loop.
 */
final class ListWatch implements ListenLeg.Owner {
    private static final Logger log = LoggerFactory.getLogger(ListWatch.class);
    private static final JsonRpcId WATCH_ID = JsonRpcId.of("eragate-list-watch");

    private final Route route;
    private final Federation federation;
    private final UpstreamChannelPool pool;
    private final EventExecutor loop;
    private final ForwardedRequest listen;
    private final Map<String, ListenLeg> legs = new HashMap<>();
    private final LegReopener reopener;
    private boolean closed;

    private ListWatch(Route route, Federation federation, UpstreamChannelPool pool, ForwardedRequest listen) {
        this.route = route;
        this.federation = federation;
        this.pool = pool;
        this.loop = pool.eventLoop();
        this.listen = listen;
        this.reopener = new LegReopener(federation.reopenBackoff(), loop);
    }

    /**
     * Starts watching {@code route} as {@code client}'s principal (whose request filled the cache), on {@code pool}'s
     * event loop.
     */
    static ListWatch start(Route route, Federation federation, UpstreamChannelPool pool, ForwardedRequest client) {
        ListWatch watch = new ListWatch(route, federation, pool, listenRequest(client));
        watch.loop.execute(() -> {
            if (!watch.closed) {
                log.debug("Federated route {}: watching the lists of {}", route.path(), route.upstreams());
                route.upstreams().forEach(watch::openLeg);
            }
        });
        return watch;
    }

    /** Stops watching: every leg closes, no attempt is made any more. Any thread. */
    void close() {
        loop.execute(() -> {
            if (closed) {
                return;
            }
            closed = true;
            reopener.cancelAll();
            legs.values().forEach(ListenLeg::close);
            legs.clear();
        });
    }

    private void openLeg(String upstream) {
        ListenLeg leg = new ListenLeg(upstream, this);
        legs.put(upstream, leg);
        leg.open(pool, federation.internal(), listen, route.fanOutTimeout(), UpstreamSpan.NONE);
    }

    @Override
    public void legAcknowledged(ListenLeg leg) {
        onLoop(() -> {
            Optional<LegReopening> back = reopener.of(leg.upstream());
            if (!closed && legs.get(leg.upstream()) == leg && back.isPresent()) {
                back.get().acknowledged();
                federation.invalidate(route.path());
                log.info("Federated route {}: watching upstream {} again", route.path(), leg.upstream());
            }
        });
    }

    @Override
    public void legNotification(ListenLeg leg, JsonRpcNotification notification) {
        onLoop(() -> {
            if (!closed) {
                int dropped = federation.listChanged(route.path(), notification.method());
                log.debug("{} from upstream {} dropped {} merged page(s) of route {}", notification.method(),
                        leg.upstream(), dropped, route.path());
            }
        });
    }

    @Override
    public void legEnded(ListenLeg leg, UpstreamAnswer.Reason why) {
        onLoop(() -> {
            if (closed || legs.get(leg.upstream()) != leg) {
                return;
            }
            legs.remove(leg.upstream());
            if (why == null) {
                return; // the graceful final result: the gateway is shutting down
            }
            if (leg.ack() == null && reopener.of(leg.upstream()).isEmpty()) {
                if (why == UpstreamAnswer.Reason.REFUSED) {
                    log.debug("Federated route {}: upstream {} does not listen; its lists expire after the cache's "
                            + "time to live", route.path(), leg.upstream());
                    return;
                }
            } else if (leg.ack() != null) {
                // Changes may go unseen until the leg is back: nothing merged from before can be trusted.
                federation.invalidate(route.path());
                log.warn("Federated route {}: lost the watch of upstream {} ({})", route.path(), leg.upstream(),
                        why.wireName());
            }
            scheduleReopen(leg.upstream());
        });
    }

    private void scheduleReopen(String upstream) {
        reopener.lost(upstream, () -> {
            if (!closed) {
                openLeg(upstream);
            }
        }, attempts -> log.warn("Federated route {}: gave up watching upstream {} after {} attempts; its lists expire "
                + "after the cache's time to live", route.path(), upstream, attempts));
    }

    private void onLoop(Runnable step) {
        if (loop.inEventLoop()) {
            step.run();
        } else {
            loop.execute(step);
        }
    }

    /** The watch's listen: every list kind, with the envelope of the client whose request filled the cache. */
    private static ForwardedRequest listenRequest(ForwardedRequest client) {
        ValidatedRequest request = client.request();
        ObjectNode params = JsonRpcCodec.mapper().createObjectNode();
        params.putObject("notifications").put("toolsListChanged", true).put("promptsListChanged", true)
                .put("resourcesListChanged", true);
        if (request.params() != null && request.params().get(MetaKeys.META) instanceof ObjectNode meta) {
            ObjectNode envelope = meta.deepCopy();
            // The watch outlives the request: it is no part of that request's trace.
            envelope.remove(TraceContext.TRACEPARENT);
            envelope.remove(TraceContext.TRACESTATE);
            params.set(MetaKeys.META, envelope);
        }
        JsonRpcRequest message = new JsonRpcRequest(WATCH_ID, Methods.SUBSCRIPTIONS_LISTEN, params);
        ValidatedRequest validated = new ValidatedRequest(message, JsonRpcCodec.encode(message),
                request.protocolVersion(), Methods.SUBSCRIPTIONS_LISTEN, null, WATCH_ID);
        return new ForwardedRequest(validated, new DefaultHttpHeaders(false), null, client.clientHost(), true, true,
                client.principal());
    }
}
