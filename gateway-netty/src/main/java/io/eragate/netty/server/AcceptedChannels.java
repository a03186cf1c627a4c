package io.eragate.netty.server;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;

/**
 * Every connection the gateway's listeners accepted and that is still open, so that {@link #closeAll()} can close them
 * before the event loops stop.
 *
 * <p>Leaving that to the loops is not enough. A Netty 4.2 event loop closes its channels
 * ({@code IoHandler.prepareToDestroy}) only when it notices the shutdown right after its I/O step. A shutdown asked for
 * while the loop runs its tasks is noticed first by {@code confirmShutdown}, which, with the quiet period of 0 the
 * gateway uses, ends the loop at once: its channels are never closed, so their pipelines never see
 * {@code channelInactive} or {@code handlerRemoved}, and what a handler holds (the HTTP decoder's half-read request
 * head from a slow client) is never released, nor the socket closed. A close asked for before the shutdown is a task
 * already in the loop's queue, and a stopping loop runs every task queued before it stopped accepting them.
 */
final class AcceptedChannels {
    private final ChannelGroup open = new DefaultChannelGroup("accepted", GlobalEventExecutor.INSTANCE);
    private final ChannelHandler tracker = new Tracker();

    /** The handler for a listener ({@code ServerBootstrap.handler}): it sees each accepted channel before it starts. */
    ChannelHandler tracker() {
        return tracker;
    }

    /** Accepted connections open now. */
    int size() {
        return open.size();
    }

    /**
     * Asks every accepted connection to close, without waiting: each close is queued on its connection's loop, which
     * runs it (and the {@code channelInactive} it fires) before it stops, however it notices the shutdown.
     */
    void closeAll() {
        open.close();
    }

    /** Adds each accepted connection; a group drops a channel by itself once it is closed. */
    @ChannelHandler.Sharable
    private final class Tracker extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Channel child) {
                open.add(child);
            }
            ctx.fireChannelRead(msg);
        }
    }
}
