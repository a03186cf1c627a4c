package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.TlsConfig;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.NodePeers;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS on the MCP listener with a certificate made in the test (openssl): the SDK v2 client speaks to the gateway over
 * HTTPS (trusting the certificate through {@code NODE_EXTRA_CA_CERTS}), TLS 1.3 with ALPN {@code http/1.1} is
 * negotiated, and a rotated certificate is served to new connections while an open one keeps working.
 */
class TlsIT {
    private static final NodePeers PEERS = NodePeers.locate();

    @TempDir
    Path dir;

    @Test
    void theSdkClientSpeaksHttpsAndARotatedCertificateReachesNewConnectionsOnly() throws Exception {
        Path cert = dir.resolve("cert.pem");
        Path key = dir.resolve("key.pem");
        makeCertificate(dir.resolve("first"), cert, key);
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder().upstream("legacy", legacy.uri(), EraSetting.LEGACY)
                     .tls(new TlsConfig(cert.toString(), key.toString(), Duration.ofSeconds(1))).start()) {
            int port = gateway.endpoint("legacy").getPort();
            assertThat(gateway.endpoint("legacy").getScheme()).isEqualTo("https");

            NodePeers.Result result = PEERS.run(Duration.ofSeconds(60), Map.of("NODE_EXTRA_CA_CERTS", cert.toString()),
                    "modern-client.mjs", gateway.endpoint("legacy").toString(), "modern", "echo",
                    "{\"message\":\"over tls\"}");
            assertThat(result.exitCode()).as(result.stdout() + result.stderr()).isZero();
            JsonNode line = ModernRequest.parse(result.lastStdoutLine());
            assertThat(line.at("/result/content/0/text").asText()).contains("over tls");

            X509Certificate first = readCertificate(cert);
            SSLSocket open = connect(port, List.of(first));
            assertThat(open.getSession().getProtocol()).isEqualTo("TLSv1.3");
            assertThat(open.getApplicationProtocol()).isEqualTo("http/1.1");
            assertThat(((X509Certificate) open.getSession().getPeerCertificates()[0]).getSerialNumber())
                    .isEqualTo(first.getSerialNumber());

            Path next = dir.resolve("second");
            makeCertificate(next, next.resolve("cert.pem"), next.resolve("key.pem"));
            X509Certificate second = readCertificate(next.resolve("cert.pem"));
            Files.copy(next.resolve("key.pem"), key, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.copy(next.resolve("cert.pem"), cert, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

            BigInteger served = first.getSerialNumber();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!served.equals(second.getSerialNumber()) && System.nanoTime() < deadline) {
                try (SSLSocket fresh = connect(port, List.of(first, second))) {
                    served = ((X509Certificate) fresh.getSession().getPeerCertificates()[0]).getSerialNumber();
                }
                Thread.sleep(100);
            }
            assertThat(served).as("new connections get the rotated certificate").isEqualTo(second.getSerialNumber());
            assertThat(get(open, "/.well-known/unrouted")).as("the connection opened before still works")
                    .startsWith("HTTP/1.1 ");
            open.close();
        }
    }

    @Test
    void theAdminListenerSpeaksTlsWithItsOwnCertificateAndRefusesPlainHttp() throws Exception {
        Path cert = dir.resolve("admin-cert.pem");
        Path key = dir.resolve("admin-key.pem");
        makeCertificate(dir.resolve("admin"), cert, key);
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = BridgeGateway.builder().upstream("legacy", legacy.uri(), EraSetting.LEGACY)
                     .adminTls(new TlsConfig(cert.toString(), key.toString(), Duration.ofSeconds(1))).start()) {
            int port = gateway.server().adminAddress().getPort();
            X509Certificate served = readCertificate(cert);

            try (SSLSocket admin = connect(port, List.of(served))) {
                assertThat(admin.getSession().getProtocol()).isIn("TLSv1.3", "TLSv1.2");
                assertThat(((X509Certificate) admin.getSession().getPeerCertificates()[0]).getSerialNumber())
                        .isEqualTo(served.getSerialNumber());
                assertThat(get(admin, "/healthz")).isEqualTo("HTTP/1.1 200 OK");
            }
            try (Socket plain = new Socket("127.0.0.1", port)) {
                plain.setSoTimeout(10_000);
                plain.getOutputStream().write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                byte[] answer = plain.getInputStream().readNBytes(8);
                assertThat(new String(answer, StandardCharsets.US_ASCII)).as("no plain HTTP answer on the admin port")
                        .doesNotStartWith("HTTP/");
            }
            assertThat(gateway.endpoint("legacy").getScheme()).as("the MCP listener stays plain").isEqualTo("http");
        }
    }

    private static void makeCertificate(Path dir, Path cert, Path key) throws Exception {
        Files.createDirectories(dir);
        Process openssl = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes",
                "-keyout", key.toString(), "-out", cert.toString(), "-days", "1", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost")
                .redirectErrorStream(true).redirectOutput(dir.resolve("openssl.log").toFile()).start();
        assertThat(openssl.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(openssl.exitValue()).as(Files.readString(dir.resolve("openssl.log"))).isZero();
    }

    private static X509Certificate readCertificate(Path pem) throws Exception {
        try (InputStream in = Files.newInputStream(pem)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    private static SSLSocket connect(int port, List<X509Certificate> trusted) throws Exception {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        for (int i = 0; i < trusted.size(); i++) {
            store.setCertificateEntry("c" + i, trusted.get(i));
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port);
        socket.setSoTimeout(10_000);
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setApplicationProtocols(new String[] {"http/1.1"});
        socket.setSSLParameters(parameters);
        socket.startHandshake();
        return socket;
    }

    /** One HTTP/1.1 GET on an open connection; the status line of the answer. */
    private static String get(SSLSocket socket, String path) throws Exception {
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = socket.getInputStream();
        StringBuilder line = new StringBuilder();
        int next;
        while ((next = in.read()) != -1 && next != '\n') {
            line.append((char) next);
        }
        return line.toString().trim();
    }
}
