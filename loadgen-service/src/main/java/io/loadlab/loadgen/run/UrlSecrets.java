package io.loadlab.loadgen.run;

import java.net.URI;

/**
 * A URL as a reader without the token sees it: userinfo ({@code user:pass@}) and every query value hidden, names kept
 * ({@code https://redacted@api.example.com/items?api_key=redacted&page=redacted}). Header values are hidden whatever
 * their name; query values are too, since {@code ?token=} and {@code ?api_key=} carry the same secrets (issue 42: they
 * were shown to anyone on {@code GET /runs}, run pages and experiments). The mark is a plain word, so the result is
 * still a URL.
 */
public final class UrlSecrets {

    /** What stands for a hidden part: URL-safe, unlike {@link RunSpec#REDACTED}. */
    public static final String MARK = "redacted";

    private UrlSecrets() {
    }

    /** {@code url} with its userinfo and query values hidden; itself when it has neither; null for null. */
    public static URI redacted(URI url) {
        if (url == null || url.isOpaque() || (url.getRawUserInfo() == null && url.getRawQuery() == null)) {
            return url;
        }
        StringBuilder s = new StringBuilder();
        if (url.getScheme() != null) {
            s.append(url.getScheme()).append(':');
        }
        String authority = url.getRawAuthority();
        if (authority != null) {
            s.append("//").append(url.getRawUserInfo() == null ? authority
                    : MARK + authority.substring(authority.lastIndexOf('@')));
        }
        s.append(url.getRawPath() == null ? "" : url.getRawPath());
        if (url.getRawQuery() != null) {
            s.append('?').append(query(url.getRawQuery()));
        }
        if (url.getRawFragment() != null) {
            s.append('#').append(url.getRawFragment());
        }
        return URI.create(s.toString());
    }

    /** A request path with its query ({@code /items?token=abc}) with every query value hidden; null for null. */
    public static String redactedPath(String pathAndQuery) {
        if (pathAndQuery == null) {
            return null;
        }
        int q = pathAndQuery.indexOf('?');
        return q < 0 ? pathAndQuery : pathAndQuery.substring(0, q + 1) + query(pathAndQuery.substring(q + 1));
    }

    private static String query(String raw) {
        StringBuilder s = new StringBuilder();
        for (String pair : raw.split("&", -1)) {
            if (s.length() > 0) {
                s.append('&');
            }
            int eq = pair.indexOf('=');
            s.append(eq < 0 ? MARK : pair.substring(0, eq + 1) + MARK); // a bare entry may be the secret itself
        }
        return s.toString();
    }
}
