package io.eragate.netty.upstream;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.util.concurrent.EventExecutor;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * One {@link UpstreamChannelPool} per event loop of the server's worker group, created up front so that a lookup
 * never blocks or allocates on the hot path.
 */
public final class UpstreamPools {
    private final Map<EventLoop, UpstreamChannelPool> pools;

    /**
     * Creates the pools.
     *
     * @param workers the event loops that serve clients; upstream connections live on the same loops
     * @param channelType the socket channel class matching the loops' transport
     * @param settings the pool bounds
     * @param maxHeaderBytes the largest upstream response header block accepted
     */
    public UpstreamPools(EventLoopGroup workers, Class<? extends Channel> channelType, UpstreamPoolSettings settings,
            int maxHeaderBytes) {
        Bootstrap bootstrap = new Bootstrap()
                .channel(channelType)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast("http", new HttpClientCodec(8192, maxHeaderBytes, 65536));
                        ch.pipeline().addLast("response", new UpstreamResponseHandler());
                    }
                });
        Map<EventLoop, UpstreamChannelPool> byLoop = new IdentityHashMap<>();
        for (EventExecutor executor : workers) {
            EventLoop loop = (EventLoop) executor;
            byLoop.put(loop, new UpstreamChannelPool(loop, bootstrap, settings));
        }
        this.pools = Map.copyOf(byLoop);
    }

    /**
     * The pool of the calling thread's event loop, or of any loop when the caller is not on one (for work started
     * by timers or caches).
     */
    public UpstreamChannelPool current() {
        UpstreamChannelPool any = null;
        for (UpstreamChannelPool pool : pools.values()) {
            if (pool.eventLoop().inEventLoop()) {
                return pool;
            }
            any = pool;
        }
        return any;
    }

    /** The pool of {@code loop}, which must be one of the worker loops. */
    public UpstreamChannelPool forLoop(EventLoop loop) {
        UpstreamChannelPool pool = pools.get(loop);
        if (pool == null) {
            throw new IllegalStateException("no upstream pool for event loop " + loop);
        }
        return pool;
    }
}
