package io.loadlab.loadgen.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * How a placeholder's value is written where it sits, encoded once per value when a run is built, never per request.
 */
enum ValueEncoding {
    /** In a path (or its query): UTF-8, percent-encoded except RFC 3986 unreserved characters and {@code /}. */
    PATH,
    /** In a header value: raw UTF-8 (a value holding CR or LF is refused before it gets here). */
    HEADER,
    /** In a body, inside a JSON string literal: {@code "}, {@code \} and control characters escaped; non-ASCII stays UTF-8. */
    JSON_STRING,
    /** In a body, outside any JSON string: raw UTF-8, as the user wrote the value. */
    RAW;

    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    byte[] encode(String value) {
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        return switch (this) {
            case HEADER, RAW -> utf8;
            case PATH -> percent(utf8);
            case JSON_STRING -> json(utf8);
        };
    }

    private static byte[] percent(byte[] utf8) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(utf8.length + 8);
        for (byte b : utf8) {
            int c = b & 0xFF;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.'
                    || c == '_' || c == '~' || c == '/') {
                out.write(c);
            } else {
                out.write('%');
                out.write(HEX[c >> 4]);
                out.write(HEX[c & 0xF]);
            }
        }
        return out.toByteArray();
    }

    /** UTF-8 bytes above 0x7F are never a quote, a backslash or a control character: escaping bytewise is exact. */
    private static byte[] json(byte[] utf8) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(utf8.length + 8);
        for (byte b : utf8) {
            int c = b & 0xFF;
            if (c == '"' || c == '\\') {
                out.write('\\');
                out.write(c);
            } else if (c < 0x20) {
                out.writeBytes(new byte[] {'\\', 'u', '0', '0', HEX[c >> 4], HEX[c & 0xF]});
            } else {
                out.write(c);
            }
        }
        return out.toByteArray();
    }
}
