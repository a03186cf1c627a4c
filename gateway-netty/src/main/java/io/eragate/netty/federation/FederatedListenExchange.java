package io.eragate.netty.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.listen.ListenMessages;
import io.eragate.core.listen.ReopenBackoff;
import io.eragate.core.listen.SubscriptionFilter;
import io.eragate.core.mcp.Methods;
import io.eragate.core.route.ListenMerge;
import io.eragate.core.route.Route;
import io.eragate.core.route.RoutingRejections;
import io.eragate.core.route.UpstreamAnswer;
import io.eragate.core.sse.SseEncoder;
import io.eragate.netty.client.ClientStream;
import io.eragate.netty.telemetry.UpstreamSpan;
import io.eragate.netty.upstream.ClientExchange;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.opentelemetry.context.Context;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@code subscriptions/listen} on a federated route: one listen per upstream (each served, through the internal
 * endpoint, by the exchange a plain route to that upstream would use), one stream to the client. The client's
 * acknowledgement waits until every leg has acknowledged or is left out (refused, unreachable, or silent past the
 * route's {@code fanOutTimeout}), and names those left out; notifications from any leg follow, tagged with the
 * client's subscription id and their upstream (see {@link ListenMerge}). A {@code list_changed} from any leg also
 * drops the route's merged lists of that kind at once. A leg that ends later is reported on the stream and in the
 * log, never fatal; only when no leg is left does the client's stream end (with the graceful final result when the
 * legs ended gracefully, as on shutdown, else with an error for its id). A leg lost after it acknowledged is reopened
 * with the {@link ReopenBackoff} of {@code subscriptions.reopen*}; once the new leg acknowledges, the client gets one
 * {@code list_changed} per kind it carries, tagged with its upstream (its names are back, and may have changed).
 *
 * <p>Threading: legs run on the client's event loop (the pool is that loop's); anything arriving elsewhere hops.
 */
public final class FederatedListenExchange implements ClientExchange, ListenLeg.Owner {
    private static final Logger log = LoggerFactory.getLogger(FederatedListenExchange.class);
    private static final byte[] KEEP_ALIVE = SseEncoder.comment("keep-alive");

    private final ChannelHandlerContext client;
    private final ForwardedRequest forwarded;
    private final JsonRpcId subscriptionId;
    private final Route route;
    private final Federation federation;
    private final UpstreamChannelPool pool;
    private final Duration keepAliveInterval;
    private final int maxResourceSubscriptions;
    private final Runnable done;
    private final ClientStream stream;
    /** The request's trace, current again whenever the stream's work hops back to the client's loop. */
    private final Context trace = Context.current();
    private final Map<String, ListenLeg> legs = new LinkedHashMap<>();
    private final List<UpstreamAnswer.Unavailable> leftOut = new ArrayList<>();
    private final List<JsonRpcNotification> early = new ArrayList<>();
    /** The reopening of legs lost after they acknowledged. */
    private final LegReopener reopener;
    private ScheduledFuture<?> ackDeadline;
    private ScheduledFuture<?> keepAlive;
    private boolean acknowledged;
    private boolean endedGracefully;
    private boolean finished;

    /**
     * An exchange answering the listen {@code forwarded} on {@code route}; {@code done} runs once it has ended.
     *
     * @param keepAliveInterval how often an idle client stream gets a keep-alive comment
     * @param maxResourceSubscriptions the most URIs the client's filter may name
     */
    public FederatedListenExchange(ChannelHandlerContext client, ForwardedRequest forwarded, Route route,
            Federation federation, UpstreamChannelPool pool, Duration keepAliveInterval,
            int maxResourceSubscriptions, Runnable done) {
        this.client = client;
        this.forwarded = forwarded;
        this.subscriptionId = forwarded.request().id();
        this.route = route;
        this.federation = federation;
        this.reopener = new LegReopener(federation.reopenBackoff(), client.executor());
        this.pool = pool;
        this.keepAliveInterval = keepAliveInterval;
        this.maxResourceSubscriptions = maxResourceSubscriptions;
        this.done = done;
        this.stream = new ClientStream(client, forwarded.keepAlive());
    }

    @Override
    public void start() {
        SubscriptionFilter.Parsed parsed = SubscriptionFilter.parse(forwarded.request().params(),
                maxResourceSubscriptions);
        if (parsed instanceof SubscriptionFilter.Parsed.Invalid invalid) {
            stream.reject(Rejections.invalidParams(subscriptionId, invalid.reason()));
            end();
            return;
        }
        route.upstreams().forEach(this::openLeg);
        ackDeadline = client.executor().schedule(this::ackDeadlinePassed, route.fanOutTimeout().toNanos(),
                TimeUnit.NANOSECONDS);
    }

    private void openLeg(String upstream) {
        // Each leg is an upstream exchange of the client's request, with its own client span.
        UpstreamSpan span = UpstreamSpan.start(Methods.SUBSCRIPTIONS_LISTEN, upstream, null);
        ForwardedRequest leg = Federation.forUpstream(forwarded, Methods.SUBSCRIPTIONS_LISTEN, null,
                span.traceparent());
        legs.put(upstream, new ListenLeg(upstream, this));
        legs.get(upstream).open(pool, federation.internal(), leg, route.fanOutTimeout(), span);
    }

    @Override
    public void legAcknowledged(ListenLeg leg) {
        onLoop(() -> {
            if (finished || legs.get(leg.upstream()) != leg) {
                return;
            }
            if (!acknowledged) {
                acknowledgeIfSettled();
                return;
            }
            // A reopened leg: its upstream is back, with lists that may have changed while it was away.
            reopener.of(leg.upstream()).orElseThrow().acknowledged();
            federation.invalidate(route.path());
            log.info("Federated route {}: upstream {} is back on listen stream {}", route.path(), leg.upstream(),
                    subscriptionId);
            ListenMerge.returned(leg.ack(), subscriptionId).forEach(this::write);
        });
    }

    @Override
    public void legNotification(ListenLeg leg, JsonRpcNotification notification) {
        onLoop(() -> {
            if (finished) {
                return;
            }
            int dropped = federation.listChanged(route.path(), notification.method());
            if (dropped > 0) {
                log.debug("{} from upstream {} dropped {} merged page(s) of route {}", notification.method(),
                        leg.upstream(), dropped, route.path());
            }
            write(ListenMerge.relayed(notification, leg.upstream(), subscriptionId));
        });
    }

    @Override
    public void legEnded(ListenLeg leg, UpstreamAnswer.Reason why) {
        onLoop(() -> {
            if (finished || legs.get(leg.upstream()) != leg) {
                return;
            }
            legs.remove(leg.upstream());
            if (why == null) {
                endedGracefully = true;
            } else if (leg.ack() == null && acknowledged) {
                // A reopen attempt that failed: the client was told when the upstream was lost.
                log.debug("Federated route {}: reopening upstream {} for listen stream {} failed ({})",
                        route.path(), leg.upstream(), subscriptionId, why.wireName());
                scheduleReopen(leg.upstream());
            } else {
                UpstreamAnswer.Unavailable lost = new UpstreamAnswer.Unavailable(leg.upstream(), why);
                log.warn("Federated route {}: upstream {} left the listen stream {} ({})", route.path(),
                        leg.upstream(), subscriptionId, why.wireName());
                if (leg.ack() == null) {
                    leftOut.add(lost);
                } else {
                    // Its names are gone from the merged lists: drop them, and tell the client so.
                    federation.invalidate(route.path());
                    ListenMerge.lost(leg.ack(), lost, subscriptionId).forEach(this::write);
                    if (acknowledged) {
                        scheduleReopen(leg.upstream());
                    }
                }
            }
            if (!acknowledged) {
                acknowledgeIfSettled();
            } else if (legs.isEmpty() && reopener.nonePending()) {
                endWhenNoLegIsLeft();
            }
        });
    }

    /** Schedules the next attempt to reopen {@code upstream}'s leg, or gives it up once the attempts are spent. */
    private void scheduleReopen(String upstream) {
        reopener.lost(upstream, () -> {
            if (!finished) {
                openLeg(upstream);
            }
        }, attempts -> log.warn("Federated route {}: gave up reopening upstream {} for listen stream {} after {} "
                + "attempts", route.path(), upstream, subscriptionId, attempts));
    }

    private void ackDeadlinePassed() {
        if (finished || acknowledged) {
            return;
        }
        for (ListenLeg leg : List.copyOf(legs.values())) {
            if (leg.ack() == null) {
                legs.remove(leg.upstream());
                leftOut.add(new UpstreamAnswer.Unavailable(leg.upstream(), UpstreamAnswer.Reason.TIMEOUT));
                log.warn("Federated route {}: upstream {} did not acknowledge listen {} within {} ms", route.path(),
                        leg.upstream(), subscriptionId, route.fanOutTimeout().toMillis());
                leg.close();
            }
        }
        acknowledgeIfSettled();
    }

    private void acknowledgeIfSettled() {
        if (finished || acknowledged || legs.values().stream().anyMatch(leg -> leg.ack() == null)) {
            return;
        }
        if (ackDeadline != null) {
            ackDeadline.cancel(false);
        }
        if (legs.isEmpty()) {
            List<UpstreamAnswer> answers = new ArrayList<>(leftOut);
            stream.reject(endedGracefully && leftOut.isEmpty()
                    ? Rejections.upstreamUnreachable(subscriptionId, route.path(), "the gateway is shutting down")
                    : RoutingRejections.noUpstreamAnswered(subscriptionId, route.path(), answers));
            end();
            return;
        }
        acknowledged = true;
        List<ListenMerge.LegAck> acks = legs.values().stream().map(ListenLeg::ack).toList();
        stream.event(JsonRpcCodec.encode(ListenMerge.acknowledgement(subscriptionId, acks, leftOut)));
        early.forEach(this::write);
        early.clear();
        long interval = keepAliveInterval.toNanos();
        keepAlive = client.executor().scheduleAtFixedRate(this::keepAlive, interval, interval, TimeUnit.NANOSECONDS);
    }

    private void endWhenNoLegIsLeft() {
        if (endedGracefully) {
            stream.finish(200, JsonRpcCodec.encode(ListenMessages.finalResult(subscriptionId)));
        } else {
            stream.reject(Rejections.upstreamUnreachable(subscriptionId, route.path(),
                    "every upstream of the route ended its listen stream"));
        }
        end();
    }

    private void write(JsonRpcNotification notification) {
        if (!acknowledged) {
            early.add(notification);
        } else if (!finished) {
            stream.event(JsonRpcCodec.encode(notification));
        }
    }

    private void keepAlive() {
        if (!finished && client.channel().isWritable()) {
            client.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(KEEP_ALIVE)));
        }
    }

    private void onLoop(Runnable step) {
        if (client.executor().inEventLoop()) {
            step.run();
        } else {
            client.executor().execute(trace.wrap(step));
        }
    }

    @Override
    public void cancel() {
        end();
    }

    @Override
    public void onClientWritable() {
        // Notifications are few and small; nothing upstream waits on this client.
    }

    private void end() {
        if (finished) {
            return;
        }
        finished = true;
        early.clear();
        if (ackDeadline != null) {
            ackDeadline.cancel(false);
        }
        if (keepAlive != null) {
            keepAlive.cancel(false);
        }
        reopener.cancelAll();
        List.copyOf(legs.values()).forEach(ListenLeg::close);
        legs.clear();
        done.run();
    }

    /** Reads {@code params} of a leg's acknowledgement into what the merge needs. */
    static ListenMerge.LegAck ackOf(String upstream, JsonNode params) {
        return ListenMerge.LegAck.of(upstream, params instanceof ObjectNode object ? object
                : JsonRpcCodec.mapper().createObjectNode()).orElse(null);
    }
}
