package io.eragate.netty.server;

import io.eragate.netty.federation.InternalRequest;
import io.eragate.netty.upstream.ClientExchange;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

/**
 * The gateway's side of the in-process loopback a federated route fans out over: each {@link InternalRequest} is
 * served from its one upstream by exactly the exchange a plain route to that upstream would use, and the answer goes
 * back as HTTP objects on the local channel. One request per channel.
 */
final class InternalExchangeHandler extends ChannelInboundHandlerAdapter {

    private final Dispatcher dispatcher;
    private ClientExchange current;

    InternalExchangeHandler(GatewayContext context) {
        this.dispatcher = new Dispatcher(context);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof InternalRequest request) || current != null) {
            ReferenceCountUtil.release(msg);
            return;
        }
        dispatcher.serve(ctx, request.forwarded(), request.upstream(), new Dispatcher.Host() {
            @Override
            public void started(ClientExchange exchange) {
                current = exchange;
                exchange.start();
            }

            @Override
            public void done() {
                // The caller closes the channel once it has the answer (or gave up on it).
            }
        });
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (current != null) {
            current.cancel();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable() && current != null) {
            current.onClientWritable();
        }
        ctx.fireChannelWritabilityChanged();
    }
}
