package io.eragate.netty.server;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

/**
 * The I/O transport: native epoll on Linux when its library loads (fewer system calls and copies per request),
 * Java NIO everywhere else. {@code -Deragate.transport=nio} forces NIO.
 *
 * @param name "epoll" or "nio", for the start-up log
 * @param ioHandlers the event loops' I/O handler factory
 * @param serverChannel the listening socket type
 * @param socketChannel the connection socket type
 * @param datagramChannel the UDP socket type (DNS)
 */
record Transport(String name, IoHandlerFactory ioHandlers, Class<? extends ServerChannel> serverChannel,
        Class<? extends SocketChannel> socketChannel, Class<? extends DatagramChannel> datagramChannel) {

    /** The best transport available here. */
    static Transport best() {
        if (!"nio".equals(System.getProperty("eragate.transport")) && Epoll.isAvailable()) {
            return new Transport("epoll", EpollIoHandler.newFactory(), EpollServerSocketChannel.class,
                    EpollSocketChannel.class, EpollDatagramChannel.class);
        }
        return new Transport("nio", NioIoHandler.newFactory(), NioServerSocketChannel.class, NioSocketChannel.class,
                NioDatagramChannel.class);
    }
}
