package io.eragate.netty.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Reads an event stream block by block as it arrives; comments come back as their own blocks. */
final class SseReader {
    private final InputStream in;

    SseReader(InputStream in) {
        this.in = in;
    }

    /** The next block, or {@code null} when the stream ended cleanly; an interrupted stream throws. */
    SseEvent next() throws IOException {
        boolean sawLine = false;
        boolean onlyComments = true;
        String event = null;
        List<String> data = new ArrayList<>();
        for (String line = readLine(); line != null; line = readLine()) {
            if (line.isEmpty()) {
                if (!sawLine) {
                    continue;
                }
                return new SseEvent(onlyComments, event, data.isEmpty() ? null : String.join("\n", data));
            }
            sawLine = true;
            if (line.startsWith(":")) {
                continue;
            }
            onlyComments = false;
            if (line.startsWith("event:")) {
                event = line.substring(6).trim();
            } else if (line.startsWith("data:")) {
                data.add(line.startsWith("data: ") ? line.substring(6) : line.substring(5));
            }
        }
        return null;
    }

    /** Every remaining block until the stream ends. */
    List<SseEvent> rest() throws IOException {
        List<SseEvent> events = new ArrayList<>();
        for (SseEvent event = next(); event != null; event = next()) {
            events.add(event);
        }
        return events;
    }

    private String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                String text = line.toString(StandardCharsets.UTF_8);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
    }
}
