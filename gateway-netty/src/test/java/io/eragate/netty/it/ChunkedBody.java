package io.eragate.netty.it;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Decodes a chunked body as it arrives, so a test can read an SSE stream event by event. A connection that ends
 * before the last chunk is an {@link EOFException}: that is how a test tells a cut stream from a finished one.
 */
final class ChunkedBody extends InputStream {
    private final RawConnection connection;
    private long remainingInChunk;
    private boolean finished;

    ChunkedBody(RawConnection connection) {
        this.connection = connection;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (finished) {
            return -1;
        }
        if (remainingInChunk == 0) {
            String sizeLine = connection.readLine();
            if (sizeLine == null) {
                throw new EOFException("connection closed before the last chunk");
            }
            int extension = sizeLine.indexOf(';');
            remainingInChunk = Long.parseLong((extension < 0 ? sizeLine : sizeLine.substring(0, extension)).trim(), 16);
            if (remainingInChunk == 0) {
                String trailer;
                do {
                    trailer = connection.readLine();
                    if (trailer == null) {
                        throw new EOFException("connection closed in the chunked trailer");
                    }
                } while (!trailer.isEmpty());
                finished = true;
                return -1;
            }
        }
        int n = connection.input().read(buffer, offset, (int) Math.min(length, remainingInChunk));
        if (n < 0) {
            throw new EOFException("connection closed inside a chunk");
        }
        remainingInChunk -= n;
        if (remainingInChunk == 0) {
            String end = connection.readLine();
            if (end == null) {
                throw new EOFException("connection closed after a chunk");
            }
            if (!end.isEmpty()) {
                throw new IOException("chunk not followed by CRLF but <" + end + ">");
            }
        }
        return n;
    }
}
