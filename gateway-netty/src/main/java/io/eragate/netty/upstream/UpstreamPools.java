package io.eragate.netty.upstream;

import io.eragate.core.health.UpstreamHealthBook;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.resolver.dns.DnsAddressResolverGroup;
import io.netty.resolver.dns.DnsNameResolverBuilder;
import io.netty.util.concurrent.EventExecutor;
import java.time.Clock;
import java.util.IdentityHashMap;
import java.util.Map;
import javax.net.ssl.SSLException;

/**
 * One {@link UpstreamChannelPool} per event loop of the server's worker group, created up front so that a lookup
 * never blocks or allocates on the hot path.
 */
public final class UpstreamPools {
    private final Map<EventLoop, UpstreamChannelPool> pools;
    private final DnsAddressResolverGroup resolver;
    private final UpstreamHealthBook health;

    /**
     * Creates the pools.
     *
     * @param workers the event loops that serve clients; upstream connections live on the same loops
     * @param channelType the socket channel class matching the loops' transport
     * @param settings the pool bounds
     * @param maxHeaderBytes the largest upstream response header block accepted
     */
    public UpstreamPools(EventLoopGroup workers, Class<? extends Channel> channelType,
            Class<? extends DatagramChannel> datagramType, UpstreamPoolSettings settings, int maxHeaderBytes) {
        this(workers, channelType, datagramType, settings, maxHeaderBytes, new UpstreamHealthBook(Clock.systemUTC()));
    }

    /** Creates the pools, which tell {@code health} whether each connection attempt succeeded. */
    public UpstreamPools(EventLoopGroup workers, Class<? extends Channel> channelType,
            Class<? extends DatagramChannel> datagramType, UpstreamPoolSettings settings, int maxHeaderBytes,
            UpstreamHealthBook health) {
        this.health = health;
        // Host names are resolved asynchronously: the JDK resolver would block the event loop.
        this.resolver = new DnsAddressResolverGroup(new DnsNameResolverBuilder()
                .datagramChannelType(datagramType)
                .socketChannelType(socketType(channelType)));
        Bootstrap bootstrap = new Bootstrap()
                .channel(channelType)
                .resolver(resolver)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true);
        SslContext tls = clientTls();
        Map<EventLoop, UpstreamChannelPool> byLoop = new IdentityHashMap<>();
        for (EventExecutor executor : workers) {
            EventLoop loop = (EventLoop) executor;
            byLoop.put(loop, new UpstreamChannelPool(loop, bootstrap, settings,
                    target -> new UpstreamChannelInitializer(target, tls, maxHeaderBytes), health));
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

    private static SslContext clientTls() {
        try {
            return SslContextBuilder.forClient().build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot set up TLS for https upstreams: " + e.getMessage(), e);
        }
    }

    /** Which upstreams accept connections, as every connection attempt of these pools reports it. */
    public UpstreamHealthBook health() {
        return health;
    }

    /**
     * Closes every loop's pool ({@link UpstreamChannelPool#close()}) on its own loop, without waiting: called while the
     * loops still run, each runs the close before it stops.
     */
    public void closeConnections() {
        for (UpstreamChannelPool pool : pools.values()) {
            pool.eventLoop().execute(pool::close);
        }
    }

    /** Stops the resolvers; called once the event loops are shut down. */
    public void close() {
        resolver.close();
    }

    @SuppressWarnings("unchecked")
    private static Class<? extends SocketChannel> socketType(Class<? extends Channel> channelType) {
        return SocketChannel.class.isAssignableFrom(channelType) ? (Class<? extends SocketChannel>) channelType
                : NioSocketChannel.class;
    }

    /** Open upstream connections of all loops, busy and idle; safe to read from any thread (for metrics). */
    public int openConnections() {
        return pools.values().stream().mapToInt(UpstreamChannelPool::openConnections).sum();
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
