package io.eragate.core.frontdoor;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Moving a streaming parser past one JSON value while reading its scalars as the tree reading would, for the front
 * door's streaming passes ({@link EnvelopeScan}, {@link RevisionClaim}): a body the tree cannot read must fail the
 * stream too, so a float is read as an exact decimal and an integer as its number rather than skipped unread.
 */
final class JsonValues {

    private JsonValues() {
    }

    /**
     * Moves past the value that starts at {@code first}.
     *
     * @param decodeStrings whether each string is also decoded in full (its escapes, encoding and length checked),
     *     as a pass must whose verdict on an unreadable body decides something; a skipped string is only scanned
     */
    static void skip(JsonParser parser, JsonToken first, boolean decodeStrings) throws IOException {
        int depth = 0;
        JsonToken token = first;
        while (true) {
            if (token == null) {
                throw new IOException("unexpected end of input");
            }
            switch (token) {
                case START_OBJECT, START_ARRAY -> depth++;
                case END_OBJECT, END_ARRAY -> depth--;
                case VALUE_STRING -> {
                    if (decodeStrings) {
                        parser.finishToken();
                    }
                }
                case VALUE_NUMBER_FLOAT -> parser.getDecimalValue();
                case VALUE_NUMBER_INT -> parser.getNumberValue();
                default -> {
                    // Names and literals: the parser has checked them already.
                }
            }
            if (depth == 0) {
                return;
            }
            token = parser.nextToken();
        }
    }
}
