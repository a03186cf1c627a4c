package io.eragate.core.frontdoor;

import java.util.ArrayList;
import java.util.List;

/**
 * One MCP header as the ladder reads it: absent, one value (surrounding spaces and tabs trimmed, as RFC 9110 §5.5
 * requires before a value is evaluated), several fields that disagree, or a value with a control character.
 *
 * <p>Repeated fields with the same trimmed value count as one. Repeated fields with different values are refused
 * rather than resolved, because "first wins" and "last wins" are both common and a gateway must not validate one value
 * while the upstream acts on another. Control characters other than horizontal tab (CR, LF, NUL, …) are never valid in
 * a field value; a client must carry such text in the Base64 sentinel.
 */
sealed interface HeaderField {

    /** No field of that name. */
    record Absent() implements HeaderField {
    }

    /** Exactly one distinct value, trimmed. */
    record Value(String value) implements HeaderField {
    }

    /** Several fields with different trimmed values. */
    record Conflicting(List<String> values) implements HeaderField {
    }

    /** A value containing a control character other than horizontal tab. */
    record ControlCharacter(int position, char character) implements HeaderField {
    }

    HeaderField ABSENT = new Absent();

    /** Reads the field {@code name} from {@code headers}. */
    static HeaderField read(HeaderView headers, String name) {
        List<String> raw = headers.all(name);
        if (raw.isEmpty()) {
            return ABSENT;
        }
        String first = null;
        List<String> distinct = null;
        for (String value : raw) {
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if ((c < 0x20 && c != '\t') || c == 0x7F) {
                    return new ControlCharacter(i, c);
                }
            }
            String trimmed = trimOws(value);
            if (first == null) {
                first = trimmed;
            } else if (!first.equals(trimmed)) {
                if (distinct == null) {
                    distinct = new ArrayList<>();
                    distinct.add(first);
                }
                if (!distinct.contains(trimmed)) {
                    distinct.add(trimmed);
                }
            }
        }
        return distinct == null ? new Value(first) : new Conflicting(List.copyOf(distinct));
    }

    /** {@code value} without leading and trailing spaces and tabs. */
    static String trimOws(String value) {
        int start = 0;
        int end = value.length();
        while (start < end && (value.charAt(start) == ' ' || value.charAt(start) == '\t')) {
            start++;
        }
        while (end > start && (value.charAt(end - 1) == ' ' || value.charAt(end - 1) == '\t')) {
            end--;
        }
        return start == 0 && end == value.length() ? value : value.substring(start, end);
    }
}
