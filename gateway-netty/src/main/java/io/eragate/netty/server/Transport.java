package io.eragate.netty.server;

import io.eragate.core.config.TransportSetting;
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
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringDatagramChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The I/O transport ({@code listen.transport}): io_uring or epoll on Linux when their native library loads and the
 * kernel allows them (fewer system calls and copies per request than NIO), Java NIO everywhere else. A transport that
 * was asked for but cannot run here falls back to the next one, io_uring → epoll → NIO, with a warning naming why.
 * {@code -Deragate.transport=nio} still forces NIO, whatever the file says.
 *
 * @param name "io_uring", "epoll" or "nio", for the start-up log
 * @param ioHandlers the event loops' I/O handler factory
 * @param serverChannel the listening socket type
 * @param socketChannel the connection socket type
 * @param datagramChannel the UDP socket type (DNS)
 */
record Transport(String name, IoHandlerFactory ioHandlers, Class<? extends ServerChannel> serverChannel,
        Class<? extends SocketChannel> socketChannel, Class<? extends DatagramChannel> datagramChannel) {

    private static final Logger log = LoggerFactory.getLogger(Transport.class);

    /** The transport {@code setting} asks for, or the next one that runs here. */
    static Transport select(TransportSetting setting) {
        Objects.requireNonNull(setting, "setting");
        if ("nio".equals(System.getProperty("eragate.transport"))) {
            return nio();
        }
        if (setting == TransportSetting.IO_URING) {
            if (IoUring.isAvailable()) {
                return new Transport("io_uring", IoUringIoHandler.newFactory(), IoUringServerSocketChannel.class,
                        IoUringSocketChannel.class, IoUringDatagramChannel.class);
            }
            log.warn("listen.transport io-uring is not available here ({}); falling back",
                    IoUring.unavailabilityCause().toString());
        }
        if (setting != TransportSetting.NIO) {
            if (Epoll.isAvailable()) {
                return new Transport("epoll", EpollIoHandler.newFactory(), EpollServerSocketChannel.class,
                        EpollSocketChannel.class, EpollDatagramChannel.class);
            }
            if (setting != TransportSetting.AUTO) {
                log.warn("listen.transport {} is not available here ({}); using nio", setting,
                        Epoll.unavailabilityCause().toString());
            }
        }
        return nio();
    }

    private static Transport nio() {
        return new Transport("nio", NioIoHandler.newFactory(), NioServerSocketChannel.class, NioSocketChannel.class,
                NioDatagramChannel.class);
    }
}
