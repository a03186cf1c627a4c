package io.eragate.netty.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.auth.Policies;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.route.Route;
import io.eragate.core.route.RoutingRejections;
import io.eragate.netty.client.ClientResponses;
import io.eragate.netty.client.ClientStream;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.netty.channel.ChannelHandlerContext;
import io.opentelemetry.context.Context;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A federated route's answer to a list or {@code server/discover}: every upstream asked at once, the answers merged,
 * one JSON response written. A client that leaves cancels nothing upstream worth keeping (each fanned-out call ends at
 * its deadline), but gets nothing written.
 */
public final class FanOutExchange extends OneAnswerExchange {

    private final ChannelHandlerContext client;
    private final ForwardedRequest forwarded;
    private final Route route;
    private final Federation federation;
    private final UpstreamChannelPool pool;
    private CompletableFuture<Federation.Outcome> outcome;
    /** Cuts the merged list for the principal; null when authentication is off. */
    private Policies policies;

    /** An exchange answering {@code forwarded} on {@code route}; {@code done} runs once it has ended. */
    public FanOutExchange(ChannelHandlerContext client, ForwardedRequest forwarded, Route route, Federation federation,
            UpstreamChannelPool pool, Runnable done) {
        super(done);
        this.pool = pool;
        this.client = client;
        this.forwarded = forwarded;
        this.route = route;
        this.federation = federation;
    }

    @Override
    public void start() {
        outcome = federation.fanOut(pool, route, forwarded);
        Context trace = Context.current();
        outcome.whenComplete((result, failure) -> client.executor().execute(trace.wrap(() -> finish(result))));
    }

    private void finish(Federation.Outcome result) {
        if (!finishing()) {
            return;
        }
        if (client.channel().isActive()) {
            boolean keepAlive = forwarded.keepAlive();
            if (result instanceof Federation.Outcome.Result merged) {
                JsonNode shown = visible(merged.result());
                // Uncut, the merged page is sent as encoded once for every client of it.
                new ClientStream(client, keepAlive).finish(200, shown == merged.result()
                        ? JsonRpcCodec.encodeSuccess(forwarded.request().id(), merged.json())
                        : JsonRpcCodec.encode(JsonRpcResponse.success(forwarded.request().id(), shown)));
            } else if (result instanceof Federation.Outcome.BadCursor) {
                ClientResponses.writeRejection(client, RoutingRejections.badCursor(forwarded.request().id()),
                        keepAlive);
            } else {
                // No upstream answered, or (a bug) the merge failed: never leave the client without an answer.
                ClientResponses.writeRejection(client, RoutingRejections.noUpstreamAnswered(forwarded.request().id(),
                        route.path(), result instanceof Federation.Outcome.NoneAnswered none ? none.answers()
                                : List.of()), keepAlive);
            }
        }
        ended();
    }

    /**
     * Cuts the merged list by {@code newPolicies} for the request's principal, by the names the route shows (those a
     * call names); null, the default, leaves it whole (authentication off).
     */
    public FanOutExchange filteringListsBy(Policies newPolicies) {
        this.policies = newPolicies;
        return this;
    }

    private JsonNode visible(JsonNode merged) {
        return merged instanceof ObjectNode object
                ? Policies.visible(policies, forwarded.principal(), forwarded.request().method(), object) : merged;
    }
}
