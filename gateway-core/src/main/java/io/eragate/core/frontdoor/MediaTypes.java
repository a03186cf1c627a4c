package io.eragate.core.frontdoor;

import java.util.List;
import java.util.Locale;

/**
 * The two media-type decisions of the front door: does {@code Accept} admit both response forms, and is the body
 * {@code application/json}. Hand-written scanners rather than regular expressions; they run on every request.
 *
 * <p>{@code Accept} is read as RFC 9110 §12.5.1 defines it. All fields are joined into one list; each media range
 * may carry parameters; ranges and parameter names compare case-insensitively. For each of {@code application/json}
 * and {@code text/event-stream} the most specific range that matches it decides (exact type, then {@code type/*},
 * then {@code *}{@code /*}), and that range must have a quality above zero. So {@code *}{@code /*},
 * {@code application/*, text/*} and {@code application/json, text/event-stream} all pass, while
 * {@code *}{@code /*, text/event-stream;q=0} does not. A request without {@code Accept} fails: the transport requires
 * clients to list both types, and a gateway that may answer either way cannot honour a client that takes only one.
 */
final class MediaTypes {

    static final String JSON = "application/json";
    static final String EVENT_STREAM = "text/event-stream";

    private static final String USUAL_ACCEPT = "application/json, text/event-stream";
    private static final String USUAL_ACCEPT_REVERSED = "text/event-stream, application/json";

    private static final int NO_MATCH = -1;
    private static final int WILDCARD_ALL = 0;
    private static final int WILDCARD_SUBTYPE = 1;
    private static final int EXACT = 2;

    private MediaTypes() {
    }

    /** Whether the {@code Accept} fields admit both {@code application/json} and {@code text/event-stream}. */
    static boolean acceptsJsonAndEventStream(List<String> acceptValues) {
        if (acceptValues.size() == 1) {
            String only = acceptValues.get(0);
            if (only.equals(USUAL_ACCEPT) || only.equals(USUAL_ACCEPT_REVERSED)) {
                return true;
            }
        }
        AcceptTally json = new AcceptTally("application", "json");
        AcceptTally eventStream = new AcceptTally("text", "event-stream");
        for (String value : acceptValues) {
            int start = 0;
            int length = value.length();
            while (start <= length) {
                int end = indexOfUnquoted(value, ',', start, length);
                MediaRange range = MediaRange.parse(value, start, end);
                if (range != null) {
                    json.offer(range);
                    eventStream.offer(range);
                }
                start = end + 1;
            }
        }
        return json.accepted() && eventStream.accepted();
    }

    /**
     * Whether the {@code Content-Type} fields say {@code application/json}: exactly one distinct value whose type and
     * subtype (before any parameters, compared case-insensitively) are {@code application/json}. Parameters such as
     * {@code charset=utf-8} are allowed.
     */
    static boolean isJson(List<String> contentTypeValues) {
        if (contentTypeValues.isEmpty()) {
            return false;
        }
        String first = contentTypeValues.get(0);
        for (int i = 1; i < contentTypeValues.size(); i++) {
            if (!contentTypeValues.get(i).equals(first)) {
                return false;
            }
        }
        if (first.equals(JSON)) {
            return true;
        }
        int end = first.indexOf(';');
        if (end < 0) {
            end = first.length();
        }
        int start = skipOws(first, 0, end);
        int stop = trimOwsEnd(first, start, end);
        return stop - start == JSON.length() && first.regionMatches(true, start, JSON, 0, JSON.length());
    }

    private static int indexOfUnquoted(String text, char wanted, int from, int to) {
        boolean quoted = false;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    quoted = false;
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == wanted) {
                return i;
            }
        }
        return to;
    }

    private static int skipOws(String text, int from, int to) {
        int i = from;
        while (i < to && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    private static int trimOwsEnd(String text, int from, int to) {
        int i = to;
        while (i > from && (text.charAt(i - 1) == ' ' || text.charAt(i - 1) == '\t')) {
            i--;
        }
        return i;
    }

    /** One media range of an {@code Accept} field: type, subtype and whether its quality is above zero. */
    private record MediaRange(String type, String subtype, boolean positiveQuality) {

        /** Parses {@code text[from, to)}, or returns {@code null} for an empty or malformed range (which is skipped). */
        static MediaRange parse(String text, int from, int to) {
            int paramsAt = indexOfUnquoted(text, ';', from, to);
            int start = skipOws(text, from, paramsAt);
            int end = trimOwsEnd(text, start, paramsAt);
            int slash = text.indexOf('/', start);
            if (start == end || slash < 0 || slash >= end - 1 || slash == start) {
                return null;
            }
            String type = text.substring(start, slash).toLowerCase(Locale.ROOT);
            String subtype = text.substring(slash + 1, end).toLowerCase(Locale.ROOT);
            boolean positive = true;
            int param = paramsAt;
            while (param < to) {
                int next = indexOfUnquoted(text, ';', param + 1, to);
                int nameStart = skipOws(text, param + 1, next);
                int equals = text.indexOf('=', nameStart);
                if (equals > nameStart && equals < next) {
                    int nameEnd = trimOwsEnd(text, nameStart, equals);
                    if (nameEnd - nameStart == 1 && (text.charAt(nameStart) == 'q' || text.charAt(nameStart) == 'Q')) {
                        int valueStart = skipOws(text, equals + 1, next);
                        int valueEnd = trimOwsEnd(text, valueStart, next);
                        int quality = qualitySign(text, valueStart, valueEnd);
                        if (quality < 0) {
                            return null;
                        }
                        positive = quality > 0;
                    }
                }
                param = next;
            }
            return new MediaRange(type, subtype, positive);
        }

        /** 1 when the qvalue is above zero, 0 when it is zero, -1 when it is not a qvalue (RFC 9110 §12.4.2). */
        private static int qualitySign(String text, int from, int to) {
            if (from >= to || to - from > 5) {
                return -1;
            }
            char lead = text.charAt(from);
            if (lead != '0' && lead != '1') {
                return -1;
            }
            boolean nonZero = lead == '1';
            if (to - from > 1) {
                if (text.charAt(from + 1) != '.') {
                    return -1;
                }
                for (int i = from + 2; i < to; i++) {
                    char c = text.charAt(i);
                    if (c < '0' || c > '9' || (lead == '1' && c != '0')) {
                        return -1;
                    }
                    nonZero |= c != '0';
                }
            }
            return nonZero ? 1 : 0;
        }
    }

    /** The most specific range seen so far for one media type, and whether it admits the type. */
    private static final class AcceptTally {

        private final String type;
        private final String subtype;
        private int specificity = NO_MATCH;
        private boolean accepted;

        AcceptTally(String type, String subtype) {
            this.type = type;
            this.subtype = subtype;
        }

        void offer(MediaRange range) {
            int match;
            if (range.type().equals(type) && range.subtype().equals(subtype)) {
                match = EXACT;
            } else if (range.type().equals(type) && range.subtype().equals("*")) {
                match = WILDCARD_SUBTYPE;
            } else if (range.type().equals("*") && range.subtype().equals("*")) {
                match = WILDCARD_ALL;
            } else {
                return;
            }
            if (match > specificity) {
                specificity = match;
                accepted = range.positiveQuality();
            } else if (match == specificity) {
                accepted |= range.positiveQuality();
            }
        }

        boolean accepted() {
            return accepted;
        }
    }
}
