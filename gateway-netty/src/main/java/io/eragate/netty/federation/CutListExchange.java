package io.eragate.netty.federation;

import io.eragate.core.auth.Policies;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.route.UpstreamAnswer;
import io.eragate.netty.client.ClientStream;
import io.eragate.netty.client.ClientResponses;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.netty.channel.ChannelHandlerContext;
import java.time.Duration;
import java.util.Objects;

/**
 * A list request ({@code tools/list}, {@code prompts/list}, {@code resources/list}) to one modern HTTP upstream whose
 * answer a policy may cut for the principal: instead of passing the upstream's bytes through, the list is read whole
 * (through the gateway's internal endpoint, bounded by the body limit and the upstream response timeout) and written
 * as one JSON response without what the principal may not use. An upstream that fails or refuses the list is a 502
 * (504 on timeout) naming the upstream; its own error body is not relayed.
 */
public final class CutListExchange extends OneAnswerExchange {

    private final ChannelHandlerContext client;
    private final ForwardedRequest forwarded;
    private final String upstream;
    private final Federation federation;
    private final UpstreamChannelPool pool;
    private final Duration timeout;
    private final Policies policies;

    /**
     * An exchange answering {@code forwarded} from {@code upstream}, cut by {@code policies}; {@code done} runs once
     * it has ended.
     */
    public CutListExchange(ChannelHandlerContext client, ForwardedRequest forwarded, String upstream,
            Federation federation, UpstreamChannelPool pool, Duration timeout, Policies policies, Runnable done) {
        super(done);
        this.client = client;
        this.forwarded = forwarded;
        this.upstream = upstream;
        this.federation = federation;
        this.pool = pool;
        this.timeout = timeout;
        this.policies = Objects.requireNonNull(policies, "policies");
    }

    @Override
    public void start() {
        FanOutCall.send(pool, federation.internal(), upstream, forwarded, timeout, federation.maxAnswerBytes())
                .whenComplete((answer, failure) -> client.executor().execute(() -> finish(answer)));
    }

    private void finish(UpstreamAnswer answer) {
        if (!finishing()) {
            return;
        }
        if (client.channel().isActive()) {
            boolean keepAlive = forwarded.keepAlive();
            if (answer instanceof UpstreamAnswer.Answered answered) {
                new ClientStream(client, keepAlive).finish(200, JsonRpcCodec.encode(JsonRpcResponse.success(
                        forwarded.request().id(), Policies.visible(policies, forwarded.principal(),
                                forwarded.request().method(), answered.result()))));
            } else if (answer instanceof UpstreamAnswer.Unavailable unavailable
                    && unavailable.reason() == UpstreamAnswer.Reason.TIMEOUT) {
                ClientResponses.writeRejection(client, Rejections.upstreamTimeout(forwarded.request().id(),
                        upstream, timeout), keepAlive);
            } else {
                String why = answer instanceof UpstreamAnswer.Unavailable unavailable
                        && unavailable.reason() == UpstreamAnswer.Reason.REFUSED
                        ? "it refused the list" : "no usable answer";
                ClientResponses.writeRejection(client, Rejections.upstreamUnreachable(forwarded.request().id(),
                        upstream, why), keepAlive);
            }
        }
        ended();
    }
}
