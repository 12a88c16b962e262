package io.loadlab.target.api;

/**
 * A {@code Host} header of letters, digits, dots and hyphens with an optional port of up to five digits: a subset of
 * what Vert.x accepts, so {@link DirectAnswer} never answers a request that the routed path would refuse for its
 * Host (a malformed one gets a JSON 400 there). Anything else, an IPv6 literal included, takes the routed path.
 */
final class PlainHost {

    private static final int MAX_PORT_DIGITS = 5;

    private PlainHost() {
    }

    static boolean is(String host) {
        if (host == null || host.isEmpty()) {
            return false;
        }
        int colon = host.indexOf(':');
        int nameEnd = colon < 0 ? host.length() : colon;
        if (nameEnd == 0) {
            return false;
        }
        for (int i = 0; i < nameEnd; i++) {
            char c = host.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-')) {
                return false;
            }
        }
        if (colon < 0) {
            return true;
        }
        int digits = host.length() - colon - 1;
        if (digits < 1 || digits > MAX_PORT_DIGITS) {
            return false;
        }
        for (int i = colon + 1; i < host.length(); i++) {
            char c = host.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
