package io.eragate.bench.load;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import java.util.List;

/**
 * Closed loop: {@code connections} connections, each sending its next request the moment an answer arrives. A
 * connection that closes is replaced, so the concurrency stays fixed.
 */
final class ClosedLoopRun extends LoadRun {

    ClosedLoopRun(EventLoop loop, Bootstrap bootstrap, Endpoint endpoint, List<ByteBuf> requests,
            List<ByteBuf> expected, LoadProfile profile, long maxRequests, PhaseListener listener) {
        super(loop, bootstrap, endpoint, requests, expected, profile, maxRequests, listener);
    }

    @Override
    void onStart(long now) {
        for (int i = 0; i < profile.connections(); i++) {
            openConnection();
        }
    }

    @Override
    void idle(LoadConnection connection) {
        if (maySend()) {
            send(connection, System.nanoTime());
        }
    }

    @Override
    void replaceClosed() {
        openConnection();
    }

    @Override
    long onEnd() {
        return 0;
    }
}
