package io.eragate.netty.upstream;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * The pipeline of one upstream connection: TLS for {@code https} upstreams (with host name verification), the HTTP
 * client codec, the gateway's own credentials for the upstream when it has any, and the handler that hands answers
 * to the exchange that owns the connection.
 */
final class UpstreamChannelInitializer extends ChannelInitializer<Channel> {
    private final UpstreamTarget target;
    private final SslContext sslContext;
    private final int maxHeaderBytes;

    UpstreamChannelInitializer(UpstreamTarget target, SslContext sslContext, int maxHeaderBytes) {
        this.target = target;
        this.sslContext = sslContext;
        this.maxHeaderBytes = maxHeaderBytes;
    }

    @Override
    protected void initChannel(Channel channel) {
        if (target.tls()) {
            SslHandler tls = sslContext.newHandler(channel.alloc(), target.host(), target.port());
            SSLEngine engine = tls.engine();
            SSLParameters parameters = engine.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            engine.setSSLParameters(parameters);
            channel.pipeline().addLast("tls", tls);
        }
        channel.pipeline().addLast("http", new HttpClientCodec(8192, maxHeaderBytes, 65536));
        if (!target.credentials().isEmpty()) {
            channel.pipeline().addLast("credentials", new UpstreamCredentialsHandler(target.credentials()));
        }
        channel.pipeline().addLast("response", new UpstreamResponseHandler());
    }
}
