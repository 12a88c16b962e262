package io.loadlab.target.api;

/** The media type of a Content-Type header, compared without allocating: type and subtype, any ASCII case, parameters ignored. */
final class MediaType {

    private MediaType() {
    }

    /**
     * True when {@code header} names exactly {@code type} (lower case): {@code application/json; charset=utf-8}
     * and {@code APPLICATION/JSON} do, {@code application/jsonx} and {@code application/json,text/plain} do not.
     */
    static boolean is(CharSequence header, String type) {
        if (header == null) {
            return false;
        }
        int n = header.length();
        int i = 0;
        while (i < n && isSpace(header.charAt(i))) {
            i++;
        }
        if (n - i < type.length()) {
            return false;
        }
        for (int k = 0; k < type.length(); k++, i++) {
            if (asciiLower(header.charAt(i)) != type.charAt(k)) {
                return false;
            }
        }
        while (i < n && isSpace(header.charAt(i))) {
            i++;
        }
        return i == n || header.charAt(i) == ';';
    }

    /**
     * Media types ignore ASCII case only (RFC 9110 8.3.1). {@link Character#toLowerCase} folds beyond it:
     * {@code U+0130} (dotted capital I) became {@code i}, so {@code applİcation/json} was taken for JSON.
     */
    private static char asciiLower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t';
    }
}
